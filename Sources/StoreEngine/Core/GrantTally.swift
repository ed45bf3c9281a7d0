import Catalog
import Foundation
import Ledger

/// What the player's grants give, kept up to date as each grant is recorded, refunded or has its
/// expiry moved, so that a report costs the same however many purchases the history holds: the
/// balances are sums, and each access level or non-consumable is one tally, refolded from its own
/// grants only when one of them changes. Nothing here depends on the time of a report: what is
/// active is decided when the report asks (`KeyTally.entitlement(at:)`, `EntitlementOrigins.stores(at:)`).
struct GrantTally {
    /// Everything the game unlocked, or what one store alone knows (its own purchases).
    enum Scope: Hashable {
        case everyStore
        case only(Marketplace)

        /// The scopes a grant from `store` counts in: every store's, and its own store's when known.
        static func counting(_ store: Marketplace?) -> [Scope] {
            store.map { [.everyStore, .only($0)] } ?? [.everyStore]
        }

        init(_ store: Marketplace?) {
            self = store.map(Scope.only) ?? .everyStore
        }
    }

    /// What the account knows of a grant's transaction when the grant is tallied.
    struct Facts {
        var store: Marketplace?
        var productId: String?
        /// The subscription group of an access level's product.
        var group: String?
        /// Whether its product renews by itself (an auto-renewable plan).
        var renews: Bool
        /// Whether the transaction is a family member's share of another's purchase.
        var familyShared = false
    }

    /// Unrefunded currency, and how many grants it is of: a currency whose every grant was
    /// refunded is no balance at all, not a balance of 0.
    private struct CurrencySum {
        var amount = 0
        var grants = 0
    }

    private var currency: [Scope: [String: CurrencySum]] = [:]
    private var lasting: [Scope: [String: KeyTally]] = [:]
    /// Groups ever subscribed in: a refunded subscription still counts (its introductory offer stays used).
    private var subscribedGroups: [Scope: Set<String>] = [:]

    init() {}

    func balances(in scope: Scope) -> [String: Int] {
        (currency[scope] ?? [:]).mapValues(\.amount)
    }

    /// Each access level and non-consumable the grants give, by its key.
    func keys(in scope: Scope) -> [String: KeyTally] {
        lasting[scope] ?? [:]
    }

    func subscribedGroups(in scope: Scope) -> Set<String> {
        subscribedGroups[scope] ?? []
    }

    /// A grant recorded (or read at launch).
    mutating func add(_ grant: GrantRecord, facts: Facts) {
        let scopes = Scope.counting(facts.store)
        if grant.kind == .accessLevel, let group = facts.group {
            for scope in scopes { subscribedGroups[scope, default: []].insert(group) }
        }
        guard grant.revokedAt == nil else { return }
        for scope in scopes {
            if grant.kind == .currency {
                currency[scope, default: [:]][grant.key, default: CurrencySum()].amount += grant.amount
                currency[scope, default: [:]][grant.key, default: CurrencySum()].grants += 1
            } else {
                lasting[scope, default: [:]][grant.key] = KeyTally.folding(grant, facts: facts, into: lasting[scope]?[grant.key])
            }
        }
    }

    /// A sum of currency grants the ledger added up (`Ledger.currencyTotals`), from `store`.
    mutating func add(_ total: CurrencyTotal, from store: Marketplace?) {
        for scope in Scope.counting(store) {
            currency[scope, default: [:]][total.key, default: CurrencySum()].amount += total.amount
            currency[scope, default: [:]][total.key, default: CurrencySum()].grants += total.grants
        }
    }

    /// A currency grant from `store` refunded: it no longer counts.
    mutating func removeCurrency(_ grant: GrantRecord, from store: Marketplace?) {
        for scope in Scope.counting(store) {
            guard var sum = currency[scope]?[grant.key] else { continue }
            sum.amount -= grant.amount
            sum.grants -= 1
            currency[scope]?[grant.key] = sum.grants > 0 ? sum : nil
        }
    }

    /// Folds one key's tallies again from all its lasting grants, oldest first: one of them was
    /// refunded, or its expiry moved.
    mutating func retally(key: String, from grants: [(grant: GrantRecord, facts: Facts)]) {
        for scope in lasting.keys { lasting[scope]?[key] = nil }
        for (grant, facts) in grants where grant.revokedAt == nil {
            for scope in Scope.counting(facts.store) {
                lasting[scope, default: [:]][key] = KeyTally.folding(grant, facts: facts, into: lasting[scope]?[key])
            }
        }
    }
}

/// What the lasting grants of one key (an access level, or a non-consumable's product) give,
/// folded in the order they were granted: the latest grant names the product and the kind, an
/// access level lasts to its latest expiry.
struct KeyTally {
    private(set) var kind: Entitlement.Kind
    private(set) var productId: String?
    /// An access level's latest expiry (`distantPast` where none says); nil for a non-consumable.
    private(set) var expiresAt: Date?
    private(set) var renews: Bool
    /// Whether the latest grant is a family member's share (Family Sharing gives it).
    private(set) var familyShared: Bool
    private(set) var origins: EntitlementOrigins
    /// The latest expiry of each subscription group its access-level grants belong to (an
    /// expiry left open counts as for ever): when a group lapsed.
    private(set) var groupExpiry: [String: Date]

    static func folding(_ grant: GrantRecord, facts: GrantTally.Facts, into tally: KeyTally?) -> KeyTally {
        var origins = tally?.origins ?? EntitlementOrigins()
        var groupExpiry = tally?.groupExpiry ?? [:]
        switch grant.kind {
        // Currency is summed (`GrantTally.add`), never folded here.
        case .nonConsumable, .currency:
            origins.note(facts.store, until: nil)
            return KeyTally(kind: .nonConsumable, productId: facts.productId, expiresAt: nil, renews: false,
                            familyShared: facts.familyShared, origins: origins, groupExpiry: groupExpiry)
        case .accessLevel:
            origins.note(facts.store, until: grant.expiresAt)
            if let group = facts.group {
                groupExpiry[group] = max(groupExpiry[group] ?? .distantPast, grant.expiresAt ?? .distantFuture)
            }
            let latest = max(grant.expiresAt ?? .distantPast, tally?.expiresAt ?? .distantPast)
            return KeyTally(kind: .accessLevel, productId: facts.productId, expiresAt: latest, renews: facts.renews,
                            familyShared: facts.familyShared, origins: origins, groupExpiry: groupExpiry)
        }
    }

    /// The entitlement the key gives at `now`, before the servers' and the subscriptions' word.
    func entitlement(id: String, at now: Date) -> Entitlement {
        var entitlement: Entitlement
        if kind == .accessLevel, let latest = expiresAt {
            entitlement = Entitlement(id: id, kind: .accessLevel, productId: productId, expiresAt: latest, isActive: latest > now,
                                      willRenew: renews && latest > now)
        } else {
            entitlement = Entitlement(id: id, kind: .nonConsumable, productId: productId, expiresAt: nil, isActive: true)
        }
        entitlement.isFamilyShared = familyShared
        return entitlement
    }
}

/// The stores an entitlement comes from: those giving it at the report's time, else the one
/// whose access lasted longest (an expired level still says where it was bought). It keeps each
/// store's latest end, so it can be asked at any time.
struct EntitlementOrigins {
    private var latestEnd: [Marketplace: Date] = [:]
    private var longest: (store: Marketplace, until: Date)?

    /// A grant, a profile level or a live subscription from `store`, lasting `until` (nil: for good).
    mutating func note(_ store: Marketplace?, until: Date?) {
        guard let store else { return }
        let end = until ?? .distantFuture
        latestEnd[store] = max(latestEnd[store] ?? .distantPast, end)
        if longest.map({ end > $0.until }) ?? true { longest = (store, end) }
    }

    func stores(at now: Date) -> [Marketplace] {
        let givingNow = latestEnd.filter { $0.value > now }.keys.sorted()
        return givingNow.isEmpty ? longest.map { [$0.store] } ?? [] : givingNow
    }
}
