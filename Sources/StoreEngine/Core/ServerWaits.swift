import Foundation

/// The access levels the paths' servers have not recorded yet (`PurchasePath.levelsWaitingForServer`:
/// a purchase or a renewal whose notification is on the way), by the store whose purchases each
/// server hears of. The app reads them from its agenda, `history` from the ledger's due work;
/// both hand them to the one computation of the panes (`Account.snapshot`).
struct ServerWaits: Equatable {
    private var byStore: [Marketplace: [String: ServerWait]] = [:]

    init() {}

    /// What `paths` say waits, given the work scheduled; `accessLevel` names the level a
    /// transaction gives.
    init(paths: [any PurchasePath], scheduled: [ScheduledWork], accessLevel: (String) -> String?) {
        for path in paths {
            let levels = path.levelsWaitingForServer(among: scheduled, accessLevel: accessLevel)
            guard !levels.isEmpty else { continue }
            byStore[path.id.marketplace, default: [:]].merge(levels) { first, _ in first }
        }
    }

    /// The stores with something waiting.
    var stores: Set<Marketplace> { Set(byStore.keys) }

    /// `entitlements` of `store` with the levels its server has not recorded yet marked waiting,
    /// not expired: the store sold them, and says whether they renew.
    func marking(_ entitlements: [String: Entitlement], in store: Marketplace) -> [String: Entitlement] {
        guard let waiting = byStore[store] else { return entitlements }
        var marked = entitlements
        for (id, entitlement) in entitlements where !entitlement.isActive {
            guard let wait = waiting[id] else { continue }
            marked[id]?.serverWait = wait
            marked[id]?.willRenew = entitlement.subscription?.willRenew ?? false
        }
        return marked
    }
}
