import Catalog
import Foundation
import Ledger

/// The App Store purchase sheet and StoreKit's rules around it, for a path that buys through
/// the App Store: StoreKit 2 itself, and the Xee SDK, whose `makePurchase` opens the same
/// sheet. Each such path holds one: the sheet is a part of the path, not a class the path
/// extends. What the sheet settled comes back as a value (`AppStoreAnswer`), and the path adds
/// what follows it of its own in the same commit; the sheet calls nothing of the path's.
///
/// `purchase()` opens the sheet and returns success (verified or not), pending or
/// userCancelled, or throws; the app unlocks, then finishes. Answers that come later (an
/// approved Ask to Buy, a resolved interrupted purchase) arrive on `Transaction.updates`.
final class AppStoreSheet {
    /// The path the sheet is shown for (its transactions are that path's).
    let path: IntegrationPath
    /// The sheet on screen; StoreKit shows one at a time.
    private var session: StoreKitSession?

    init(path: IntegrationPath) {
        self.path = path
    }

    /// The sheet on screen, if one is.
    var sheet: PurchaseSheet? { session.map(PurchaseSheet.storeKit) }

    // MARK: Launch

    /// The guide's app reads `Transaction.currentEntitlements` as it starts (where a storefront
    /// sells through the path), before `Transaction.updates` delivers anything unfinished.
    func launched(in context: PathContext) throws {
        guard context.catalog.storefronts.contains(where: { $0.path == path }) else { return }
        try context.purchases.logCurrentEntitlements()
    }

    // MARK: Product.products(for:)

    /// Every available product the app asks for; an unknown or unavailable id is simply absent.
    static func requestProducts(_ identifiers: [String], in context: PathContext) throws -> ProductsOutcome {
        let sold = identifiers.compactMap { context.catalog.product(id: $0) }.filter { $0.status == .available }
        let absent = identifiers.count - sold.count
        try context.log(.productsAnswered, "Product.products(for: \(English.count(identifiers.count, "id"))): "
                        + English.count(sold.count, "product")
                        + (absent == 0 ? "" : ", \(absent) absent (unknown or unavailable)"))
        return .answered(ProductsResponse(products: sold, invalidProductIdentifiers: []))
    }

    // MARK: purchase()

    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> (step: PathStep, opened: Bool) {
        if let busy = try context.purchases.refusalIfAnotherSheetIsOpen(than: path) { return (busy, false) }
        if let open = session {
            try context.log(.purchaseIgnored, "the App Store sheet is already open for \(open.transactionId)")
            return (PathStep(notice: StoreNotice(.info, "The App Store sheet is already open for \(open.productName).")), false)
        }
        let storefront = request.storefront
        guard let product = context.catalog.product(id: request.productId), product.status == .available else {
            return (try thrown(.productUnavailable, request.productId, context), false)
        }
        let name = product.name.resolved(for: storefront.locale) ?? product.id
        if let refusal = try context.purchases.refusalIfOwned(product, in: storefront) { return (refusal, false) }
        // A code's purchase charges the code's offer, whatever else the player could have.
        let offered = request.code.map { PurchaseTerms(product: product, storefront: storefront, offer: $0.offer) }
            ?? context.account.terms(for: product, in: storefront, variationId: request.variationId)
        guard let terms = offered else {
            return (try thrown(.notAvailableInStorefront, product.shortId, context), false)
        }
        let regular = ProductDisplay(product: product, storefront: storefront, showsIntroOffer: false).pricePerPeriod
            ?? PriceFormatter.format(terms.regularPrice, in: storefront)
        let sandbox = context.catalog.settings.useSandbox
        let transaction = try context.purchases.openTransaction(productId: product.id, in: storefront, terms: terms,
                                                      variationId: request.variationId, path: path, redeeming: request.code)
        let sheet = StoreKitSession(
            transactionId: transaction.id, productId: product.id, productName: name,
            formattedPrice: PriceFormatter.format(terms.chargeNow, in: storefront),
            offerLine: terms.offer.map { OfferText.describe($0.offer, in: storefront, then: regular) },
            account: "\(context.userId)@\(sandbox ? "sandbox" : "icloud").test", sandbox: sandbox,
            signedAsXcode: context.app.signedEnvironment == .xcode,
            language: storefront.language, path: path, offerCode: request.code?.code,
            familyShareable: product.familyShareable)
        let call = request.code == nil ? "purchase()" : "the offer code redemption sheet"
        try context.log(.purchaseStarted, "\(product.shortId) for \(sheet.formattedPrice) in \(storefront.id): "
                        + "\(call) shows the App Store sheet", transaction: transaction.id)
        // Shown once the transaction it is for is committed.
        context.onceCommitted { [self] in session = sheet }
        return (.nothing, true)
    }

    /// `purchase()` threw before any sheet: no transaction, nothing charged.
    private func thrown(_ failure: StoreKitFailure, _ what: String, _ context: PathContext) throws -> PathStep {
        try context.log(.purchaseResult, "purchase() threw \(failure.qualifiedName) for \(what)")
        return PathStep(notice: failure.notice)
    }

    /// The catalog no longer sells what the sheet is for: as the sheet's Cancel.
    func cancelPurchaseUnderWay(in context: PathContext) throws -> PathStep? {
        try take(.pressButton(.cancel), in: context)
    }

    /// The player's input on the sheet, for a path that adds nothing to its outcome (StoreKit):
    /// the outcome is committed, then the sheet goes.
    func take(_ input: StoreKitInput, in context: PathContext) throws -> PathStep {
        guard let (sheet, outcome) = outcome(of: input) else { return .nothing }
        let answer = try settle(sheet, as: outcome, in: context)
        closeSheet(in: context)
        return answer.step
    }

    /// The player's input on the sheet on screen: the sheet as it now stands and its outcome,
    /// nil while it still waits on the player. Nothing is written: `settle` records the outcome,
    /// and the sheet stays on screen until that is committed (`closeSheet`).
    func outcome(of input: StoreKitInput) -> (sheet: StoreKitSession, outcome: StoreKitOutcome)? {
        guard var sheet = session else { return nil }
        let outcome = sheet.take(input)
        session = sheet
        return outcome.map { (sheet, $0) }
    }

    /// The sheet goes once its outcome is committed: if that fails, it stays to try again.
    func closeSheet(in context: PathContext) {
        context.onceCommitted { [self] in session = nil }
    }

    /// Records the sheet's outcome in one commit: the payment (or why there is none) and what
    /// `purchase()` returned. A paid one comes back named in the answer, for what the path adds
    /// to it before the engine completes it.
    func settle(_ sheet: StoreKitSession, as outcome: StoreKitOutcome, in context: PathContext) throws -> AppStoreAnswer {
        let transaction = sheet.transactionId
        switch outcome {
        case .buy, .tamper:
            let settlement = try context.purchases.settle(transaction, as: .paid(at: nil))
            if outcome == .tamper {
                try context.purchases.tamper(withSignatureOf: transaction)
                try context.log(.purchaseResult, "purchase() returned success(.unverified): QA altered the signed "
                                + "transaction", transaction: transaction)
            } else if let code = sheet.offerCode {
                // A redeemed code's transaction reaches the app on Transaction.updates: no
                // purchase() of the app's returned it.
                try context.log(.transactionUpdate, "Transaction.updates: \(transaction) redeemed with offer code \(code), "
                                + "verified", transaction: transaction)
            } else {
                try context.log(.purchaseResult, "purchase() returned success(.verified)", transaction: transaction)
            }
            return AppStoreAnswer(step: PathStep(settlements: [settlement]),
                                  paid: AppStoreAnswer.Payment(transactionId: transaction, tampered: outcome == .tamper))
        case .cancel:
            let notice = StoreNotice(.info, "Purchase cancelled.")
            let event = sheet.offerCode == nil ? "purchase() returned userCancelled: not an error; the paywall stays open"
                : "the offer code redemption sheet was dismissed: nothing redeemed, the code still unused"
            return AppStoreAnswer(step: PathStep(settlements: [try context.purchases.settle(transaction, as: .failed(
                .userCancelled, event: event, notice: notice))]))
        case .fail(let failure):
            let notice = failure.notice
            return AppStoreAnswer(step: PathStep(settlements: [try context.purchases.settle(transaction, as: .failed(
                .storeKit(failure), event: "purchase() threw \(failure.qualifiedName)", notice: notice))]))
        case .askToBuy, .interrupt:
            let reason: PendingReason = outcome == .askToBuy ? .askToBuy : .interruptedPurchase
            try context.purchases.leavePending(transaction, because: reason)
            try context.log(.purchaseResult, "purchase() returned pending (\(reason.displayName))", transaction: transaction)
            let next = reason == .askToBuy ? "approve or decline it" : "resolve it"
            return AppStoreAnswer(step: PathStep(notice: StoreNotice(.info, "\(sheet.productName) is pending "
                                                                     + "(\(reason.displayName)); press m to \(next).")))
        }
    }

    // MARK: Transaction.updates

    /// An approved Ask to Buy or a resolved purchase arrives on `Transaction.updates`, and the
    /// app unlocks and finishes it; a declined Ask to Buy delivers nothing.
    func answer(_ action: TransactionAction, to transaction: TransactionRecord,
                in context: PathContext) throws -> AppStoreAnswer {
        let id = transaction.id
        switch action {
        case .approve, .resolve:
            if context.account.owns(transaction.productId, in: path.marketplace) {
                // Another request for the same product was answered first: the App Store does
                // not sell what the player owns there, so this one charges nothing and delivers
                // nothing (what another store sold, it does not know of).
                let name = context.catalog.product(id: transaction.productId)?.shortId ?? transaction.productId
                let notice = StoreNotice(.info, "\(name) is already owned; \(id) charged nothing.")
                return AppStoreAnswer(step: PathStep(settlements: [try context.purchases.settle(id, as: .failed(
                    .other("already owned when answered"),
                    event: "\(action == .approve ? "approved" : "resolved"), but \(name) is already owned: "
                        + "nothing is delivered on Transaction.updates", notice: notice))]))
            }
            // One commit, as at the sheet: the payment and what the path schedules on it.
            try context.log(.transactionUpdate, "Transaction.updates: \(id) "
                            + (action == .approve ? "approved by a parent" : "resolved"), transaction: id)
            let settlement = try context.purchases.settle(id, as: .paid(at: nil))
            return AppStoreAnswer(step: PathStep(settlements: [settlement]),
                                  paid: AppStoreAnswer.Payment(transactionId: id, tampered: false))
        case .decline:
            let notice = StoreNotice(.info, "Ask to Buy declined: nothing was charged or unlocked.")
            return AppStoreAnswer(step: PathStep(settlements: [try context.purchases.settle(id, as: .failed(
                .askToBuyDeclined, event: "Ask to Buy declined: StoreKit delivers nothing on Transaction.updates",
                notice: notice))]))
        case .refund, .expire, .renew, .billingIssue, .cancelRenewal, .enableRenewal, .requestPriceIncrease,
             .answerPriceIncrease, .pause, .changePause, .cancelPause, .resume, .extendRenewal, .tamper, .delete,
             .requestRefund, .decideRefundRequest, .reverseRefund, .manageSubscriptions, .chargeback,
             .stopFamilySharing, .showInAppMessages,
             .redeemOfferCode, .changeStoreCountry:
            return AppStoreAnswer(step: .nothing)  // the engine's own, on every path
        }
    }

    /// The App Store sheet's input out of what the app sent.
    static func input(from sent: PathInput) -> StoreKitInput? {
        if case .storeKit(let input) = sent { return input }
        return nil
    }

    /// A transaction left `purchasing`: the sheet went away with the app before an outcome.
    static func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        PathStep(settlements: [try context.purchases.settle(transaction.id, as: .interrupted)])
    }
}

/// What the App Store sheet (or `Transaction.updates`) settled: the step for the engine, and the
/// payment it recorded, if it did, for what the path adds to it in the same commit (the Xee
/// SDK's server verifying it). A value the sheet returns, so the sheet calls nothing of the path's.
struct AppStoreAnswer {
    /// A payment the App Store took; `tampered` when QA altered its signed transaction.
    struct Payment {
        var transactionId: String
        var tampered: Bool
    }

    var step: PathStep
    var paid: Payment?
}
