import Catalog
import Foundation
import Ledger

/// One integration path behind the engine: StoreKit 2, Pay Station, Xee.
///
/// A path decides how a purchase opens, what the player does in its sheet, and what its outcome
/// is. It never grants and never finishes a purchase: it records the outcome through the
/// `PathContext` and hands the resulting `Settlement` back, and the engine's one completion
/// validates, grants once and finishes. The context offers no other way to do either, so no
/// path can skip them.
protocol PurchasePath: AnyObject {
    /// What it schedules on the clock, of its own type: the engine holds it in the path's words
    /// and hands it back as this type (`perform`), never as another path's.
    associatedtype Work: DueWork = NoDueWork

    var id: IntegrationPath { get }

    /// The products request: what the store sells of `identifiers`.
    func requestProducts(_ identifiers: [String], attempt: Int, in context: PathContext) throws -> ProductsOutcome

    /// `add(payment)` / `purchase()`: opens a purchase, or says why nothing happens.
    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> PathStep

    /// The player's input in this path's sheet.
    func take(_ input: PathInput, in context: PathContext) throws -> PathStep

    /// A URL the app was opened with; nil when it is not this path's.
    func open(_ url: String, in context: PathContext) throws -> PathStep?

    /// An unfinished transaction of this path left `purchasing` by the last run.
    func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep

    /// Restore purchases: brings back what the player owns, never charges.
    func restore(in context: PathContext) throws -> PathStep

    /// Something this path scheduled on the clock has fallen due: work of its own type, which
    /// it switches over in full.
    func perform(_ work: Work, in context: PathContext) throws -> PathStep

    /// The sheet waiting on the player, if this path has one open.
    func sheet(in context: PathContext) -> PurchaseSheet?

    /// The sheet of a purchase still under way: one purchase at a time, so no other path opens
    /// a sheet meanwhile. A sheet left showing how a purchase ended (a declined page) is not.
    func openPurchase(in context: PathContext) -> PurchaseSheet?

    /// Another path opens a purchase: a sheet left showing how this path's purchase ended closes.
    func closeEndedSheet(in context: PathContext) throws

    /// The catalog no longer sells what the purchase under way is for: it is cancelled as the
    /// player would cancel it, nothing charged; nil when it is past cancelling (paid).
    func cancelPurchaseUnderWay(in context: PathContext) throws -> PathStep?

    /// QA's answer to a transaction of this path left waiting (approve, decline, resolve).
    func answer(_ action: TransactionAction, to transaction: TransactionRecord, in context: PathContext) throws -> PathStep

    /// The app has launched (before anything unfinished is delivered): Pay Station pre-warms here.
    func launched(in context: PathContext) throws

    /// The server of its own that keeps the player's access, where it has one (the Xee SDK's).
    var accessServer: (any AccessServer<Work>)? { get }

    /// The store refunded one of this path's transactions (already recorded and logged).
    func refunded(_ transaction: TransactionRecord, in context: PathContext) throws

    /// A subscription sold on this path changed on the calendar or by QA's hand (renewed,
    /// cancelled, expired…); `transaction` is its latest. Inside the change's commit.
    func subscriptionChanged(_ change: SubscriptionChange, _ transaction: TransactionRecord,
                             in context: PathContext) throws

    /// How a plan change the app makes on this path is carried out, where its store lets the app
    /// choose (Google Play's replacement mode): for the purchase `transactionId` once it has one,
    /// else for the next purchase. Nil for the App Store's fixed rule (`PlanChange`).
    func planReplacement(forTransaction transactionId: String?, in context: PathContext) throws -> PlanReplacement?

    /// The name its store gives `event` of the transaction `transactionId` (its latest, for a
    /// subscription's), as its server would notify a backend.
    func notification(for event: LifecycleEvent, ofTransaction transactionId: String, in context: PathContext) -> LifecycleNaming

    /// How its store signs purchases with a key of its own (Google Play's), where it does
    /// (`RegisteredPath.signsWithItsOwnKey`); nil, and the engine signs as the App Store does.
    var ownKey: (any OwnKeySigning)? { get }

    /// The path's reference for the next renewal of `subscription` (Google Play's order id of
    /// the recurrence, `GPA.…..0` for the first), or nil where its store keeps none.
    func renewalReference(of subscription: SubscriptionRecord, in context: PathContext) throws -> String?

    /// The state its SDK keeps in the app between calls, where it keeps any (the Xee SDK's).
    var sdkState: (any SDKState)? { get }
}

extension PurchasePath where Work == NoDueWork {
    /// A path that schedules nothing has nothing to perform.
    func perform(_ work: NoDueWork, in context: PathContext) throws -> PathStep {}
}

// The engine's side of a path's due work: what the agenda holds is read back as the path's own
// type here, where that type is known, so the path is handed nothing it must cast.
extension PurchasePath {
    /// Performs `scheduled`, work of this path's.
    func perform(scheduled: ScheduledWork, in context: PathContext) throws -> PathStep {
        try perform(Work(scheduled.payload), in: context)
    }

    /// A kept row of this path's, read back for the agenda; throws for a kind or fields it does
    /// not know (or work it never keeps), and the engine leaves the row in the ledger.
    func scheduledWork(readingBack payload: DueWorkPayload) throws -> ScheduledWork {
        let work = try Work(payload)
        guard work.isKept else { throw DueWorkPayloadError.unknownKind(payload.kind) }
        return ScheduledWork(work)
    }

    /// `levelsWaitingForServer` from what the agenda holds, of which this path reads its own.
    func levelsWaitingForServer(among scheduled: [ScheduledWork],
                                accessLevel: (String) -> String?) -> [String: ServerWait] {
        let own = scheduled.compactMap { item in
            (try? item.work(as: Work.self)).flatMap { $0 }
        }
        return accessServer?.levelsWaitingForServer(scheduled: own, accessLevel: accessLevel) ?? [:]
    }
}

extension PurchasePath {

    func answer(_ action: TransactionAction, to transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        PathStep(notice: StoreNotice(.info, "Nothing on the \(id.displayName) path waits for \(action.title)."))
    }

    func openPurchase(in context: PathContext) -> PurchaseSheet? { sheet(in: context) }

    func closeEndedSheet(in context: PathContext) throws {}

    func launched(in context: PathContext) throws {}

    var accessServer: (any AccessServer<Work>)? { nil }

    func refunded(_ transaction: TransactionRecord, in context: PathContext) throws {}

    func subscriptionChanged(_ change: SubscriptionChange, _ transaction: TransactionRecord,
                             in context: PathContext) throws {}

    func planReplacement(forTransaction transactionId: String?, in context: PathContext) throws -> PlanReplacement? {
        nil
    }

    var ownKey: (any OwnKeySigning)? { nil }

    func renewalReference(of subscription: SubscriptionRecord, in context: PathContext) throws -> String? { nil }

    var sdkState: (any SDKState)? { nil }
}

/// What the app asks to buy.
struct PurchaseRequest {
    var productId: String
    /// Where it is bought: its currency and price, whatever the screen shows by the time the
    /// purchase settles.
    var storefront: Storefront
    /// The paywall variant it was bought from, kept with the transaction.
    var variationId: String?
}

/// What a path call did: a line for the player, and the settlements the engine completes.
struct PathStep {
    var notice: StoreNotice?
    var settlements: [Settlement] = []

    static let nothing = PathStep()

    init(notice: StoreNotice? = nil, settlements: [Settlement] = []) {
        self.notice = notice
        self.settlements = settlements
    }
}
