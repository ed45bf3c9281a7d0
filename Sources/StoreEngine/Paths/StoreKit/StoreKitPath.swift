import Catalog
import Foundation
import Ledger

/// StoreKit 2, with the guide's app code on top: `Product.products(for:)`; `purchase()` opens
/// the App Store sheet (`AppStoreSheet`), the app unlocks, then finishes, and reads
/// `Transaction.currentEntitlements` after each update. Nothing follows a purchase but the
/// engine's completion: the sheet's answer is its step.
final class StoreKitPath: RegisteredPath, SheetOwner, StoreLifecycle, SDKState {
    let id = IntegrationPath.storekit
    private let appStore = AppStoreSheet(path: .storekit)

    /// StoreKit schedules nothing on the clock: Ask to Buy waits for QA's answer.
    typealias Work = NoDueWork

    init() {}

    var purchaseSheet: (any SheetOwner)? { self }
    var lifecycle: (any StoreLifecycle)? { self }
    var sdkState: (any SDKState)? { self }

    /// StoreKit's calls are the engine's own words (`purchase.result`, `transaction.update`,
    /// `entitlements.current`), which the other paths' completions log too; its lifecycle is the
    /// App Store's Server Notifications (AppStoreNotifications.swift); a backend's consumption
    /// information is kept on this path (ConsumptionInformation.swift).
    static var eventKinds: PathEventKinds {
        var kinds = AppStoreNotifications.eventKinds
        kinds.sdkCalls.append(.consumptionSent)
        return kinds
    }

    /// The guide's `checkVerified` throws on an unverified result: such a transaction is
    /// neither unlocked nor finished. The app reads `currentEntitlements` after each update.
    static var traits: PathTraits {
        PathTraits(id: .storekit, marketplace: .appStore, finishesUnverifiedTransactions: false,
                   readsCurrentEntitlements: true)
    }

    func notification(for event: LifecycleEvent, ofTransaction transactionId: String,
                      in context: PathContext) -> LifecycleNaming {
        AppStoreNotifications.naming(event)
    }

    /// The App Store's offer codes, typed on its redemption sheet.
    var offerCodes: OfferCodeRules? { AppStoreOfferCodes.rules }

    func launched(in context: PathContext) throws {
        try appStore.launched(in: context)
    }

    func requestProducts(_ identifiers: [String], attempt: Int, in context: PathContext) throws -> ProductsOutcome {
        try AppStoreSheet.requestProducts(identifiers, in: context)
    }

    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> PathStep {
        try appStore.beginPurchase(request, in: context).step
    }

    func sheet(in context: PathContext) -> PurchaseSheet? {
        appStore.sheet
    }

    func cancelPurchaseUnderWay(in context: PathContext) throws -> PathStep? {
        try appStore.cancelPurchaseUnderWay(in: context)
    }

    func input(from sent: PathInput) -> StoreKitInput? {
        AppStoreSheet.input(from: sent)
    }

    func take(_ input: StoreKitInput, in context: PathContext) throws -> PathStep {
        switch input {
        case .consumptionInformation(let request, let transactionId):
            return try ConsumptionInformation.keep(request.summary, on: transactionId, in: context)
        case .consumptionInformationV2(let request, let transactionId):
            return try ConsumptionInformation.keep(request.summary, on: transactionId, in: context)
        default:
            break
        }
        return try appStore.take(input, in: context)
    }

    func answer(_ action: TransactionAction, to transaction: TransactionRecord, in context: PathContext) throws -> PathStep? {
        try appStore.answer(action, to: transaction, in: context).step
    }

    func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        try AppStoreSheet.redeliver(transaction, in: context)
    }

    /// `AppStore.sync()`, then `currentEntitlements`: what the player owns, never charged.
    func restore(in context: PathContext) throws -> PathStep {
        try context.purchases.restoreOwnedPurchases(as: "AppStore.sync() and Transaction.currentEntitlements")
    }
}
