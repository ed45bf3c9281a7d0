/// A country's App Store or web shop: its locale, currency and the integration path that sells
/// there.
public struct Storefront: Sendable, Equatable, Identifiable {
    /// ISO 3166 alpha-3, as StoreKit's `Storefront.countryCode`.
    public var id: String
    /// A POSIX-style locale identifier such as `de_DE`.
    public var locale: String
    /// ISO 4217 code such as `EUR`.
    public var currency: String
    public var path: IntegrationPath
    /// On the Pay Station path: open Pay Station inside the app (the EU/DMA path) rather than in
    /// an external browser.
    public var inAppPayStation: Bool

    public init(id: String, locale: String, currency: String, path: IntegrationPath, inAppPayStation: Bool = false) {
        self.id = id
        self.locale = locale
        self.currency = currency
        self.path = path
        self.inAppPayStation = inAppPayStation
    }

    /// The language part of the locale (`de` for `de_DE`), for localized strings.
    public var language: String {
        LocalizedText.language(of: locale)
    }
}

/// The ways a purchase can travel: the catalog's four by name, and any other a build registers
/// with the engine. A struct rather than an enum, so that a path the catalog does not name (a
/// later store, a test's) is a path all the same; the catalog still accepts only its four names
/// (`allCases`), and the engine knows what each path is from the path itself.
public struct IntegrationPath: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    public let rawValue: String
    /// How the app and its notices name it: `StoreKit 2`, `Pay Station`.
    public let displayName: String

    /// One of the catalog's names; nil for any other (the engine finds a registered path by its
    /// name through its registry).
    public init?(rawValue: String) {
        guard let named = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = named
    }

    /// A path the catalog does not name, registered with the engine by whoever defines it.
    public init(name: String, displayName: String) {
        rawValue = name
        self.displayName = displayName
    }

    public static let storekit = IntegrationPath(name: "storekit", displayName: "StoreKit 2")
    public static let paystation = IntegrationPath(name: "paystation", displayName: "Pay Station")
    public static let xee = IntegrationPath(name: "xee", displayName: "Xee")
    /// Google Play Billing, for the same game on Android.
    public static let play = IntegrationPath(name: "play", displayName: "Google Play")

    /// The paths a catalog names, in the order the app steps through them.
    public static let allCases: [IntegrationPath] = [.storekit, .paystation, .xee, .play]

    public var description: String { rawValue }

    // One path, one name: the display name follows from it.
    public static func == (lhs: IntegrationPath, rhs: IntegrationPath) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
