import Catalog
import Foundation
import Ledger

/// What `storefront history` prints: every player's transactions, entitlements, subscriptions,
/// refunds and whether each paid transaction's signature verifies, as the panes tell them, at
/// the ledger's own simulated time. Read from the ledger alone; a catalog, when one is given,
/// adds only what a catalog alone knows (a weekly plan's shorter grace).
public struct LedgerHistory: Sendable, Equatable {
    public var ledgerPath: String
    /// The simulated time the state is told at: the ledger's clock, now.
    public var now: Date
    /// Every player's, newest first.
    public var transactions: [TransactionSummary]
    /// Every currency's balance, over all players.
    public var balances: [String: Int]
    /// Each player's state, by user id.
    public var players: [Player]
    /// Every refund, full or prorated, oldest first.
    public var refunds: [Refund]
    /// Each paid (or restored) transaction's verification, by id.
    public var verification: [String: Verification]
    /// The purchases a store signed with a key of its own (Google Play's), by transaction id,
    /// as the store hands them to the app: these transactions carry no JWS.
    public var signedPurchases: [String: SignedPurchase] = [:]
    /// Each App Store subscription's renewal info as the App Store signs it (`signedRenewalInfo`),
    /// signed at `now`, by original transaction id; none when the ledger has no certificates yet.
    public var signedRenewalInfo: [String: String] = [:]
    /// Each player's app transaction as the App Store signs it (`signedAppTransaction`), signed
    /// at `now`, by user id: for each player with App Store transactions.
    public var signedAppTransaction: [String: String] = [:]
    /// What the stores' servers posted to the team's backend, oldest first, with each attempt.
    public var notifications: [OutboxNotification] = []

    /// One player's state at `now`, as the Entitlements pane shows it.
    public struct Player: Sendable, Equatable {
        public var userId: String
        public var balances: [String: Int]
        public var entitlements: [Entitlement]
        public var subscriptions: [SubscriptionSummary]

        /// `entitlement premium: active · renews 2026-01-08T09:00:00Z · App Store`: each
        /// entitlement as `history` prints it, in the Entitlements pane's words with whole dates.
        public var entitlementLines: [String] {
            entitlements.map { "entitlement \($0.id): \($0.state(writingDates: LedgerHistory.wholeDate).words)" }
        }
    }

    /// `2026-01-01T09:00:00Z`, in UTC: how `history` writes every date.
    public static func wholeDate(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// Money the store gave back: the whole charge (a refund by the store), or the unused part
    /// of a period (`prorated`, an upgrade).
    public struct Refund: Sendable, Equatable {
        public var transactionId: String
        public var amount: Decimal
        public var currency: String
        /// Where the transaction was charged, so the amount reads as it was charged.
        public var storefront: String
        public var locale: String?
        /// The store's reason (`other`, `developerIssue`), or the plan change (`upgrade`).
        public var reason: String
        public var isProrated: Bool
        public var time: Date

        /// The amount in the storefront's format, from the ledger alone.
        public var amountText: String {
            RecordedAmount.format(amount, currency: currency, storefront: storefront, locale: locale)
        }
    }

    /// Whether a transaction's signature verifies with the ledger's key (and names this very
    /// transaction), or why not.
    public enum Verification: Sendable, Equatable {
        case verified
        case failed(String)
    }
}

extension LedgerHistory {
    /// The ledger's simulated now as the app's clock has it at `wallTime` (the wall time when
    /// no clock was kept).
    static func simulatedNow(of ledger: LedgerDatabase, atWall wallTime: Date) throws -> Date {
        try ledger.clock().map { kept in
            Clock(simulated: kept.simulated, wall: kept.wall, rate: kept.rate.map { .scaled($0) } ?? .paused).now(atWall: wallTime)
        } ?? wallTime
    }

    /// The rate QA chose, else the one the app last ran at (its catalog's): what it measures
    /// periods, grace and retry by; nil when the ledger keeps neither.
    static func renewalRate(keptIn ledger: LedgerDatabase) throws -> RenewalRate? {
        try (ledger.setting(Store.renewalRateSetting) ?? ledger.setting(Store.renewalRateInUseSetting)).flatMap(RenewalRate.init(rawValue:))
    }

    /// Reads it all from `ledger`; each App Store player's app transaction is signed too unless
    /// `signingAppTransactions` is false (the server API, which answers with renewal info only).
    init(reading ledger: LedgerDatabase, catalog: ProductCatalog?, wallTime: Date, signingAppTransactions: Bool = true) throws {
        let records = try ledger.transactions(newestFirst: Int.max)
        let transactions = records.map(TransactionSummary.init(record:))
        let now = try Self.simulatedNow(of: ledger, atWall: wallTime)
        let rate = try Self.renewalRate(keptIn: ledger) ?? catalog.map(RenewalRate.init(catalog:)) ?? .realTime
        let paths = PathRegistry.makePaths()
        var players: [Player] = []
        for user in Set(records.map(\.userId)).sorted() {
            var account = try Account(reading: ledger, user: user, catalog: catalog)
            account.renewalRate = rate
            account.readsTheLedgerAlone = true
            // As the panes say it: a level whose notification is still on the way is waiting.
            // Each path reads its own rows; one it cannot read is left out here, as the app
            // leaves it off its agenda (and says so in its Events pane).
            let rows = try ledger.dueWork(user: user)
            let scheduled = paths.flatMap { path in
                rows.filter { $0.path == path.id.rawValue }.compactMap { row in
                    try? path.scheduledWork(readingBack: DueWorkPayload(kind: row.kind, encodedFields: row.payload))
                }
            }
            let waiting = ServerWaits(paths: paths, scheduled: scheduled, accessLevel: { account.accessLevel(ofTransaction: $0) })
            let snapshot = account.snapshot(at: now, waiting: waiting)
            players.append(Player(userId: user, balances: snapshot.balances, entitlements: snapshot.entitlements,
                                  subscriptions: snapshot.subscriptions))
        }
        let byId = Dictionary(transactions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // A family member's share is revoked, never refunded: nothing was charged to the member.
        var refunds: [Refund] = transactions.filter { $0.familySharing != .familyShared }.compactMap { transaction in
            transaction.revokedAt.map { time in
                Refund(transactionId: transaction.id, amount: transaction.refundableAmount, currency: transaction.currency,
                       storefront: transaction.storefront, locale: transaction.locale,
                       reason: transaction.revocationReason ?? RefundReason.other.rawValue, isProrated: false, time: time)
            }
        }
        for prorated in try ledger.proratedRefunds() {
            let transaction = byId[prorated.transactionId]
            refunds.append(Refund(transactionId: prorated.transactionId, amount: Decimal(string: prorated.amount) ?? 0,
                                  currency: prorated.currency, storefront: transaction?.storefront ?? "",
                                  locale: transaction?.locale, reason: prorated.reason, isProrated: true,
                                  time: prorated.time))
        }
        let key = try ledger.setting(Store.signingKeySetting).flatMap { try? SigningKey(privatePEM: $0) }
        let signedPurchases = try PathRegistry.signedPurchases(in: ledger, transactions: records)
        var verification: [String: Verification] = [:]
        for record in records where record.state == .purchased || record.state == .restored {
            // A store with a key of its own is checked as its app checks it, never by a JWS.
            if let path = PathRegistry.path(named: record.integrationPath), PathRegistry.hasOwnKey(path) {
                let problem = signedPurchases[record.id].map(\.problem) ?? "its store keeps no signed purchase for it"
                verification[record.id] = problem.map(Verification.failed) ?? .verified
                continue
            }
            guard let key else {
                verification[record.id] = .failed("the ledger has no signing key")
                continue
            }
            verification[record.id] = TransactionVerifier(key: key, bundleId: catalog?.app.bundleId).problem(with: record)
                .map(Verification.failed) ?? .verified
        }
        self.init(ledgerPath: ledger.path, now: now, transactions: transactions, balances: try ledger.balances(),
                  players: players, refunds: refunds.sorted { $0.time < $1.time }, verification: verification,
                  signedPurchases: signedPurchases)
        notifications = try OutboxNotification.all(in: ledger)
        if let key, let kept = try ledger.setting(Store.signingCertificatesSetting),
           let certificates = SigningCertificates(kept: kept, for: key) {
            let signer = TransactionSigner(key: key, certificates: certificates)
            signedRenewalInfo = try Self.renewalInfo(of: players, signer: signer, transactions: byId, at: now)
            if signingAppTransactions {
                signedAppTransaction = try Self.appTransactions(of: transactions, appAppleId: try ServerCredentials.read(from: ledger)?.appAppleId,
                                                                signer: signer, at: now)
            }
        }
    }
}

extension TransactionSummary {
    /// What a full refund gives back: the charge, whatever state the transaction is in now.
    var refundableAmount: Decimal {
        (Decimal(string: charge) ?? 0) * Decimal(quantity)
    }
}

extension LedgerHistory {
    /// Each player's app transaction, for the app and the environment of their newest App Store
    /// transaction, first bought at their oldest.
    static func appTransactions(of transactions: [TransactionSummary], appAppleId: Int64?, signer: TransactionSigner,
                                at now: Date) throws -> [String: String] {
        var signed: [String: String] = [:]
        let appStore = transactions.compactMap { transaction in
            transaction.signedTransaction.flatMap(SignedTransactionPayload.decoded(compact:)).map { (transaction, $0) }
        }
        for (userId, theirs) in Dictionary(grouping: appStore, by: \.0.userId) {
            let byDate = theirs.sorted { $0.0.createdAt < $1.0.createdAt }
            guard let first = byDate.first, let newest = byDate.last else { continue }
            let payload = AppTransactionPayload(
                userId: userId, bundleId: newest.1.bundleId, appAppleId: appAppleId,
                environment: SignedEnvironment(rawValue: newest.1.environment) ?? .sandbox, firstSeen: first.0.createdAt,
                signedAt: now)
            signed[userId] = try signer.sign(payload)
        }
        return signed
    }

    /// The renewal info of each subscription the App Store signs for (not one of a store with a
    /// key of its own), in the environment its latest transaction was signed for.
    static func renewalInfo(of players: [Player], signer: TransactionSigner, transactions: [String: TransactionSummary],
                            at now: Date) throws -> [String: String] {
        var signed: [String: String] = [:]
        for player in players {
            for subscription in player.subscriptions {
                if let path = subscription.path, PathRegistry.hasOwnKey(path) { continue }
                let latest = transactions[subscription.latestTransactionId]?.signedTransaction
                    .flatMap(SignedTransactionPayload.decoded(compact:))
                let environment = latest.flatMap { SignedEnvironment(rawValue: $0.environment) } ?? .sandbox
                let payload = SignedRenewalInfoPayload(subscription, userId: player.userId, environment: environment, signedAt: now)
                signed[subscription.originalTransactionId] = try signer.sign(payload)
            }
        }
        return signed
    }
}
