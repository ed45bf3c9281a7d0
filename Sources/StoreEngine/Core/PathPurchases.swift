import Catalog
import Foundation
import Ledger

/// What a path may do to a purchase (`PathContext.purchases`): refuse one, open its
/// transaction, record the payment's outcome, leave it pending, refund it. Never grant or
/// finish: a paid outcome comes back as a `Settlement` that the engine's completion delivers.
struct PathPurchases {
    unowned let store: Store
    private var now: Date { store.now() }
    private var userId: String { store.userId }
    private func owns(_ productId: String) -> Bool { AccountView(store: store).owns(productId) }
    private func atomically<T>(_ body: () throws -> T) throws -> T { try store.ledger.inTransaction(body) }
    private func log(_ kind: EventKind, _ message: String) throws { try store.log(kind, message, nil, now) }

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

    /// Keeps a URL until the sheet on screen goes, then opens it (a promoted purchase waiting
    /// for the purchase on screen to end); in the ledger, so a relaunch opens it too.
    func keepUntilSheetCloses(_ url: String) throws {
        try store.keepUntilSheetCloses(url)
    }

    /// Records a new `purchasing` transaction, its id from the ledger's sequence (`txn-000042`),
    /// never reused; `reference` turns the sequence number into the path's own id for the
    /// payment (`TransactionSummary.pathReference`), when the path keeps one. A purchase a code
    /// redeems notes its code in the same commit: the code is used from then on, until the
    /// purchase fails.
    func openTransaction(productId: String, in storefront: Storefront, terms: PurchaseTerms, variationId: String?,
                         path: IntegrationPath, redeeming code: RedeemableCode? = nil,
                         reference: (Int) -> String? = { _ in nil }) throws -> TransactionRecord {
        try atomically {
            let sequence = try store.ledger.nextValue(ofSequence: "transaction")
            let time = now
            var record = TransactionRecord(
                id: LedgerTransactionId.of(sequence: Int64(sequence)), productId: productId, userId: userId,
                storefront: storefront.id, integrationPath: path.rawValue, state: .purchasing, quantity: 1,
                price: "\(terms.regularPrice)", currency: storefront.currency,
                variationId: variationId, createdAt: time, updatedAt: time, amountCharged: "\(terms.chargeNow)",
                offerType: terms.offer?.typeName, offerId: terms.offer?.recordedId, locale: storefront.locale)
            record.pathReference = reference(sequence)
            try store.ledger.insert(record)
            store.account.record(record)
            store.openedThisRun.insert(record.id)
            try store.log(.transactionStart, "\(productId) in \(storefront.id) on \(path.displayName)", record.id, time)
            if let code { try store.noteRedemption(of: code, by: record, at: time) }
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

    /// Notes an access level the path's server now holds on the player's profile (the path has
    /// written its own row for it, `records(_:)`): the Entitlements merge it from now on.
    func noteServerAccess(_ access: ServerAccess) throws {
        // Its product from the ledger: a restore may name a purchase the panes no longer list.
        let productId = try access.transactionId.flatMap { try store.ledger.transaction(id: $0)?.productId }
        store.account.record(access, productId: productId)
    }

    /// What its store posts of a purchase to the team's backend (`PathOutbox`).
    var outbox: PathOutbox { PathOutbox(store: store) }

    /// A durable step of the purchase in the middle of the path's decision (a payment before its
    /// delivery): the store commits what the path has written so far, then goes on in a new
    /// commit; crash tests stop at `step` (`StoreCheckpoint`).
    func reached(_ step: StoreCheckpoint) throws {
        store.reached(step)
        try store.ledger.commitSoFar()
    }

    /// Records the outcome of a payment on a `purchasing` transaction, inside the caller's ledger
    /// transaction if there is one. Paid makes it purchased and returns a settlement the engine
    /// completes once the path hands it back (in the decision's own commit when the step says
    /// `deliveredWithItsDecision`); a decline, a cancel or an interruption fails and finishes it here.
    func settle(_ transactionId: String, as outcome: PaymentOutcome) throws -> Settlement {
        try store.recordOutcome(outcome, of: transactionId)
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
}
