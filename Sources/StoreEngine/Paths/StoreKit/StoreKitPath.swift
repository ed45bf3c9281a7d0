import Catalog
import Foundation
import Ledger

/// StoreKit 2, with the guide's app code on top: `Product.products(for:)`;
/// `purchase()` opens the App Store sheet and returns success (verified or not), pending or
/// userCancelled, or throws; the app unlocks, then finishes. Answers that come later (an
/// approved Ask to Buy, a resolved interrupted purchase, a refund) arrive on
/// `Transaction.updates`, and the app reads `Transaction.currentEntitlements` after each.
class StoreKitPath: RegisteredPath {
    let id: IntegrationPath
    /// The sheet on screen; StoreKit shows one at a time.
    private var session: StoreKitSession?

    required convenience init() {
        self.init(.storekit)
    }

    /// StoreKit itself, or (`.xee`) the Xee SDK buying through it.
    init(_ id: IntegrationPath) {
        self.id = id
    }

    /// StoreKit's calls are the engine's own words (`purchase.result`, `transaction.update`,
    /// `entitlements.current`), which the other paths' completions log too; its lifecycle is the
    /// App Store's Server Notifications (AppStoreNotifications.swift).
    class var eventKinds: PathEventKinds { AppStoreNotifications.eventKinds }

    class var traits: PathTraits { PathTraits(id: .storekit, marketplace: .appStore) }

    /// StoreKit has no server of its own; a class method, so that a path built on it that has
    /// one (the Xee SDK) is asked through the registry.
    class func serverAccess(in ledger: Ledger, user: String) throws -> [ServerAccess] { [] }

    /// The guide's `checkVerified` throws on an unverified result: such a transaction is
    /// neither unlocked nor finished.
    var finishesUnverifiedTransactions: Bool { false }
    var readsCurrentEntitlements: Bool { id == .storekit }
    // Declared here, not only in the protocol's extension, so the Xee SDK can override them.
    var grantsAccessLocally: Bool { true }
    func accessWait(in context: PathContext) -> AccessWait? { nil }
    func levelsWaitingForServer(scheduled: [any DueWork], accessLevel: (String) -> String?) -> [String: ServerWait] { [:] }
    func refunded(_ transaction: TransactionRecord, in context: PathContext) throws {}
    func notification(for event: LifecycleEvent, ofTransaction transactionId: String,
                      in context: PathContext) -> LifecycleNaming {
        AppStoreNotifications.naming(event)
    }
    func subscriptionChanged(_ change: SubscriptionChange, _ transaction: TransactionRecord,
                             in context: PathContext) throws {}
    func periodRescaled(ofTransaction transactionId: String, from before: Date, to expires: Date,
                        in context: PathContext) throws {}
    func start(with catalog: Catalog) {}
    func catalogReplaced(_ old: Catalog, by new: Catalog) {}
    func describe(into report: inout StoreReport, in context: PathContext) {}
    func callEnded(with report: inout StoreReport, in context: PathContext) {}
    func callFailed() {}

    // MARK: Launch

    /// The guide's app reads `Transaction.currentEntitlements` as it starts (where a storefront
    /// sells through StoreKit), before `Transaction.updates` delivers anything unfinished.
    func launched(in context: PathContext) throws {
        guard context.catalog.storefronts.contains(where: { $0.path == id }) else { return }
        try context.logCurrentEntitlements()
    }

    // MARK: Product.products(for:)

    /// Every available product the app asks for; an unknown or unavailable id is simply absent.
    func requestProducts(_ identifiers: [String], attempt: Int, in context: PathContext) throws -> ProductsOutcome {
        let sold = identifiers.compactMap { context.catalog.product(id: $0) }.filter { $0.status == .available }
        let absent = identifiers.count - sold.count
        try context.log(.productsAnswered, "Product.products(for: \(English.count(identifiers.count, "id"))): "
                        + English.count(sold.count, "product")
                        + (absent == 0 ? "" : ", \(absent) absent (unknown or unavailable)"))
        return .answered(ProductsResponse(products: sold, invalidProductIdentifiers: []))
    }

    // MARK: purchase()

    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> PathStep {
        if let busy = try context.refusalIfAnotherSheetIsOpen(than: id) { return busy }
        if let open = session {
            try context.log(.purchaseIgnored, "the App Store sheet is already open for \(open.transactionId)")
            return PathStep(notice: StoreNotice(.info, "The App Store sheet is already open for \(open.productName)."))
        }
        let storefront = request.storefront
        guard let product = context.catalog.product(id: request.productId), product.status == .available else {
            return try thrown(.productUnavailable, request.productId, context)
        }
        let name = product.name.resolved(for: storefront.locale) ?? product.id
        if let refusal = try context.refusalIfOwned(product, in: storefront) { return refusal }
        guard let terms = context.terms(for: product, in: storefront, variationId: request.variationId) else {
            return try thrown(.notAvailableInStorefront, product.shortId, context)
        }
        let regular = ProductDisplay(product: product, storefront: storefront, showsIntroOffer: false).pricePerPeriod
            ?? PriceFormatter.format(terms.regularPrice, in: storefront)
        let sandbox = context.catalog.settings.useSandbox
        let opened: StoreKitSession = try context.atomically {
            let transaction = try context.openTransaction(productId: product.id, in: storefront, terms: terms,
                                                          variationId: request.variationId, path: id)
            let sheet = StoreKitSession(
                transactionId: transaction.id, productId: product.id, productName: name,
                formattedPrice: PriceFormatter.format(terms.chargeNow, in: storefront),
                offerLine: terms.offer.map { OfferText.describe($0.offer, in: storefront, then: regular) },
                account: "\(context.userId)@\(sandbox ? "sandbox" : "icloud").test", sandbox: sandbox,
                language: storefront.language, path: id)
            try context.log(.purchaseStarted, "\(product.shortId) for \(sheet.formattedPrice) in \(storefront.id): "
                            + "purchase() shows the App Store sheet", transaction: transaction.id)
            return sheet
        }
        session = opened
        return .nothing
    }

    /// `purchase()` threw before any sheet: no transaction, nothing charged.
    private func thrown(_ failure: StoreKitFailure, _ what: String, _ context: PathContext) throws -> PathStep {
        try context.log(.purchaseResult, "purchase() threw \(failure.qualifiedName) for \(what)")
        return PathStep(notice: failure.notice)
    }

    func sheet(in context: PathContext) -> PurchaseSheet? {
        session.map(PurchaseSheet.storeKit)
    }

    /// The catalog no longer sells what the sheet is for: as the sheet's Cancel.
    func cancelPurchaseUnderWay(in context: PathContext) throws -> PathStep? {
        try take(.storeKit(.pressButton(.cancel)), in: context)
    }

    func take(_ input: PathInput, in context: PathContext) throws -> PathStep {
        guard case .storeKit(let input) = input, var sheet = session else { return .nothing }
        let outcome = sheet.take(input)
        session = sheet
        guard let outcome else { return .nothing }
        // The outcome and what the purchase call returned (the Xee SDK logs it) commit together.
        let step = try context.atomically {
            let step = try settle(sheet, as: outcome, in: context)
            try returned(outcome, of: sheet, in: context)
            return step
        }
        // Gone only once its outcome is committed: if that failed, the sheet stays to try again.
        session = nil
        return step
    }

    /// The sheet's outcome is committed and the purchase call returns to the app; StoreKit has
    /// said what it returned already, the Xee SDK says what `makePurchase` returned.
    func returned(_ outcome: StoreKitOutcome, of sheet: StoreKitSession, in context: PathContext) throws {}

    /// The product whose App Store sheet is open, if one is.
    var productOnSheet: String? { session?.productId }

    private func settle(_ sheet: StoreKitSession, as outcome: StoreKitOutcome, in context: PathContext) throws -> PathStep {
        let transaction = sheet.transactionId
        switch outcome {
        case .buy, .tamper:
            // One commit: the payment, what purchase() returned, and what the path schedules on it
            // (the Xee server's notification), so a crash keeps all of it or none.
            return try context.atomically {
                let settlement = try context.settle(transaction, as: .paid(at: nil))
                if outcome == .tamper {
                    try context.tamper(withSignatureOf: transaction)
                    try context.log(.purchaseResult, "purchase() returned success(.unverified): QA altered the signed "
                                    + "transaction", transaction: transaction)
                } else {
                    try context.log(.purchaseResult, "purchase() returned success(.verified)", transaction: transaction)
                }
                return try paid(transaction, settlement: settlement, tampered: outcome == .tamper, in: context)
            }
        case .cancel:
            let notice = StoreNotice(.info, "Purchase cancelled.")
            return PathStep(settlements: [try context.settle(transaction, as: .failed(
                .userCancelled, event: "purchase() returned userCancelled: not an error; the paywall stays open",
                notice: notice))])
        case .fail(let failure):
            let notice = failure.notice
            return PathStep(settlements: [try context.settle(transaction, as: .failed(
                .storeKit(failure), event: "purchase() threw \(failure.qualifiedName)", notice: notice))])
        case .askToBuy, .interrupt:
            let reason: PendingReason = outcome == .askToBuy ? .askToBuy : .interruptedPurchase
            try context.atomically {
                try context.leavePending(transaction, because: reason)
                try context.log(.purchaseResult, "purchase() returned pending (\(reason.displayName))", transaction: transaction)
            }
            let next = reason == .askToBuy ? "approve or decline it" : "resolve it"
            return PathStep(notice: StoreNotice(.info, "\(sheet.productName) is pending (\(reason.displayName)); "
                                                + "press m to \(next)."))
        }
    }

    /// What follows a paid purchase before the engine completes it, inside the payment's commit:
    /// one paid at the sheet, or an Ask to Buy approved or an interrupted purchase resolved later,
    /// on `Transaction.updates`. StoreKit adds nothing, the Xee SDK has its server verify it first.
    func paid(_ transaction: String, settlement: Settlement, tampered: Bool, in context: PathContext) throws -> PathStep {
        PathStep(settlements: [settlement])
    }

    // MARK: Transaction.updates

    /// An approved Ask to Buy or a resolved purchase arrives on `Transaction.updates`, and the
    /// app unlocks and finishes it; a declined Ask to Buy delivers nothing.
    func answer(_ action: TransactionAction, to transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        let id = transaction.id
        switch action {
        case .approve, .resolve:
            if context.owns(transaction.productId, in: self.id.marketplace) {
                // Another request for the same product was answered first: the App Store does
                // not sell what the player owns there, so this one charges nothing and delivers
                // nothing (what another store sold, it does not know of).
                let name = context.catalog.product(id: transaction.productId)?.shortId ?? transaction.productId
                let notice = StoreNotice(.info, "\(name) is already owned; \(id) charged nothing.")
                return PathStep(settlements: [try context.settle(id, as: .failed(
                    .other("already owned when answered"),
                    event: "\(action == .approve ? "approved" : "resolved"), but \(name) is already owned: "
                        + "nothing is delivered on Transaction.updates", notice: notice))])
            }
            // One commit, as at the sheet: the payment and what the path schedules on it.
            return try context.atomically {
                try context.log(.transactionUpdate, "Transaction.updates: \(id) "
                                + (action == .approve ? "approved by a parent" : "resolved"), transaction: id)
                let settlement = try context.settle(id, as: .paid(at: nil))
                return try paid(id, settlement: settlement, tampered: false, in: context)
            }
        case .decline:
            let notice = StoreNotice(.info, "Ask to Buy declined: nothing was charged or unlocked.")
            return PathStep(settlements: [try context.settle(id, as: .failed(
                .askToBuyDeclined, event: "Ask to Buy declined: StoreKit delivers nothing on Transaction.updates",
                notice: notice))])
        case .refund, .expire, .renew, .billingIssue, .cancelRenewal, .enableRenewal, .requestPriceIncrease,
             .answerPriceIncrease, .pause, .changePause, .cancelPause, .resume, .tamper, .delete:
            return .nothing  // the engine's own, on every path
        }
    }

    func open(_ url: String, in context: PathContext) throws -> PathStep? { nil }

    /// A transaction left `purchasing`: the sheet went away with the app before an outcome.
    func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        PathStep(settlements: [try context.settle(transaction.id, as: .interrupted)])
    }

    /// `AppStore.sync()`, then `currentEntitlements`: what the player owns, never charged.
    func restore(in context: PathContext) throws -> PathStep {
        try context.restoreOwnedPurchases(as: "AppStore.sync() and Transaction.currentEntitlements")
    }

    /// StoreKit schedules nothing on the clock (Ask to Buy waits for QA's answer), so it keeps
    /// nothing to read back and has nothing to perform.
    func dueWork(from payload: DueWorkPayload) throws -> any DueWork {
        throw DueWorkPayloadError.unknownKind(payload.kind)
    }

    func perform(_ work: any DueWork, in context: PathContext) throws -> PathStep { .nothing }
}
