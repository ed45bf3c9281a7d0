import Catalog
import Foundation
import Ledger

/// The player's part of the ledger as the panes show it, read once at launch and then kept up
/// to date from what the engine itself writes: after a change nothing is read again but the
/// rows the change touched. What the grants give is kept as a running tally (`GrantTally`), so
/// a report costs the same however long the history; a currency grant is only a sum once
/// recorded, so the account holds nothing for each old consumable purchase.
struct Account {
    /// How many of the newest transactions and events the panes can scroll through: a cache
    /// for the panes only. What the domain needs of older rows it asks the ledger, or keeps
    /// below in maps that are not windowed.
    static let listLimit = 200

    /// Kept as the summaries the panes show, so a report costs no conversion.
    private(set) var transactions: [TransactionSummary] = []
    private(set) var transactionCount = 0
    /// The grants that last (non-consumables and access levels), oldest first: what a restore
    /// brings back and what an introductory offer was used by. Currency grants are not kept;
    /// the tally sums them.
    private(set) var grants: [GrantRecord] = []
    /// The transactions of `grants`, to tell whether a change to what the account knows of a
    /// transaction touches the tally.
    private var lastingGrantTransactions: Set<String> = []
    private var tally = GrantTally()
    private(set) var events: [EventSummary] = []
    /// What the paths' servers hold on the player's profile: access levels by level.
    private(set) var serverAccess: [String: ServerAccess] = [:]
    /// Auto-renewable subscriptions on the calendar, by original transaction.
    private(set) var subscriptions: [String: SubscriptionRecord] = [:]
    /// Product ids by transaction, for the listed transactions', the lasting grants' and the
    /// servers' profile levels' products.
    private var productOfTransaction: [String: String] = [:]
    /// The latest transaction of each subscription, by its id, listed or not: what its
    /// summary says of the period (a trial, an offer) and of the path it was bought on.
    private var latestOfSubscription: [String: TransactionSummary] = [:]
    /// The purchase that started each subscription, by its id, listed or not: what it charged
    /// and under which offer, for win-back eligibility (`WinBackStandings`).
    private(set) var originalOfSubscription: [String: TransactionSummary] = [:]
    /// The store each listed or lastingly granted transaction was bought from (by its path), for
    /// what each store knows.
    private var storeOfTransaction: [String: Marketplace] = [:]
    /// Subscription groups by granted transaction, looked up once per grant, not per report.
    private var groupOfTransaction: [String: String] = [:]
    /// The listed or lastingly granted transactions that are family members' shares.
    private var familyShares: Set<String> = []
    /// Transactions of other players this run wrote of (a family member's share), whose events
    /// are theirs: read from the ledger, this player's events never held them.
    private var othersTransactions: Set<String> = []
    private(set) var catalog: ProductCatalog?
    /// How long periods, grace and billing retry last now (the engine sets it).
    var renewalRate: RenewalRate = .realTime
    /// Whether no app reads it (`history`): steps of a subscription that fell due after the app
    /// stopped are then told as the next launch will record them (`SubscriptionStanding`); the
    /// running app records each as it falls due, so it shows what is recorded.
    var readsTheLedgerAlone = false

    init() {}

    /// Everything the panes need, in one pass over the ledger. Without a catalog (`history`),
    /// what only a catalog knows is read from the ledger where it can be (a plan's level from
    /// its grant), else left unknown (a weekly plan's shorter grace).
    init(reading ledger: LedgerDatabase, user: String, catalog: ProductCatalog?) throws {
        self.catalog = catalog
        transactions = try ledger.transactions(newestFirst: Self.listLimit, user: user).map(TransactionSummary.init(record:))
        transactionCount = try ledger.transactionCount(user: user)
        grants = try ledger.lastingGrants(user: user)
        lastingGrantTransactions = Set(grants.map(\.transactionId))
        events = try ledger.events(newestFirst: Self.listLimit, user: user).map(EventSummary.init(record:))
        for transaction in transactions { note(transaction) }
        // Grants of transactions older than the listed ones still need their products and stores.
        for (id, origin) in try ledger.lastingGrantOrigins(user: user) where productOfTransaction[id] == nil {
            productOfTransaction[id] = origin.productId
            storeOfTransaction[id] = IntegrationPath(rawValue: origin.integrationPath)?.marketplace
            if origin.isFamilyShared { familyShares.insert(id) }
        }
        for grant in grants { noteGroup(of: grant) }
        for access in try PathRegistry.serverAccess(in: ledger, user: user) {
            record(access)
            // A level restored from an old purchase names a transaction no longer listed.
            if let id = access.transactionId, productOfTransaction[id] == nil,
               let productId = try ledger.transaction(id: id)?.productId {
                productOfTransaction[id] = productId
            }
        }
        for subscription in try ledger.subscriptions(user: user) {
            record(subscription)
            let id = subscription.latestTransactionId
            if latestOfSubscription[id] == nil, let latest = try ledger.transaction(id: id) {
                latestOfSubscription[id] = TransactionSummary(record: latest)
            }
            let original = subscription.originalTransactionId
            if originalOfSubscription[original] == nil {
                originalOfSubscription[original] = try transactions.first { $0.id == original }
                    ?? latestOfSubscription[original]
                    ?? ledger.transaction(id: original).map(TransactionSummary.init(record:))
            }
        }
        // Tallied last, when the account knows each grant's product, store and group.
        tally = GrantTally()
        for grant in grants { tally.add(grant, facts: facts(of: grant)) }
        for total in try ledger.currencyTotals(user: user) {
            tally.add(total, from: IntegrationPath(rawValue: total.integrationPath)?.marketplace)
        }
    }

    mutating func record(_ subscription: SubscriptionRecord) {
        let latestBefore = known(subscription.latestTransactionId)
        if let previous = subscriptions[subscription.originalTransactionId]?.latestTransactionId,
           previous != subscription.latestTransactionId {
            latestOfSubscription[previous] = nil
        }
        subscriptions[subscription.originalTransactionId] = subscription
        productOfTransaction[subscription.latestTransactionId] = subscription.productId
        // A renewal's transaction was recorded just before its subscription: it is listed.
        if let latest = transactions.first(where: { $0.id == subscription.latestTransactionId }) {
            latestOfSubscription[latest.id] = latest
        }
        // So was the purchase that starts a subscription.
        if originalOfSubscription[subscription.originalTransactionId] == nil,
           let original = transactions.first(where: { $0.id == subscription.originalTransactionId }) {
            originalOfSubscription[original.id] = original
        }
        // The original's store, read with the row when the original is too old to be listed
        // (and, where a server holds its access, has no grant that would name it).
        if storeOfTransaction[subscription.originalTransactionId] == nil,
           let path = subscription.integrationPath.flatMap(IntegrationPath.init(rawValue:)) {
            storeOfTransaction[subscription.originalTransactionId] = path.marketplace
        }
        // Renewals are the original's store's, whether or not the latest is listed.
        if let store = storeOfTransaction[subscription.originalTransactionId] {
            storeOfTransaction[subscription.latestTransactionId] = store
        }
        retallyIfChanged(subscription.latestTransactionId, from: latestBefore)
    }

    private mutating func note(_ transaction: TransactionSummary) {
        let before = known(transaction.id)
        productOfTransaction[transaction.id] = transaction.productId
        storeOfTransaction[transaction.id] = transaction.path?.marketplace
        if transaction.familySharing == .familyShared { familyShares.insert(transaction.id) }
        retallyIfChanged(transaction.id, from: before)
    }

    /// What the account knows of a grant's transaction, for the tally.
    private func facts(of grant: GrantRecord) -> GrantTally.Facts {
        let productId = productOfTransaction[grant.transactionId]
        // A member's share renews only as its purchaser's subscription does, which is not the member's.
        let familyShared = familyShares.contains(grant.transactionId)
        return GrantTally.Facts(store: storeOfTransaction[grant.transactionId], productId: productId,
                                group: groupOfTransaction[grant.transactionId],
                                renews: !familyShared && productId.flatMap { catalog?.product(id: $0)?.type } == .autoRenewable,
                                familyShared: familyShared)
    }

    /// What the account knows of one transaction that its grant's tally depends on.
    private struct KnownTransaction: Equatable {
        var productId: String?
        var store: Marketplace?
        var group: String?
    }

    private func known(_ id: String) -> KnownTransaction {
        KnownTransaction(productId: productOfTransaction[id], store: storeOfTransaction[id], group: groupOfTransaction[id])
    }

    /// Folds again the keys granted by transaction `id` when what the account knows of it changed
    /// from `before` after its grant was tallied (a renewal takes its original's store).
    private mutating func retallyIfChanged(_ id: String, from before: KnownTransaction) {
        guard lastingGrantTransactions.contains(id), known(id) != before else { return }
        retallyGrants(ofTransaction: id)
    }

    /// Folds again each key the lasting grants of transaction `id` give, from all that key's grants.
    private mutating func retallyGrants(ofTransaction id: String) {
        let keys = Set(grants.lazy.filter { $0.transactionId == id }.map(\.key))
        for key in keys.sorted() {
            tally.retally(key: key, from: grants.filter { $0.key == key }.map { ($0, facts(of: $0)) })
        }
    }

    /// The product a transaction bought, listed or not, when the account knows it (a grant's,
    /// a subscription's, a server's profile level's).
    func productId(ofTransaction id: String) -> String? {
        productOfTransaction[id]
    }

    /// The store a transaction was bought from; nil for one the account does not know.
    func store(ofTransaction id: String) -> Marketplace? {
        storeOfTransaction[id]
    }

    /// A grant's expiry moved, earlier or later (the renewal rate changed while it ran).
    mutating func moveGrantExpiry(ofTransaction id: String, to time: Date) {
        for index in grants.indices where grants[index].transactionId == id { grants[index].expiresAt = time }
        retallyGrants(ofTransaction: id)
    }

    /// A grant's access cut short at `time` (QA expired or renewed its subscription early).
    mutating func cutGrant(ofTransaction id: String, at time: Date) {
        for index in grants.indices where grants[index].transactionId == id && (grants[index].expiresAt ?? .distantFuture) > time {
            grants[index].expiresAt = time
        }
        retallyGrants(ofTransaction: id)
    }

    /// The subscriptions as the panes show them at `now`, oldest first; of one store's only, when
    /// `store` is given. What the row kept of its product when it was sold (its level and period)
    /// comes first and the catalog only for rows an older build wrote, so a reader without the
    /// catalog (`history`) says what the app says.
    func subscriptionSummaries(at now: Date, in store: Marketplace? = nil) -> [SubscriptionSummary] {
        subscriptions.values.filter { store == nil || storeOfTransaction[$0.originalTransactionId] == store }
            .sorted { ($0.originalTransactionId) < ($1.originalTransactionId) }.map { record in
            let product = catalog?.product(id: record.productId)
            let level = record.level ?? product.flatMap { catalog?.accessLevel(of: $0) }
                ?? levelGranted(by: record) ?? record.productId
            let period = record.period.flatMap(SubscriptionPeriod.init(iso8601:)) ?? product?.period
            let standing = SubscriptionStanding(record, period: period, rate: renewalRate, at: now, foreseeing: readsTheLedgerAlone)
            let latest = latestOfSubscription[record.latestTransactionId]
            let periodType: String
            switch latest?.offerType {
            case nil: periodType = "normal"
            // An introductory period that charged nothing was a free trial: the ledger says so
            // without the catalog.
            case "introductory"?: periodType = latest?.amountCharged == 0 ? "trial" : "intro"
            // A store's phased offer is named by what its first phase charged; a promotional or
            // win-back offer is not an introductory one, whatever it costs.
            case let offer?:
                periodType = AppliedOffer.periodType(ofRecordedType: offer, charged: latest?.amountCharged ?? 0) ?? offer
            }
            let row = standing.record
            return SubscriptionSummary(
                originalTransactionId: row.originalTransactionId, latestTransactionId: row.latestTransactionId,
                productId: row.productId, level: level, status: standing.status, expiresAt: standing.expiresAt,
                autoRenew: row.autoRenew, billingIssue: row.billingIssue, billingIssueDetectedAt: row.billingIssueAt,
                unsubscribedAt: row.unsubscribedAt, renewals: row.renewals, periodType: periodType,
                path: latest?.path, pendingProductId: row.pendingProductId, priceIncrease: row.priceIncrease,
                endedAt: row.endedAt, endReason: row.endReason,
                scheduledPause: row.scheduledPause.flatMap(PauseDuration.init(rawValue:)), pausedUntil: row.pausedUntil,
                renewalsDue: standing.renewalsDue)
        }
    }

    /// The access level a subscription's purchases granted (or a server's profile holds), from the
    /// ledger: what its level is called when no catalog says.
    private func levelGranted(by subscription: SubscriptionRecord) -> String? {
        let ids: Set<String> = [subscription.latestTransactionId, subscription.originalTransactionId]
        return grants.last { $0.kind == .accessLevel && ids.contains($0.transactionId) }?.key
            ?? serverAccess.values.first { $0.transactionId.map(ids.contains) ?? false }?.level
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
        let listed = transactions.firstIndex { $0.id == transaction.id }
        // A row older than the window changed (a refund of an old purchase): it stays where the
        // ledger lists it, out of the window, as a launch would leave it, and the account
        // updates only what it already kept of it.
        let behindTheWindow = listed == nil && transactions.count >= Self.listLimit
            && transactions.last.map { record.createdAt < $0.createdAt } ?? false
        if !behindTheWindow || productOfTransaction[transaction.id] != nil || storeOfTransaction[transaction.id] != nil {
            note(transaction)
        }
        if latestOfSubscription[transaction.id] != nil
            || subscriptions.values.contains(where: { $0.latestTransactionId == transaction.id }) {
            latestOfSubscription[transaction.id] = transaction
        }
        if originalOfSubscription[transaction.id] != nil || subscriptions[transaction.id] != nil {
            originalOfSubscription[transaction.id] = transaction
        }
        if let listed {
            transactions[listed] = transaction
            return
        }
        guard !behindTheWindow else { return }
        transactions.insert(transaction, at: 0)
        transactionCount += 1
        if transactions.count > Self.listLimit { forget(transactions.removeLast()) }
    }

    /// A transaction that left the panes' window: what the account knew of it goes too, unless
    /// a lasting grant, a subscription or a server's profile level still needs it, as a launch
    /// would not have read it (a consumable bought long ago costs the account nothing).
    private mutating func forget(_ transaction: TransactionSummary) {
        let id = transaction.id
        guard !lastingGrantTransactions.contains(id), subscriptions[id] == nil, latestOfSubscription[id] == nil,
              !subscriptions.values.contains(where: { $0.latestTransactionId == id }),
              !serverAccess.values.contains(where: { $0.transactionId == id }) else { return }
        productOfTransaction[id] = nil
        storeOfTransaction[id] = nil
        familyShares.remove(id)
    }

    mutating func record(_ event: EventRecord) {
        // Another player's, as its launch reads the ledger (`events(user:)`): not this player's panes.
        if let id = event.transactionId, othersTransactions.contains(id) { return }
        events.insert(EventSummary(record: event), at: 0)
        if events.count > Self.listLimit { events.removeLast() }
    }

    mutating func record(_ grant: GrantRecord) {
        if grant.kind != .currency {
            grants.append(grant)
            lastingGrantTransactions.insert(grant.transactionId)
        }
        noteGroup(of: grant)
        tally.add(grant, facts: facts(of: grant))
    }

    /// An access level a path's server recorded on the player's profile.
    mutating func record(_ access: ServerAccess, productId: String? = nil) {
        serverAccess[access.level] = access
        guard let id = access.transactionId else { return }
        let before = known(id)
        if let productId { productOfTransaction[id] = productId }
        noteGroup(ofTransaction: id)
        retallyIfChanged(id, from: before)
    }

    /// A refund the engine recorded: the grant of `transaction` (as the ledger held it before the
    /// refund) no longer counts.
    mutating func revokeGrant(_ grant: GrantRecord?, of transaction: TransactionRecord, at time: Date) {
        guard let grant, grant.revokedAt == nil else { return }
        guard grant.kind != .currency else {
            let store = storeOfTransaction[transaction.id]
                ?? IntegrationPath(rawValue: transaction.integrationPath)?.marketplace
            tally.removeCurrency(grant, from: store)
            return
        }
        for index in grants.indices where grants[index].transactionId == transaction.id { grants[index].revokedAt = time }
        retallyGrants(ofTransaction: transaction.id)
    }

    /// A refund reversed: the grant `revokeGrant` stopped counts again, from now.
    mutating func restoreGrant(_ grant: GrantRecord?, of transaction: TransactionRecord) {
        guard var grant, grant.revokedAt != nil else { return }
        grant.revokedAt = nil
        guard grant.kind != .currency else {
            tally.add(grant, facts: facts(of: grant))
            return
        }
        for index in grants.indices where grants[index].transactionId == transaction.id { grants[index].revokedAt = nil }
        retallyGrants(ofTransaction: transaction.id)
    }

    /// The subscription group of a granted transaction, if it granted an access level.
    func group(ofTransaction id: String) -> String? {
        groupOfTransaction[id]
    }

    /// The transaction `id` is another player's (a family member's share): its events are theirs.
    mutating func noteTransaction(ofAnotherPlayer id: String) {
        othersTransactions.insert(id)
    }

    /// How Family Sharing touches `transaction`: what its row says (a member's share, a purchase
    /// no longer shared), else, for a purchase (or a renewal) of a product the catalog marks
    /// family shareable on a store that shares, shared as its purchase is. Without a catalog
    /// (`history`) only what the row says.
    func familySharing(of transaction: TransactionSummary) -> FamilySharing? {
        if let kept = transaction.familySharing { return kept }
        guard transaction.state == .purchased, transaction.path?.marketplace.sharesWithFamily == true,
              catalog?.product(id: transaction.productId)?.familyShareable == true else { return nil }
        guard let purchase = transaction.originalTransactionId else { return .sharedWithFamily }
        return originalOfSubscription[purchase]?.familySharing == .sharingStopped ? .sharingStopped : .sharedWithFamily
    }

    /// The access level a transaction's subscription gives, from what the account holds: the
    /// level its subscription's row kept, else the catalog's; without either (`history` on a
    /// ledger an older build wrote), the product id, as the subscriptions name their level then.
    func accessLevel(ofTransaction id: String) -> String? {
        if let kept = subscriptions.values.first(where: { $0.originalTransactionId == id || $0.latestTransactionId == id })?.level {
            return kept
        }
        guard let productId = productOfTransaction[id] else { return nil }
        guard let catalog else { return productId }
        guard let product = catalog.product(id: productId),
              product.type == .autoRenewable || product.type == .nonRenewing else { return nil }
        return catalog.accessLevel(of: product)
    }

    /// The panes at simulated time `now`: an access level is active until its latest expiry.
    /// With `store`, what that store alone knows (its own purchases, as its restore and
    /// `currentEntitlements` see them); without, what the game unlocked from every store: each
    /// store's own view of an entitlement, combined (`EntitlementSources`). `waiting` is what the
    /// paths' servers have not recorded yet (`ServerWaits`). This is the one computation behind
    /// the Entitlements pane and `history`.
    func snapshot(at now: Date, in store: Marketplace? = nil, waiting: ServerWaits = ServerWaits()) -> StoreSnapshot {
        let summaries = subscriptionSummaries(at: now, in: store)
        var (entitlements, history) = scopedEntitlements(at: now, in: store, summaries: summaries)
        if let store {
            entitlements = waiting.marking(entitlements, in: store)
        } else {
            // Each store's view of what it gives; a grant whose store the account cannot tell
            // (a path this build does not know) keeps the view of every store together.
            let stores = Set(storeOfTransaction.values).union(waiting.stores).sorted()
            let views = stores.map { store in
                (store, waiting.marking(scopedEntitlements(at: now, in: store, summaries: subscriptionSummaries(at: now, in: store))
                    .entitlements, in: store))
            }
            for id in Set(entitlements.keys).union(views.flatMap(\.1.keys)) {
                let candidates = views.compactMap { store, view in view[id].map { EntitlementSources.View(store: store, entitlement: $0) } }
                if let combined = EntitlementSources.combine(candidates) { entitlements[id] = combined }
            }
        }
        let byLatest = Dictionary(summaries.map { ($0.latestTransactionId, $0) }, uniquingKeysWith: { _, last in last })
        return StoreSnapshot(
            transactions: transactions.map { transaction in
                var listed = transaction
                listed.subscription = byLatest[transaction.id]
                listed.familySharing = familySharing(of: transaction)
                return listed
            },
            transactionCount: transactionCount,
            balances: tally.balances(in: GrantTally.Scope(store)),
            entitlements: entitlements.values.sorted { $0.id < $1.id },
            events: events,
            history: history,
            subscriptions: summaries)
    }

    /// The entitlements one scope's grants, servers' profiles and subscriptions give at `now`,
    /// each labelled with the stores it comes from, and what offer eligibility needs to know.
    private func scopedEntitlements(at now: Date, in store: Marketplace?, summaries: [SubscriptionSummary])
        -> (entitlements: [String: Entitlement], history: SubscriberHistory) {
        let scope = GrantTally.Scope(store)
        var entitlements: [String: Entitlement] = [:]
        var history = SubscriberHistory(subscribedGroups: tally.subscribedGroups(in: scope))
        var latestExpiry: [String: Date] = [:]
        var origins: [String: EntitlementOrigins] = [:]
        // What the grants give; a refunded one gives nothing (its access and its currency went with it).
        for (key, granted) in tally.keys(in: scope) {
            entitlements[key] = granted.entitlement(id: key, at: now)
            origins[key] = granted.origins
            latestExpiry.merge(granted.groupExpiry, uniquingKeysWith: max)
        }
        // The servers' profile levels: the server's word, merged with what the app granted itself.
        // A server hears only of its own store's purchases.
        for access in serverAccess.values.sorted(by: { $0.level < $1.level }) where store == nil || store == access.store {
            origins[access.level, default: .init()].note(access.store, until: access.expiresAt)
            let productId = access.transactionId.flatMap { productOfTransaction[$0] }
            if let transaction = access.transactionId, let group = groupOfTransaction[transaction] {
                history.subscribedGroups.insert(group)
                latestExpiry[group] = max(latestExpiry[group] ?? .distantPast, access.expiresAt ?? .distantFuture)
            }
            let expires = access.expiresAt ?? .distantFuture
            if let granted = entitlements[access.level], (granted.expiresAt ?? .distantPast) >= expires { continue }
            entitlements[access.level] = Entitlement(id: access.level, kind: .accessLevel, productId: productId,
                                                     expiresAt: access.expiresAt, isActive: expires > now,
                                                     source: access.shownSource,
                                                     willRenew: access.willRenew && expires > now)
            entitlements[access.level]?.isFamilyShared = access.transactionId.map(familyShares.contains) ?? false
        }
        // A member's share of a plan whose access a path's server keeps, before the server records
        // it: shown, not active (waiting, where its notification is on the way). Only the catalog
        // names its level: a member holds no subscription row that kept it.
        for share in transactions where catalog != nil && share.familySharing == .familyShared && share.revokedAt == nil {
            let shareStore = share.path?.marketplace
            guard store == nil || shareStore == store, let level = accessLevel(ofTransaction: share.id),
                  entitlements[level] == nil else { continue }
            entitlements[level] = Entitlement(id: level, kind: .accessLevel, productId: share.productId, expiresAt: nil,
                                              isActive: false)
            entitlements[level]?.isFamilyShared = true
            origins[level, default: .init()].note(shareStore, until: .distantPast)
        }
        // The subscriptions behind the levels: grace keeps access, auto-renew says whether it renews.
        history.subscribedGroups.formUnion(groupsPaidFor(summaries))
        for summary in summaries {
            if summary.isLive {
                origins[summary.level, default: .init()].note(storeOfTransaction[summary.originalTransactionId],
                                                              until: nil)
            }
            // A refunded or expired plan with no other grant of its level still shows, inactive.
            var entitlement = entitlements[summary.level] ?? Entitlement(
                id: summary.level, kind: .accessLevel, productId: summary.productId, expiresAt: summary.expiresAt,
                isActive: false)
            guard entitlement.kind == .accessLevel else { continue }
            // The live subscription speaks for the level; an ended one only when none is live.
            if let shown = entitlement.subscription, shown.isLive, !summary.isLive { continue }
            entitlement.subscription = summary
            // Renewals no app has recorded yet: the plan runs on, and the next launch records them.
            if summary.renewalsDue, !entitlement.isActive {
                entitlement.renewalsDueAtNextLaunch = true
                entitlement.expiresAt = summary.expiresAt
            }
            if entitlement.source == nil {
                if summary.status == .inGracePeriod || summary.renewalsDue {
                    entitlement.isActive = true
                    entitlement.expiresAt = summary.expiresAt
                }
                entitlement.willRenew = entitlement.isActive && summary.willRenew
            }
            entitlements[summary.level] = entitlement
        }
        let lapsed = Set(latestExpiry.filter { $0.value <= now }.keys).subtracting(groupsStillSubscribed(summaries))
        history.lapses = winBackStandings(of: lapsed, lapsedAt: latestExpiry, subscriptions: summaries, at: now)
        for (id, entitlement) in entitlements {
            entitlements[id]?.stores = origins[entitlement.id]?.stores(at: now) ?? []
        }
        return (entitlements, history)
    }
}

extension Account {
    /// Groups the store took a payment in: every paid auto-renewable purchase starts its
    /// subscription in the commit of its payment, so its group's introductory offer is used from
    /// then on, as the store's own record says, whether or not the app has granted it (a path's
    /// server may not have heard of it yet; a purchase that failed verification is never granted).
    private func groupsPaidFor(_ summaries: [SubscriptionSummary]) -> Set<String> {
        Set(summaries.compactMap { catalog?.product(id: $0.productId)?.group })
    }

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
                  path: PathRegistry.path(named: record.integrationPath),
                  state: State(rawValue: record.state.rawValue) ?? .failed,
                  failure: record.state == .deferred ? nil : record.error.map(FailureReason.init(recorded:)),
                  quantity: record.quantity,
                  price: record.price, currency: record.currency, pathReference: record.pathReference,
                  variationId: record.variationId, createdAt: record.createdAt, updatedAt: record.updatedAt,
                  finishedAt: record.finishedAt, purchasedAt: record.purchasedAt, charge: record.amountCharged,
                  offerType: record.offerType, offerId: record.offerId,
                  // A store that signs with its own key hands out no App Store JWS (one an older
                  // build kept on a Google Play transaction is not the store's).
                  signedTransaction: PathRegistry.path(named: record.integrationPath).map(PathRegistry.hasOwnKey) == true
                      ? nil : record.signedTransaction,
                  pending: record.state == .deferred ? PendingReason(recorded: record.error) : nil,
                  originalTransactionId: record.originalTransactionId, revokedAt: record.revokedAt,
                  revocationReason: record.revocationReason, locale: record.locale)
        refundRequest = record.refundRequest.map(RefundRequest.init(record:))
        familySharing = FamilySharing(record: record)
    }
}

extension EventSummary {
    init(record: EventRecord) {
        self.init(id: record.id, time: record.time, kind: EventKind(rawValue: record.kind),
                  transactionId: record.transactionId, message: record.message)
    }
}
