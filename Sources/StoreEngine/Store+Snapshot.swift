import Catalog
import Foundation
import Ledger

extension Store {
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
}
