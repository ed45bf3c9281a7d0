import Catalog

/// The store that takes the payment on a path and keeps its purchases (each path says which,
/// `PathTraits.marketplace`): the App Store, Xsolla or Google Play. As in the real
/// stores, each knows only what was bought from it: restore, `currentEntitlements`, plan changes
/// within a subscription group and the store's own "already owned" see that store's purchases.
/// What the game unlocked is the union of every store's.
public enum Marketplace: String, Sendable, CaseIterable, Comparable {
    case appStore
    case xsolla
    case googlePlay

    public var displayName: String {
        switch self {
        case .appStore: return "App Store"
        case .xsolla: return "Xsolla"
        case .googlePlay: return "Google Play"
        }
    }

    /// As a sentence names it: `the App Store`, `Xsolla`.
    public var nameInASentence: String {
        self == .appStore ? "the App Store" : displayName
    }

    public static func < (lhs: Marketplace, rhs: Marketplace) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
