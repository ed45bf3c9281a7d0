import Foundation

/// One entitlement as several stores give it, told as one row: the game unlocks it while any
/// store gives it, so it is active until the latest end among the stores giving it now, with
/// that store's date, renewal and subscription, and every store giving it named (the one whose
/// date shows first). A store whose purchase still waits for its server is named as waiting
/// beside them. When no store gives it, the row tells the store that says most: one still
/// waiting for its server, else a subscription still the player's (grace's end, billing
/// retry, account hold, a pause), else the latest end.
enum EntitlementSources {
    /// What one store alone knows of the entitlement.
    struct View {
        var store: Marketplace
        var entitlement: Entitlement
    }

    static func combine(_ views: [View]) -> Entitlement? {
        let giving = views.filter(\.entitlement.isActive).sorted(by: showsFirst)
        let waiting = views.filter { !$0.entitlement.isActive && $0.entitlement.serverWait != nil }
        let waits = { (views: [View]) in
            views.compactMap { view in view.entitlement.serverWait.map { StoreWait(store: view.store, wait: $0) } }
        }
        if let shown = giving.first {
            var entitlement = shown.entitlement
            entitlement.stores = giving.map(\.store)
            entitlement.waitingStores = waits(waiting)
            return entitlement
        }
        if let shown = waiting.first {
            var entitlement = shown.entitlement
            entitlement.stores = [shown.store]
            entitlement.waitingStores = waits(Array(waiting.dropFirst()))
            return entitlement
        }
        guard let shown = views.sorted(by: saysMoreWhenInactive).first else { return nil }
        var entitlement = shown.entitlement
        entitlement.stores = [shown.store]
        return entitlement
    }

    /// Among stores giving it: the latest end first (none is for good), then one that renews,
    /// then the stores' order.
    private static func showsFirst(_ a: View, _ b: View) -> Bool {
        let (endA, endB) = (a.entitlement.expiresAt ?? .distantFuture, b.entitlement.expiresAt ?? .distantFuture)
        if endA != endB { return endA > endB }
        if a.entitlement.willRenew != b.entitlement.willRenew { return a.entitlement.willRenew }
        return a.store < b.store
    }

    /// Among stores that do not give it: renewals due first, then a subscription still the
    /// player's, then the latest end, then the stores' order.
    private static func saysMoreWhenInactive(_ a: View, _ b: View) -> Bool {
        let dueA = a.entitlement.renewalsDueAtNextLaunch, dueB = b.entitlement.renewalsDueAtNextLaunch
        if dueA != dueB { return dueA }
        let liveA = a.entitlement.subscription?.isLive ?? false, liveB = b.entitlement.subscription?.isLive ?? false
        if liveA != liveB { return liveA }
        let (endA, endB) = (a.entitlement.expiresAt ?? .distantPast, b.entitlement.expiresAt ?? .distantPast)
        if endA != endB { return endA > endB }
        return a.store < b.store
    }
}
