/// The whole store as `catalog.json` describes it (schema v1, docs/catalog.md). A value: loading
/// builds one, nothing mutates it while the app runs, a reload replaces it.
public struct Catalog: Sendable, Equatable {
    public static let supportedSchemaVersion = 1

    public var schemaVersion: Int
    public var app: AppInfo
    public var settings: Settings
    public var storefronts: [Storefront]
    public var accessLevels: [AccessLevel]
    public var subscriptionGroups: [SubscriptionGroup]
    public var products: [Product]
    public var paywalls: [Paywall]
    /// Where the catalog came from. Transactions made with a local StoreKit configuration are
    /// signed by Xcode, not Apple, so a server that verifies with Apple (Xee's) unlocks none.
    public var origin: Origin

    public enum Origin: String, Sendable, Equatable {
        case catalogJSON
        case storeKitConfiguration
    }

    public init(
        schemaVersion: Int = Catalog.supportedSchemaVersion,
        app: AppInfo,
        settings: Settings = Settings(),
        storefronts: [Storefront],
        accessLevels: [AccessLevel] = [],
        subscriptionGroups: [SubscriptionGroup] = [],
        products: [Product],
        paywalls: [Paywall] = [],
        origin: Origin = .catalogJSON
    ) {
        self.schemaVersion = schemaVersion
        self.app = app
        self.settings = settings
        self.storefronts = storefronts
        self.accessLevels = accessLevels
        self.subscriptionGroups = subscriptionGroups
        self.products = products
        self.paywalls = paywalls
        self.origin = origin
    }

    public func product(id: String) -> Product? {
        products.first { $0.id == id }
    }

    public func storefront(id: String) -> Storefront? {
        storefronts.first { $0.id == id }
    }

    /// The storefront a person means by `text`: ids are ISO 3166 alpha-3 codes, so `jpn` is `JPN`.
    public func storefront(matching text: String) -> Storefront? {
        storefront(id: text) ?? storefront(id: text.uppercased())
    }

    public func subscriptionGroup(id: String) -> SubscriptionGroup? {
        subscriptionGroups.first { $0.id == id }
    }

    public func paywall(id: String) -> Paywall? {
        paywalls.first { $0.id == id }
    }

    /// Whether Pay Station opens in an external browser in `storefront` (the US path) rather
    /// than inside the app (the EU/DMA path, or every storefront when the settings say so).
    public func opensPayStationInBrowser(in storefront: Storefront) -> Bool {
        !storefront.inAppPayStation && settings.openExternalBrowser
    }
}

public struct AppInfo: Sendable, Equatable {
    public var name: String
    public var bundleId: String

    public init(name: String, bundleId: String) {
        self.name = name
        self.bundleId = bundleId
    }

    /// The URL scheme the app registers; Pay Station redirects come back through it.
    public var urlScheme: String { bundleId }
}

public struct AccessLevel: Sendable, Equatable {
    public var id: String

    public init(id: String) {
        self.id = id
    }
}

public struct SubscriptionGroup: Sendable, Equatable {
    public var id: String
    public var accessLevel: String?
    public var name: LocalizedText

    public init(id: String, accessLevel: String? = nil, name: LocalizedText = LocalizedText()) {
        self.id = id
        self.accessLevel = accessLevel
        self.name = name
    }
}
