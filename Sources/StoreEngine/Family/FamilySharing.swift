import Catalog
import Foundation
import Ledger

/// How Family Sharing touches a transaction, as the App Store has it: the players of one state
/// directory are one family (a test device's family group), and a family-shareable purchase one
/// of them makes is shared with every other, each member holding a share of their own.
public enum FamilySharing: String, Sendable, Equatable {
    /// The purchaser's purchase (or a renewal of it) of a family-shareable product, shared.
    case sharedWithFamily
    /// The purchaser's purchase, which its purchaser stopped sharing: the members' access ended.
    case sharingStopped
    /// A family member's share of another player's purchase: `inAppOwnershipType`
    /// `FAMILY_SHARED`, its own id, the purchase as its original, nothing charged to the member.
    case familyShared

    /// What a transaction says of itself, before the catalog is asked whether its product is
    /// shared: a member's share, or a purchase no longer shared.
    init?(record: TransactionRecord) {
        if record.isFamilyShared {
            self = .familyShared
        } else if record.familySharingStoppedAt != nil {
            self = .sharingStopped
        } else {
            return nil
        }
    }
}

extension Marketplace {
    /// Whether the store shares a purchase with the purchaser's family. Only the App Store does:
    /// Google Play has no family sharing of in-app products, Xsolla none at all.
    var sharesWithFamily: Bool { self == .appStore }
}

extension ProductCatalog {
    /// The products the App Store shares with the family, by id, in the catalog's order.
    var familyShareableProducts: [String] {
        products.filter { $0.familyShareable && Product.canBeFamilyShareable($0.type) }.map(\.id)
    }
}
