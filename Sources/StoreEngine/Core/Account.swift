import Catalog
import Foundation
import Ledger

/// The player's part of the ledger as the panes show it, read once at launch and then kept up
/// to date from what the engine itself writes: after a change nothing is read again but the
/// rows the change touched.
struct Account {
    /// How many of the newest transactions and events the panes can scroll through.
    static let listLimit = 200

    /// Kept as the summaries the panes show, so a report costs no conversion.
    private(set) var transactions: [TransactionSummary] = []
    private(set) var transactionCount = 0
    private(set) var grants: [GrantRecord] = []
    private(set) var events: [EventSummary] = []
    /// The Xee server's profile of the player: access levels by level.
    private(set) var xeeAccess: [String: XeeAccessRecord] = [:]
    /// Auto-renewable subscriptions on the calendar, by original transaction.
    private(set) var subscriptions: [String: SubscriptionRecord] = [:]
    /// Product ids by transaction, for the grants' products.
    private var productOfTransaction: [String: String] = [:]
    /// Subscription groups by granted transaction, looked up once per grant, not per report.
    private var groupOfTransaction: [String: String] = [:]
    private var catalog: Catalog?
    /// How long periods, grace and billing retry last now (the engine sets it).
    var renewalRate: RenewalRate = .realTime

    init() {}

    /// Everything the panes need, in one pass over the ledger.
    init(reading ledger: Ledger, user: String, catalog: Catalog) throws {
        self.catalog = catalog
        transactions = try ledger.transactions(newestFirst: Self.listLimit, user: user).map(TransactionSummary.init(record:))
        transactionCount = try ledger.transactionCount(user: user)
        grants = try ledger.grants(user: user)
        events = try ledger.events(newestFirst: Self.listLimit, user: user).map(EventSummary.init(record:))
        for transaction in transactions { productOfTransaction[transaction.id] = transaction.productId }
        // Grants of transactions older than the listed ones still need their products.
        productOfTransaction.merge(try ledger.grantedProductIds(user: user)) { listed, _ in listed }
        for grant in grants { noteGroup(of: grant) }
        for access in try ledger.xeeAccess(user: user) { record(access) }
        for subscription in try ledger.subscriptions(user: user) { record(subscription) }
    }

    mutating func record(_ subscription: SubscriptionRecord) {
        subscriptions[subscription.originalTransactionId] = subscription
        productOfTransaction[subscription.latestTransactionId] = subscription.productId
    }

    /// A grant's access cut short at `time` (QA expired or renewed its subscription early).
    mutating func cutGrant(ofTransaction id: String, at time: Date) {
        for index in grants.indices where grants[index].transactionId == id && (grants[index].expiresAt ?? .distantFuture) > time {
            grants[index].expiresAt = time
        }
    }

    /// The subscriptions as the panes show them at `now`, oldest first.
    func subscriptionSummaries(at now: Date) -> [SubscriptionSummary] {
        subscriptions.values.sorted { ($0.originalTransactionId) < ($1.originalTransactionId) }.map { record in
            let product = catalog?.product(id: record.productId)
            let level = product?.group.flatMap { catalog?.subscriptionGroup(id: $0)?.accessLevel } ?? record.productId
            let status = SubscriptionRules.status(of: record, period: product?.period, rate: renewalRate, at: now)
            let latest = transactions.first { $0.id == record.latestTransactionId }
            let periodType: String
            switch (latest?.offerType, product?.introductoryOffer?.mode) {
            case (nil, _): periodType = "normal"
            case ("introductory"?, .freeTrial?): periodType = "trial"
            default: periodType = "intro"
            }
            let expires = status == .inGracePeriod
                ? SubscriptionRules.graceEnd(record, period: product?.period, rate: renewalRate) ?? record.expiresAt
                : record.expiresAt
            return SubscriptionSummary(
                originalTransactionId: record.originalTransactionId, latestTransactionId: record.latestTransactionId,
                productId: record.productId, level: level, status: status, expiresAt: expires, autoRenew: record.autoRenew,
                billingIssue: record.billingIssue, billingIssueDetectedAt: record.billingIssueAt,
                unsubscribedAt: record.unsubscribedAt, renewals: record.renewals, periodType: periodType,
                path: latest?.path, pendingProductId: record.pendingProductId, priceIncrease: record.priceIncrease)
        }
    }

    private mutating func noteGroup(of grant: GrantRecord) {
        if grant.kind == .accessLevel { noteGroup(ofTransaction: grant.transactionId) }
    }

    /// The subscription group of a transaction's product, looked up once and kept.
    private mutating func noteGroup(ofTransaction id: String) {
        guard let productId = productOfTransaction[id], let group = catalog?.product(id: productId)?.group else { return }
        groupOfTransaction[id] = group
    }

    /// A transaction the engine inserted (new) or changed (already listed).
    mutating func record(_ record: TransactionRecord) {
        let transaction = TransactionSummary(record: record)
        productOfTransaction[transaction.id] = transaction.productId
        if let index = transactions.firstIndex(where: { $0.id == transaction.id }) {
            transactions[index] = transaction
            return
        }
        transactions.insert(transaction, at: 0)
        transactionCount += 1
        if transactions.count > Self.listLimit { transactions.removeLast() }
    }

    mutating func record(_ event: EventRecord) {
        events.insert(EventSummary(record: event), at: 0)
        if events.count > Self.listLimit { events.removeLast() }
    }

    mutating func record(_ grant: GrantRecord) {
        grants.append(grant)
        noteGroup(of: grant)
    }

    /// An access level the Xee server recorded on the player's profile.
    mutating func record(_ access: XeeAccessRecord) {
        xeeAccess[access.level] = access
        if let transaction = access.transactionId { noteGroup(ofTransaction: transaction) }
    }

    /// A refund the engine recorded: the transaction's grant no longer counts.
    mutating func revokeGrant(ofTransaction id: String, at time: Date) {
        for index in grants.indices where grants[index].transactionId == id { grants[index].revokedAt = time }
    }

    /// The subscription group of a granted transaction, if it granted an access level.
    func group(ofTransaction id: String) -> String? {
        groupOfTransaction[id]
    }

    /// The panes at simulated time `now`: an access level is active until its latest expiry.
    func snapshot(at now: Date) -> StoreSnapshot {
        var entitlements: [String: Entitlement] = [:]
        var balances: [String: Int] = [:]
        var history = SubscriberHistory()
        var latestExpiry: [String: Date] = [:]
        for grant in grants {
            let productId = productOfTransaction[grant.transactionId]
            // A refunded subscription still counts as one the player had (an introductory
            // offer stays used), but gives nothing: its access and its currency went with it.
            if grant.kind == .accessLevel, let group = groupOfTransaction[grant.transactionId] {
                history.subscribedGroups.insert(group)
            }
            guard grant.revokedAt == nil else { continue }
            switch grant.kind {
            case .currency:
                balances[grant.key, default: 0] += grant.amount
            case .nonConsumable:
                entitlements[grant.key] = Entitlement(id: grant.key, kind: .nonConsumable, productId: productId,
                                                      expiresAt: nil, isActive: true)
            case .accessLevel:
                if let group = groupOfTransaction[grant.transactionId] {
                    latestExpiry[group] = max(latestExpiry[group] ?? .distantPast, grant.expiresAt ?? .distantFuture)
                }
                let latest = max(grant.expiresAt ?? .distantPast, entitlements[grant.key]?.expiresAt ?? .distantPast)
                let renews = productId.flatMap { catalog?.product(id: $0)?.type } == .autoRenewable
                entitlements[grant.key] = Entitlement(id: grant.key, kind: .accessLevel, productId: productId,
                                                      expiresAt: latest, isActive: latest > now,
                                                      willRenew: renews && latest > now)
            }
        }
        // The Xee profile's levels: the server's word, merged with what the app granted itself.
        for access in xeeAccess.values.sorted(by: { $0.level < $1.level }) {
            let productId = access.transactionId.flatMap { productOfTransaction[$0] }
            if let transaction = access.transactionId, let group = groupOfTransaction[transaction] {
                history.subscribedGroups.insert(group)
                latestExpiry[group] = max(latestExpiry[group] ?? .distantPast, access.expiresAt ?? .distantFuture)
            }
            let expires = access.expiresAt ?? .distantFuture
            if let granted = entitlements[access.level], (granted.expiresAt ?? .distantPast) >= expires { continue }
            entitlements[access.level] = Entitlement(id: access.level, kind: .accessLevel, productId: productId,
                                                     expiresAt: access.expiresAt, isActive: expires > now,
                                                     source: XeeAccessSource(rawValue: access.source)?.displayName,
                                                     willRenew: access.willRenew && expires > now)
        }
        // The subscriptions behind the levels: grace keeps access, auto-renew says whether it renews.
        let summaries = subscriptionSummaries(at: now)
        for summary in summaries {
            // A refunded or expired plan with no other grant of its level still shows, inactive.
            var entitlement = entitlements[summary.level] ?? Entitlement(
                id: summary.level, kind: .accessLevel, productId: summary.productId, expiresAt: summary.expiresAt,
                isActive: false)
            guard entitlement.kind == .accessLevel else { continue }
            // The live subscription speaks for the level; an ended one only when none is live.
            if let shown = entitlement.subscription, shown.isLive, !summary.isLive { continue }
            entitlement.subscription = summary
            if entitlement.source == nil {
                if summary.status == .inGracePeriod {
                    entitlement.isActive = true
                    entitlement.expiresAt = summary.expiresAt
                }
                entitlement.willRenew = entitlement.isActive && summary.willRenew
            }
            entitlements[summary.level] = entitlement
        }
        let byLatest = Dictionary(summaries.map { ($0.latestTransactionId, $0) }, uniquingKeysWith: { _, last in last })
        history.lapsedGroups = Set(latestExpiry.filter { $0.value <= now }.keys).subtracting(groupsStillSubscribed(summaries))
        return StoreSnapshot(
            transactions: transactions.map { transaction in
                var listed = transaction
                listed.subscription = byLatest[transaction.id]
                return listed
            },
            transactionCount: transactionCount,
            balances: balances,
            entitlements: entitlements.values.sorted { $0.id < $1.id },
            events: events,
            history: history,
            subscriptions: summaries)
    }
}

extension Account {
    /// Groups with a subscription not yet over: in grace or billing retry its access may have
    /// lapsed, but the subscription is still the player's, so it has not lapsed for a win-back
    /// offer (which comes only once it has expired).
    private func groupsStillSubscribed(_ summaries: [SubscriptionSummary]) -> Set<String> {
        Set(summaries.filter(\.isLive).compactMap { catalog?.product(id: $0.productId)?.group })
    }
}

extension TransactionSummary {
    init(record: TransactionRecord) {
        self.init(id: record.id, productId: record.productId, userId: record.userId, storefront: record.storefront,
                  path: IntegrationPath(rawValue: record.integrationPath),
                  state: State(rawValue: record.state.rawValue) ?? .failed,
                  failure: record.state == .deferred ? nil : record.error.map(FailureReason.init(recorded:)),
                  quantity: record.quantity,
                  price: record.price, currency: record.currency, invoiceId: record.invoiceId,
                  variationId: record.variationId, createdAt: record.createdAt, updatedAt: record.updatedAt,
                  finishedAt: record.finishedAt, purchasedAt: record.purchasedAt, charge: record.amountCharged,
                  offerType: record.offerType, offerId: record.offerId, signedTransaction: record.signedTransaction,
                  pending: record.state == .deferred ? PendingReason(recorded: record.error) : nil,
                  originalTransactionId: record.originalTransactionId, revokedAt: record.revokedAt, revocationReason: record.revocationReason)
    }
}

extension EventSummary {
    init(record: EventRecord) {
        self.init(id: record.id, time: record.time, kind: EventKind(rawValue: record.kind),
                  transactionId: record.transactionId, message: record.message)
    }
}
