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

/// The ways a purchase can travel.
public enum IntegrationPath: String, Sendable, CaseIterable {
    case storekit
    case paystation
    case xee
    /// Google Play Billing, for the same game on Android.
    case play

    public var displayName: String {
        switch self {
        case .storekit: return "StoreKit 2"
        case .paystation: return "Pay Station"
        case .xee: return "Xee"
        case .play: return "Google Play"
        }
    }
}
