import Catalog
import Foundation
import Ledger

// What a change left the player, every store taken into account. A refund, an expiry, the end of
// grace or a server's notification takes away one store's access; the game unlocks an
// entitlement while any store gives it, so a notice that says access went must first ask
// whether another store still gives it, and say so instead.
extension Store {
    /// The entitlement `key` as the game unlocks it now, when a store still gives it.
    func stillGiven(_ key: String) -> Entitlement? {
        account.snapshot(at: now(), waiting: serverWaits).entitlement(id: key).flatMap { $0.isActive ? $0 : nil }
    }

    /// `notice` with what another store still gives of `key` added (`…; premium stays active
    /// from Xsolla.`); as it is when nothing does.
    func telling(_ notice: StoreNotice, whatIsLeftOf key: String?) -> StoreNotice {
        guard let key, let left = stillGiven(key) else { return notice }
        let said = notice.text.hasSuffix(".") ? String(notice.text.dropLast()) : notice.text
        return StoreNotice(notice.tone, "\(said); \(left.stillGivenWords).")
    }

    /// The access level a subscription's product gives: the row's, else the catalog's.
    func level(of subscription: SubscriptionRecord) -> String? {
        subscription.level ?? catalog.product(id: subscription.productId).map { catalog.accessLevel(of: $0) }
    }
}

extension Entitlement {
    /// `premium stays active from Xsolla`, `no_ads stays unlocked from the App Store and Xsolla`:
    /// the entitlement a change left in place, and the stores that still give it.
    var stillGivenWords: String {
        let stores = English.list(stores.map(\.nameInASentence), joinedBy: "and")
        return "\(id) stays \(isLifetime ? "unlocked" : "active")" + (stores.isEmpty ? "" : " from \(stores)")
    }
}
