import Catalog

/// The store that takes the payment on a path and keeps its purchases (each path says which,
/// `PathTraits.marketplace`): the App Store, Xsolla or Google Play, or the store of a path
/// registered beside them. As in the real stores, each knows only what was bought from it:
/// restore, `currentEntitlements`, plan changes within a subscription group and the store's own
/// "already owned" see that store's purchases. What the game unlocked is the union of every store's.
public struct Marketplace: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Its name in reports and the ledger's words (`appStore`).
    public let rawValue: String
    public let displayName: String
    /// As a sentence names it: `the App Store`, `Xsolla`.
    public let nameInASentence: String
    /// Where it comes in lists of stores (the panes', a report's): the App Store first.
    let rank: Int

    /// A store of a path the engine does not ship, ranked after the others unless `rank` says so.
    init(_ rawValue: String, displayName: String, nameInASentence: String? = nil, rank: Int = 100) {
        self.rawValue = rawValue
        self.displayName = displayName
        self.nameInASentence = nameInASentence ?? displayName
        self.rank = rank
    }

    public static let appStore = Marketplace("appStore", displayName: "App Store", nameInASentence: "the App Store",
                                             rank: 0)
    public static let xsolla = Marketplace("xsolla", displayName: "Xsolla", rank: 1)
    public static let googlePlay = Marketplace("googlePlay", displayName: "Google Play", rank: 2)

    /// The stores of the built-in paths, in their order.
    public static let builtIn: [Marketplace] = [.appStore, .xsolla, .googlePlay]

    public var description: String { rawValue }

    public static func == (lhs: Marketplace, rhs: Marketplace) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public static func < (lhs: Marketplace, rhs: Marketplace) -> Bool {
        (lhs.rank, lhs.rawValue) < (rhs.rank, rhs.rawValue)
    }
}
