import Catalog
import Foundation
import Ledger

/// The simulated stores behind the app. Every step of a purchase is committed to the ledger
/// (state change, grant and event together) before the method returns, so whatever the screen
/// shows next has already survived a crash.
///
/// Not thread-safe by design: the run loop owns it and calls it from one thread.
public final class Store {
    public private(set) var catalog: Catalog
    public let ledger: Ledger
    public let userId: String
    let now: () -> Date
    private var generator: any RandomNumberGenerator
    /// The catalog's `network` setting unless the command line says otherwise.
    public var networkCondition: NetworkCondition
    /// The project id the SDK was started with: the catalog's, unless QA passes another
    /// (`--project-id`) to see a wrong project connect and sell nothing.
    public var sdkProjectId: Int?
    /// Called as each durable step completes. The executable uses it to crash the process on
    /// purpose at a chosen step (`STOREFRONT_CRASH_AT`), so recovery is tested on the real binary.
    public var checkpoint: (StoreCheckpoint) -> Void = { _ in }

    public init(catalog: Catalog, ledger: Ledger, userId: String, now: @escaping () -> Date = Date.init,
                generator: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.catalog = catalog
        self.ledger = ledger
        self.userId = userId
        self.now = now
        self.generator = generator
        networkCondition = catalog.settings.network
        sdkProjectId = catalog.settings.projectId
    }

    /// A coin toss from the store's generator (seeded in tests).
    func networkFails() -> Bool {
        generator.next() % 2 == 0
    }

    var redirectBase: String {
        catalog.settings.redirectURL(bundleId: catalog.app.bundleId)
    }

    // MARK: Starting a purchase

    public enum PurchaseStart: Sendable, Equatable {
        /// Pay Station is open on this session.
        case payStation(PayStationSession)
        /// Nothing happens, as in the SDK; the reason is logged for QA.
        case ignored(reason: String)
    }

    /// `add(payment)`: records a `purchasing` transaction and opens Pay Station on it.
    public func beginPurchase(of productId: String, in storefront: Storefront, variationId: String? = nil) throws -> PurchaseStart {
        let time = now()
        guard catalog.settings.enablePayments else {
            let reason = "enablePayments is false in the catalog's settings: the SDK ignores every purchase"
            try ledger.appendEvent(kind: StoreEventKind.purchaseIgnored.rawValue, message: reason, transactionId: nil, at: time)
            return .ignored(reason: reason)
        }
        guard let product = catalog.product(id: productId), product.status == .available else {
            let reason = "\(productId) is not an available product"
            try ledger.appendEvent(kind: StoreEventKind.purchaseIgnored.rawValue, message: reason, transactionId: nil, at: time)
            return .ignored(reason: reason)
        }
        guard let price = product.price(in: storefront) else {
            let reason = "\(product.shortId) has no price in \(storefront.id)"
            try ledger.appendEvent(kind: StoreEventKind.purchaseIgnored.rawValue, message: reason, transactionId: nil, at: time)
            return .ignored(reason: reason)
        }
        let external = !storefront.inAppPayStation && catalog.settings.openExternalBrowser
        let token = makeToken()
        // The id comes from the count read under the write lock (BEGIN IMMEDIATE), so two
        // processes on one ledger never take the same one.
        let session: PayStationSession = try ledger.inTransaction {
            let sequence = try ledger.transactionCount() + 1
            let transactionId = String(format: "txn-%06d", sequence)
            let invoiceId = String(100_000_000 + sequence)
            let session = PayStationSession(
                transactionId: transactionId, invoiceId: invoiceId, token: token, productId: product.id,
                productName: product.name.resolved(for: storefront.locale) ?? product.id,
                formattedPrice: PriceFormatter.format(price, in: storefront), opensExternalBrowser: external,
                sandbox: catalog.settings.useSandbox, today: time)
            try ledger.insert(TransactionRecord(
                id: transactionId, productId: product.id, userId: userId, storefront: storefront.id,
                integrationPath: IntegrationPath.paystation.rawValue, state: .purchasing, quantity: 1,
                price: "\(price)", currency: storefront.currency, invoiceId: invoiceId, variationId: variationId,
                createdAt: time, updatedAt: time))
            try ledger.recordInvoice(InvoiceRecord(invoiceId: invoiceId, transactionId: transactionId, userId: userId,
                                                   createdAt: time))
            try log(.purchaseStarted, "\(product.shortId) for \(session.formattedPrice) in \(storefront.id): purchasing",
                    transactionId, time)
            try log(.payStationOpened, "\(external ? "external browser" : "in-app"): \(session.url)", transactionId, time)
            return session
        }
        return .payStation(session)
    }

    private func makeToken() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<32).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    // MARK: Pay Station's answer

    public enum PayStationResult: Sendable, Equatable {
        /// Pay Station will send the player back with this URL, after the policy's delay.
        case redirect(url: String, delaySeconds: Int)
        /// No redirect by policy; the transaction was settled directly.
        case settled(StoreNotice)
    }

    /// Pay Station reached a final phase. Paid or declined, Pay Station redirects when the policy
    /// says so, and the redirect must come back through `handle(url:)`; without a redirect, and
    /// when the player closed Pay Station, the transaction is settled now.
    public func payStationClosed(_ session: PayStationSession) throws -> PayStationResult {
        let time = now()
        let policy = catalog.settings.payStation.redirect
        let status: RedirectURL.Status
        switch session.phase {
        case .done:
            status = .done
            // Committed with its event: from here a crash cannot lose the payment (see
            // `deliverUnfinished`), and only a redirect saying `done` is believed.
            try ledger.inTransaction {
                try ledger.recordPaymentStatus(status.rawValue, forInvoice: session.invoiceId)
                try log(.payStationPaid, "status done, invoice \(session.invoiceId)", session.transactionId, time)
            }
        case .declined(let reason):
            status = .troubled
            try ledger.inTransaction {
                try ledger.recordPaymentStatus(status.rawValue, forInvoice: session.invoiceId)
                try log(.payStationDeclined, "status troubled: \(reason)", session.transactionId, time)
            }
        case .cancelled, .cardForm, .threeDSecure:
            // The player closed Pay Station: the SDK's closed callback settles it, no redirect.
            return .settled(try settle(transactionId: session.transactionId, invoiceId: session.invoiceId,
                                       status: .canceled))
        }
        let redirect = RedirectURL(base: redirectBase, userId: userId, foreignInvoice: session.transactionId,
                                   invoiceId: session.invoiceId, status: status)
        if RedirectURL.isSent(for: status, by: policy.condition) {
            try log(.redirectSent, redirect.text, session.transactionId, time)
            return .redirect(url: redirect.text, delaySeconds: policy.delaySeconds)
        }
        // No redirect: the SDK learns the outcome by asking for the invoice's status.
        return .settled(try settle(transactionId: session.transactionId, invoiceId: session.invoiceId, status: status))
    }

    // MARK: The URL handler

    /// The app's URL handler: accepts only its own scheme and path, and an invoice it opened for
    /// this user, once. Anything else is rejected with a logged reason and changes nothing.
    public func handle(url text: String) throws -> StoreNotice {
        let time = now()
        let redirect: RedirectURL
        switch RedirectURL.parse(text, expectedBase: redirectBase) {
        case .failure(let rejection):
            return try reject(text, rejection.reason, time)
        case .success(let parsed):
            redirect = parsed
        }
        guard redirect.userId == userId else {
            return try reject(text, "user_id \(redirect.userId) is not the current user (\(userId))", time)
        }
        guard let invoice = try ledger.invoice(id: redirect.invoiceId) else {
            return try reject(text, "invoice \(redirect.invoiceId) was never opened by this app", time)
        }
        guard invoice.userId == userId, invoice.transactionId == redirect.foreignInvoice else {
            return try reject(text, "invoice \(redirect.invoiceId) does not belong to \(redirect.foreignInvoice)", time)
        }
        guard let paid = invoice.paymentStatus else {
            return try reject(text, "Pay Station has no outcome for invoice \(redirect.invoiceId) yet (nothing was paid)", time)
        }
        guard paid == redirect.status.rawValue else {
            return try reject(text, "status \(redirect.status.rawValue) contradicts Pay Station's \(paid) for invoice \(redirect.invoiceId)", time)
        }
        // Using up the invoice and recording what it says commit together: a crash between the
        // two would leave a paid transaction that no redirect can settle any more.
        let settlement: Settlement? = try ledger.inTransaction {
            guard try ledger.consumeInvoice(id: invoice.invoiceId, at: time) else { return nil }
            try log(.redirectReceived, "status \(redirect.status.rawValue), invoice \(invoice.invoiceId)",
                    invoice.transactionId, time)
            return try recordSettlement(of: invoice.transactionId, status: redirect.status, at: time)
        }
        guard let settlement else {
            return try reject(text, "invoice \(redirect.invoiceId) was already handled", time)
        }
        return try conclude(settlement)
    }

    private func reject(_ url: String, _ reason: String, _ time: Date) throws -> StoreNotice {
        try log(.redirectRejected, "\(reason): \(url)", nil, time)
        return StoreNotice(.error, "Redirect rejected: \(reason).")
    }

    /// What Pay Station's final status did to a transaction.
    private enum Settlement {
        /// Purchased and committed; validation, grant and finish come next.
        case purchased(transactionId: String)
        /// Nothing more to do; this is what to tell the player.
        case concluded(StoreNotice)
    }

    /// Moves the transaction to its final state and completes it: purchased, validated, granted,
    /// finished; or failed and finished.
    private func settle(transactionId: String, invoiceId: String, status: RedirectURL.Status) throws -> StoreNotice {
        let time = now()
        let settlement = try ledger.inTransaction {
            // Settled without a redirect: the invoice is used up, so a late redirect for it is refused.
            try ledger.recordPaymentStatus(status.rawValue, forInvoice: invoiceId)
            _ = try ledger.consumeInvoice(id: invoiceId, at: time)
            return try recordSettlement(of: transactionId, status: status, at: time)
        }
        return try conclude(settlement)
    }

    /// The state change a final status makes, written in the caller's ledger transaction.
    private func recordSettlement(of transactionId: String, status: RedirectURL.Status, at time: Date) throws -> Settlement {
        guard let transaction = try ledger.transaction(id: transactionId) else {
            return .concluded(StoreNotice(.error, "Transaction \(transactionId) is not in the ledger."))
        }
        guard transaction.state == .purchasing else {
            return .concluded(StoreNotice(.info, "\(transactionId) is already \(transaction.state.rawValue)."))
        }
        switch status {
        case .done:
            try ledger.updateState(ofTransaction: transactionId, to: .purchased, error: nil, at: time)
            try log(.purchased, "purchased", transactionId, time)
            return .purchased(transactionId: transactionId)
        case .troubled:
            try fail(transactionId, error: "payment declined", time)
            return .concluded(StoreNotice(.error, "Payment declined by the bank. Nothing was charged or granted."))
        case .canceled:
            try fail(transactionId, error: "paymentCancelled", time, as: .paymentCancelled,
                     saying: "paymentCancelled: the player closed Pay Station")
            return .concluded(StoreNotice(.info, "Purchase cancelled."))
        }
    }

    private func conclude(_ settlement: Settlement) throws -> StoreNotice {
        switch settlement {
        case .concluded(let notice):
            return notice
        case .purchased(let transactionId):
            checkpoint(.purchased)
            return try complete(transactionId)
        }
    }

    private func fail(_ transactionId: String, error: String, _ time: Date, as kind: StoreEventKind = .failed,
                      saying message: String? = nil) throws {
        try ledger.inTransaction {
            try ledger.updateState(ofTransaction: transactionId, to: .failed, error: error, at: time)
            try log(kind, message ?? "failed: \(error)", transactionId, time)
            try ledger.markFinished(transaction: transactionId, at: time)
            try log(.finished, "finished", transactionId, time)
        }
    }

    /// validateTransaction, then grant, then finishTransaction. Each step commits on its own so
    /// that a crash between them leaves a purchased, unfinished transaction to deliver again.
    private func complete(_ transactionId: String) throws -> StoreNotice {
        let time = now()
        guard let transaction = try ledger.transaction(id: transactionId) else {
            return StoreNotice(.error, "Transaction \(transactionId) is not in the ledger.")
        }
        if let problem = validationProblem(transaction) {
            try ledger.inTransaction {
                try log(.validationFailed, problem, transactionId, time)
                try ledger.markFinished(transaction: transactionId, at: time)
                try log(.finished, "finished without granting", transactionId, time)
            }
            return StoreNotice(.error, "Validation failed: \(problem). Nothing was granted.")
        }
        try log(.validated, "validated", transactionId, time)
        let product = catalog.product(id: transaction.productId)
        let grant = grantRecord(for: transaction, product: product, at: time)
        try ledger.inTransaction {
            if let grant, try ledger.recordGrant(grant) {
                try log(.granted, describe(grant), transactionId, time)
            }
        }
        checkpoint(.granted)
        try ledger.inTransaction {
            try ledger.markFinished(transaction: transactionId, at: time)
            try log(.finished, "finished", transactionId, time)
        }
        let name = product.map { $0.name.resolved(for: "en") ?? $0.shortId } ?? transaction.productId
        return StoreNotice(.success, "Purchased \(name)" + (grant.map { ": \(describe($0))" } ?? "") + ".")
    }

    private func validationProblem(_ transaction: TransactionRecord) -> String? {
        guard transaction.userId == userId else { return "made by another user" }
        guard catalog.product(id: transaction.productId) != nil else {
            return "product \(transaction.productId) is not in the catalog"
        }
        guard let storefront = catalog.storefront(id: transaction.storefront) else {
            return "storefront \(transaction.storefront) is not in the catalog"
        }
        guard transaction.currency == storefront.currency else { return "currency \(transaction.currency) does not match" }
        return nil
    }

    private func grantRecord(for transaction: TransactionRecord, product: Product?, at time: Date) -> GrantRecord? {
        guard let product else { return nil }
        switch product.type {
        case .consumable:
            guard case .currency(let currency, let amount)? = product.grants else { return nil }
            return GrantRecord(transactionId: transaction.id, kind: .currency, key: currency,
                               amount: amount * transaction.quantity, grantedAt: time)
        case .nonConsumable:
            let key: String
            if case .entitlement(let entitlement)? = product.grants { key = entitlement } else { key = product.id }
            return GrantRecord(transactionId: transaction.id, kind: .nonConsumable, key: key, amount: 1, grantedAt: time)
        case .autoRenewable, .nonRenewing:
            let level = product.group.flatMap { catalog.subscriptionGroup(id: $0)?.accessLevel } ?? product.id
            let days = product.period?.approximateDays ?? 30
            // From when it was purchased, not from now: a purchase delivered again a week after
            // a crash still runs its month from the day it was paid.
            return GrantRecord(transactionId: transaction.id, kind: .accessLevel, key: level, amount: 1,
                               expiresAt: transaction.updatedAt.addingTimeInterval(TimeInterval(days) * 86_400),
                               grantedAt: time)
        }
    }

    private func describe(_ grant: GrantRecord) -> String {
        switch grant.kind {
        case .currency: return "+\(grant.amount) \(grant.key)"
        case .nonConsumable: return "\(grant.key) unlocked"
        case .accessLevel: return "\(grant.key) access"
        }
    }

    // MARK: Launch

    /// Delivers every unfinished transaction again, as `Transaction.updates` and the payment
    /// queue do at launch: a purchased one is validated, granted (once) and finished; one left
    /// purchasing by a closed app is failed, since Pay Station went away with it.
    @discardableResult
    public func deliverUnfinished() throws -> [StoreNotice] {
        var notices: [StoreNotice] = []
        for transaction in try ledger.unfinishedTransactions() where transaction.userId == userId {
            let time = now()
            try log(.redelivered, "delivered again at launch (\(transaction.state.rawValue))", transaction.id, time)
            switch transaction.state {
            case .purchased, .restored:
                notices.append(try complete(transaction.id))
            case .purchasing:
                // Pay Station's committed outcome settles it, as the SDK's status query would;
                // with no outcome the payment never happened.
                let paid = try transaction.invoiceId.flatMap { try ledger.invoice(id: $0) }?.paymentStatus
                if let paid, let status = RedirectURL.Status(rawValue: paid), let invoiceId = transaction.invoiceId {
                    notices.append(try settle(transactionId: transaction.id, invoiceId: invoiceId, status: status))
                } else {
                    try fail(transaction.id, error: "interrupted: the app closed before Pay Station answered", time)
                    notices.append(StoreNotice(.info, "\(transaction.id) was interrupted and has been closed."))
                }
            case .failed, .deferred:
                try ledger.inTransaction {
                    try ledger.markFinished(transaction: transaction.id, at: time)
                    try log(.finished, "finished", transaction.id, time)
                }
            }
        }
        return notices
    }

    // MARK: Reading

    /// The current user's transactions, balances and entitlements, and the latest events.
    public func snapshot(transactionLimit: Int = 200, eventLimit: Int = 200) throws -> StoreSnapshot {
        let time = now()
        let grants = try ledger.grants(user: userId)
        var entitlements: [String: Entitlement] = [:]
        var history = SubscriberHistory()
        var latestExpiry: [String: Date] = [:]
        for grant in grants {
            switch grant.kind {
            case .currency:
                continue
            case .nonConsumable:
                let productId = try ledger.transaction(id: grant.transactionId)?.productId
                entitlements[grant.key] = Entitlement(id: grant.key, kind: .nonConsumable, productId: productId,
                                                      expiresAt: nil, isActive: true)
            case .accessLevel:
                let productId = try ledger.transaction(id: grant.transactionId)?.productId
                if let group = productId.flatMap({ catalog.product(id: $0)?.group }) {
                    history.subscribedGroups.insert(group)
                    latestExpiry[group] = max(latestExpiry[group] ?? .distantPast, grant.expiresAt ?? .distantFuture)
                }
                let latest = max(grant.expiresAt ?? .distantPast, entitlements[grant.key]?.expiresAt ?? .distantPast)
                entitlements[grant.key] = Entitlement(id: grant.key, kind: .accessLevel, productId: productId,
                                                      expiresAt: latest, isActive: latest > time)
            }
        }
        history.lapsedGroups = Set(latestExpiry.filter { $0.value <= time }.keys)
        return StoreSnapshot(
            transactions: try ledger.transactions(newestFirst: transactionLimit, user: userId),
            transactionCount: try ledger.transactionCount(user: userId),
            balances: try ledger.balances(user: userId),
            entitlements: entitlements.values.sorted { $0.id < $1.id },
            events: try ledger.events(newestFirst: eventLimit, user: userId),
            history: history)
    }

    func log(_ kind: StoreEventKind, _ message: String, _ transactionId: String?, _ time: Date) throws {
        try ledger.appendEvent(kind: kind.rawValue, message: message, transactionId: transactionId, at: time)
    }
}

/// A one-line outcome for the status line.
public struct StoreNotice: Sendable, Equatable {
    public enum Tone: String, Sendable {
        case info, success, error
    }

    public var tone: Tone
    public var text: String

    public init(_ tone: Tone, _ text: String) {
        self.tone = tone
        self.text = text
    }
}

/// Durable steps of a purchase, after which a crash must be survivable.
public enum StoreCheckpoint: String, Sendable, CaseIterable {
    /// The transaction is purchased; nothing is granted or finished yet.
    case purchased
    /// The grant is committed; the transaction is not finished yet.
    case granted
}
