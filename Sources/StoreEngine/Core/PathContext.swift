import Catalog
import Foundation
import Ledger

/// What the engine lets a path do: read the catalog and the clock, open transactions with ids
/// from the ledger's sequence, log events, keep its own records (through a `PathRecords` type of
/// its own), schedule work on the clock, and settle a transaction. It has no way to grant or to
/// finish a purchase: a purchased settlement goes back to the engine's completion. What only one
/// path asks of it is an extension in that path's folder, made of the members here.
struct PathContext {
    /// Private: through the store a path could grant or finish, which only the completion does.
    private unowned let store: Store

    init(store: Store) {
        self.store = store
    }

    var catalog: ProductCatalog { store.catalog }
    var userId: String { store.userId }
    /// The storefront the app's screen shows (`Store.shownStorefront`), when the catalog has it.
    var shownStorefront: Storefront? { store.shownStorefront.flatMap { catalog.storefront(id: $0) } }
    /// The project id the SDK was started with, and how the network behaves.
    var sdkProjectId: Int? { store.sdkProjectId }
    var networkCondition: NetworkCondition { store.networkCondition }
    /// Simulated time, from the engine's clock.
    var now: Date { store.now() }

    /// Runs `body` as one ledger transaction: all of it is committed, or none of it.
    func atomically<T>(_ body: () throws -> T) throws -> T {
        try store.ledger.inTransaction(body)
    }

    /// What buying `product` in `storefront` costs this player now: the offer they are eligible
    /// for (the paywall variant's promotional offer when they came from it), as the paywall
    /// shows it. Nil when it has no price there.
    func terms(for product: Product, in storefront: Storefront, variationId: String?) -> PurchaseTerms? {
        var promotional: String?
        for paywall in catalog.paywalls {
            for variant in paywall.variants where variant.variationId(in: paywall) == variationId {
                promotional = variant.promotionalOffer
            }
        }
        let history = store.account.snapshot(at: now).history
        return PurchaseTerms(product: product, storefront: storefront, presenting: promotional, history: history)
    }

    /// The player's subscriptions as offer eligibility reads them, now.
    var subscriberHistory: SubscriberHistory {
        store.account.snapshot(at: now).history
    }

    /// Whether the player owns the product now (a non-consumable, or the active plan).
    func owns(_ productId: String) -> Bool {
        store.account.snapshot(at: now).owns(productId: productId)
    }

    /// The entitlement `key` as the game unlocks it now, from every store, when one still gives
    /// it: what a notice of a lost access asks first (`Store+AccessLeft.swift`).
    func stillGiven(_ key: String) -> Entitlement? {
        store.stillGiven(key)
    }

    /// The store's refusal to sell what the player owns (bought once and owned for good, or
    /// the plan running now): logged, before any sheet opens, so nothing is charged and no
    /// transaction is made. Nil when the player does not own it.
    func refusalIfOwned(_ product: Product, in storefront: Storefront) throws -> PathStep? {
        guard owns(product.id) else { return nil }
        let name = product.name.resolved(for: storefront.locale) ?? product.id
        try log(.purchaseIgnored, "\(product.shortId) is already owned")
        let line = product.type == .nonConsumable ? "You already own \(name)" : "\(name) is already your current plan"
        return PathStep(notice: StoreNotice(.info, line + "; nothing was charged."))
    }

    /// One purchase at a time: a path opens no sheet while another path's purchase is under way
    /// (a purchase from another door: a held promoted one, a scenario's `buy` after `path`);
    /// another path's sheet showing how its purchase ended closes. The path's own sheet is its
    /// own to judge. Logged; nil when the purchase may go ahead.
    func refusalIfAnotherSheetIsOpen(than path: IntegrationPath) throws -> PathStep? {
        if let open = store.purchaseUnderWay, open.path != path {
            try log(.purchaseIgnored, "\(open.name) is open for \(open.transactionId): one purchase at a time")
            return PathStep(notice: StoreNotice(.info, "\(open.name) is open for \(open.productName); "
                                                + "finish or close it first."))
        }
        try store.closeEndedSheets(except: path)
        return nil
    }

    /// The sheet on screen, on any path.
    var sheetOnScreen: PurchaseSheet? { store.sheetOnScreen }

    /// Keeps a URL until the sheet on screen goes, then opens it (a promoted purchase waiting
    /// for the purchase on screen to end); in the ledger, so a relaunch opens it too.
    func keepUntilSheetCloses(_ url: String) throws {
        try store.keepUntilSheetCloses(url)
    }

    /// Whether `marketplace` itself holds the product as the player's now: the store's own
    /// "already owned", which knows nothing of what another store sold (the app's refusal
    /// above knows everything the game unlocked).
    func owns(_ productId: String, in marketplace: Marketplace) -> Bool {
        store.account.snapshot(at: now, in: marketplace).owns(productId: productId)
    }

    /// Records a new `purchasing` transaction, its id from the ledger's sequence (`txn-000042`),
    /// never reused; `reference` turns the sequence number into the path's own id for the
    /// payment (`TransactionSummary.pathReference`), when the path keeps one.
    func openTransaction(productId: String, in storefront: Storefront, terms: PurchaseTerms, variationId: String?,
                         path: IntegrationPath, reference: (Int) -> String? = { _ in nil }) throws -> TransactionRecord {
        try atomically {
            let sequence = try store.ledger.nextValue(ofSequence: "transaction")
            let time = now
            var record = TransactionRecord(
                id: String(format: "txn-%06d", sequence), productId: productId, userId: userId,
                storefront: storefront.id, integrationPath: path.rawValue, state: .purchasing, quantity: 1,
                price: "\(terms.regularPrice)", currency: storefront.currency,
                variationId: variationId, createdAt: time, updatedAt: time, amountCharged: "\(terms.chargeNow)",
                offerType: terms.offer?.typeName, offerId: terms.offer?.recordedId, locale: storefront.locale)
            record.pathReference = reference(sequence)
            try store.ledger.insert(record)
            store.account.record(record)
            store.openedThisRun.insert(record.id)
            try store.log(.transactionStart, "\(productId) in \(storefront.id) on \(path.displayName)", record.id, time)
            return record
        }
    }

    /// What buying `product` with `terms` on `path` charges now when it replaces a plan of its
    /// group running there at once, the way `replacement` says.
    func replacementQuote(for product: Product, terms: PurchaseTerms, in storefront: Storefront, on path: IntegrationPath,
                          by replacement: PlanReplacement) throws -> ReplacementQuote {
        try store.replacementQuote(for: product, terms: terms, in: storefront, on: path, by: replacement)
    }

    /// Changes what a `purchasing` transaction charges, before anything is paid (Google Play's
    /// app launching its flow again with the offer QA picked on the sheet), and reads it back.
    func changeTerms(ofTransaction id: String, to terms: PurchaseTerms) throws {
        try atomically {
            try store.ledger.updateTerms(ofTransaction: id, price: "\(terms.regularPrice)",
                                         amountCharged: "\(terms.chargeNow)", offerType: terms.offer?.typeName,
                                         offerId: terms.offer?.recordedId, at: now)
            try store.refresh(id)
        }
    }

    /// `Transaction.currentEntitlements` as the app reads it, logged.
    func logCurrentEntitlements() throws {
        try store.logCurrentEntitlements(at: now, transaction: nil)
    }

    // MARK: The path's server

    /// Notes an access level the path's server now holds on the player's profile (the path has
    /// written its own row for it, `records(_:)`): the Entitlements merge it from now on.
    func noteServerAccess(_ access: ServerAccess) throws {
        // Its product from the ledger: a restore may name a purchase the panes no longer list.
        let productId = try access.transactionId.flatMap { try store.ledger.transaction(id: $0)?.productId }
        store.account.record(access, productId: productId)
    }

    /// What the paths' servers hold on the player's profile: access levels by level, as the
    /// ledger holds them.
    var serverAccess: [String: ServerAccess] { store.account.serverAccess }

    /// The product a transaction bought, when the account knows it (no ledger read): a listed
    /// transaction's, a grant's, a subscription's, a server's profile level's.
    func knownProductId(ofTransaction id: String) -> String? {
        store.account.productId(ofTransaction: id)
    }

    /// The player's purchases through the App Store (every path selling there), paid and
    /// not refunded, newest first, of `products` only when given: what Apple reports for this
    /// customer. Read from the ledger, however many there are: the panes keep only the newest.
    func appStorePurchases(of products: [String]? = nil, limit: Int = .max) throws -> [TransactionRecord] {
        let paths = store.paths.map(\.id).filter { $0.marketplace == .appStore }.map(\.rawValue)
        return try store.ledger.paidTransactions(user: store.userId, paths: paths, products: products, limit: limit)
    }

    /// The access level a paid transaction's product gives and until when (its paid span), as
    /// the app would grant it; nil for a product that gives no access level.
    func access(of transactionId: String) throws -> (level: String, expiresAt: Date?)? {
        guard let transaction = try store.ledger.transaction(id: transactionId),
              let product = catalog.product(id: transaction.productId),
              product.type == .autoRenewable || product.type == .nonRenewing,
              let grant = store.grantRecord(for: transaction, product: product, at: now)
        else { return nil }
        return (grant.key, grant.expiresAt)
    }

    /// How long periods, grace and billing retry last now.
    var renewalRate: RenewalRate { store.renewalRate }

    /// The subscription `transaction` pays for, as the store keeps it now (within a change's
    /// commit: as the change left it).
    func subscription(of transaction: TransactionRecord) -> SubscriptionRecord? {
        store.account.subscriptions[transaction.originalTransactionId ?? transaction.id]
    }

    /// The product a transaction bought, from the ledger.
    func productId(of transactionId: String) throws -> String? {
        try store.ledger.transaction(id: transactionId)?.productId
    }

    /// A durable step of the purchase is committed (for crash tests, `StoreCheckpoint`).
    func reached(_ step: StoreCheckpoint) {
        store.reached(step)
    }

    func log(_ kind: EventKind, _ message: String, transaction id: String? = nil) throws {
        try store.log(kind, message, id, now)
    }

    /// Records the outcome of a payment on a `purchasing` transaction, inside the caller's ledger
    /// transaction if there is one. Paid makes it purchased and returns a settlement the engine
    /// completes; a decline, a cancel or an interruption fails and finishes it here.
    func settle(_ transactionId: String, as outcome: PaymentOutcome) throws -> Settlement {
        try store.recordOutcome(outcome, of: transactionId)
    }

    /// Records the outcome of a payment whose money was committed before (Pay Station's status,
    /// then its redirect), and delivers a paid one (validated, granted once, finished) in the
    /// same commit as the caller's writes, since the app does all of it in one go: the player's
    /// line. A crash before that commit leaves the payment to deliver again.
    func settleAndDeliver(_ transactionId: String, as outcome: PaymentOutcome) throws -> StoreNotice {
        try store.ledger.inTransaction {
            switch try store.recordOutcome(outcome, of: transactionId) {
            case .concluded(let notice): notice
            case .purchased(let id): try store.complete(id)
            }
        }
    }

    /// Leaves a `purchasing` transaction waiting (`deferred`) for `reason`: `purchase()` returned
    /// `pending`. It is not delivered again at launch; an approval, a decline or a resolution
    /// settles it.
    func leavePending(_ transactionId: String, because reason: PendingReason) throws {
        try store.ledger.inTransaction {
            try store.ledger.updateState(ofTransaction: transactionId, to: .deferred, error: reason.recorded, at: now)
            try store.refresh(transactionId)
        }
    }

    /// The store itself refunds a delivered purchase (one its rules say the app lost, such as
    /// a purchase never acknowledged): recorded, re-signed and its grant revoked as QA's
    /// refund is, inside the caller's commit.
    func refund(_ transactionId: String, because reason: RefundReason) throws -> StoreNotice? {
        guard let record = try store.ledger.transaction(id: transactionId) else { return nil }
        return try store.refund(record, because: reason)
    }

    /// The state of a transaction now, from the ledger (nil when it is not there).
    func transaction(_ transactionId: String) throws -> TransactionRecord? {
        try store.ledger.transaction(id: transactionId)
    }

    /// Replaces the payload of a paid transaction's JWS and keeps the signature, as a forger
    /// would (claiming 99 more of the product): QA's "tampered" outcome, which must fail verification.
    func tamper(withSignatureOf transactionId: String) throws {
        try store.tamper(withSignatureOf: transactionId)
    }

    /// Restore purchases by looking at what the player owns (non-consumables, subscriptions
    /// still active): nothing is charged and no transaction is made.
    func restoreOwnedPurchases(as call: String) throws -> PathStep {
        try store.restoreOwnedPurchases(as: call)
    }

    /// The payment queue's restore: each owned purchase of `path` delivered again as a
    /// `restored` transaction, which the engine's completion validates and finishes.
    func restoreCompletedTransactions(on path: IntegrationPath) throws -> PathStep {
        try store.restoreCompletedTransactions(on: path)
    }

    // MARK: The path's own settings and records, kept in the ledger

    /// A setting of the path's own (Pay Station's saved card).
    func setting(_ key: String) throws -> String? {
        try store.ledger.setting(key)
    }

    func setSetting(_ key: String, to value: String) throws {
        try store.ledger.setSetting(key, to: value)
    }

    /// The path's own tables in the ledger, through the type the path declares for them: the
    /// one place a path's code holds the ledger, so what it keeps there is read in one file.
    func records<Records: PathRecords>(_ type: Records.Type = Records.self) -> Records {
        Records(ledger: store.ledger, now: now)
    }

    // MARK: The clock

    /// Schedules work for later, kept in the ledger in the caller's commit when the work says it
    /// is kept: call it inside the `atomically` block of the change that asks for it, so a crash
    /// cannot keep one without the other.
    func schedule(_ work: some DueWork, at due: Date) throws {
        try store.schedule(work, at: due)
    }

    func cancelScheduled<Work: DueWork>(_ work: Work) throws {
        try store.cancelScheduled { $0.work(as: Work.self) == work }
    }

    /// Cancels every scheduled work of `Work`'s type that `matches` picks.
    func cancelScheduled<Work: DueWork>(_ type: Work.Type, where matches: (Work) -> Bool) throws {
        try store.cancelScheduled { $0.work(as: type).map(matches) ?? false }
    }

    /// The work of `Work`'s type on the agenda now, earliest first.
    func scheduled<Work: DueWork>(_ type: Work.Type) -> [Work] {
        store.agenda.items.compactMap { $0.action.work(as: type) }
    }

    /// When `work` is due, if it is scheduled.
    func due<Work: DueWork>(of work: Work) -> Date? {
        store.agenda.due { $0.work(as: Work.self) == work }
    }

    /// The access level a transaction's product gives, from what the account holds (no ledger read).
    func accessLevel(ofTransaction id: String) -> String? {
        store.account.accessLevel(ofTransaction: id)
    }

    // MARK: Chance, from the engine's generator (seeded in tests and scenarios)

    /// A coin toss, for a flaky network.
    func coinTossFails() -> Bool {
        store.generator.next() % 2 == 0
    }

    /// Letters and digits, for tokens.
    func randomToken(length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in alphabet[Int(store.generator.next() % UInt64(alphabet.count))] })
    }
}

/// How a payment ended, as a path reports it.
enum PaymentOutcome {
    /// Paid at that time (nil: now). A subscription's period starts then, even when the
    /// outcome is settled later (a redirect after its countdown, a launch after a crash).
    case paid(at: Date?)
    case declined(reason: String)
    /// The player closed the payment before paying.
    case cancelled
    /// The app went away before the payment had an outcome.
    case interrupted
    /// Failed in the path's own words: the reason recorded, the event's text, what the player is told.
    case failed(FailureReason, event: String, notice: StoreNotice)
}

/// A path's own tables in the ledger (a page's records, its server's profile), declared in the
/// path's folder: made by `PathContext.records(_:)` with the ledger and the simulated time.
/// It holds the ledger, so it makes only the calls on the path's own tables; the engine's
/// tables (transactions, grants) are the completion's.
protocol PathRecords {
    init(ledger: LedgerDatabase, now: Date)
}

/// A transaction's final state, recorded. `purchased` still needs the engine's completion
/// (validate, grant, finish); `concluded` is done and says what to tell the player.
enum Settlement {
    case purchased(transactionId: String)
    case concluded(StoreNotice)
}
