/// The whole store as `catalog.json` describes it (schema v1, docs/catalog.md). A value: loading
/// builds one, nothing mutates it while the app runs, a reload replaces it.
public struct ProductCatalog: Sendable, Equatable {
    public static let supportedSchemaVersion = 1

    public var schemaVersion: Int
    public var app: AppInfo
    public var settings: Settings
    public var storefronts: [Storefront] { didSet { storefrontIndex = Self.index(storefronts.lazy.map(\.id)) } }
    public var accessLevels: [AccessLevel]
    public var subscriptionGroups: [SubscriptionGroup] { didSet { groupIndex = Self.index(subscriptionGroups.lazy.map(\.id)) } }
    public var products: [Product] { didSet { productIndex = Self.index(products.lazy.map(\.id)) } }
    public var paywalls: [Paywall]
    /// Where the catalog came from. Transactions made with a local StoreKit configuration are
    /// signed by Xcode, not Apple, so a server that verifies with Apple (Xee's) unlocks none.
    public var origin: Origin

    public enum Origin: String, Sendable, Equatable {
        case catalogJSON
        case storeKitConfiguration
    }

    // Lookups by id are made per row and per report: each array has its index, built with it
    // and again whenever it changes. Of an id written twice (an error the validator reports),
    // the first element, as a scan would find it.
    private var storefrontIndex: PositionIndex
    private var groupIndex: PositionIndex
    private var productIndex: PositionIndex

    private static func index(_ ids: some Sequence<String>) -> PositionIndex {
        PositionIndex(ids, repeated: .first)
    }

    public init(
        schemaVersion: Int = ProductCatalog.supportedSchemaVersion,
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
        storefrontIndex = Self.index(storefronts.lazy.map(\.id))
        groupIndex = Self.index(subscriptionGroups.lazy.map(\.id))
        productIndex = Self.index(products.lazy.map(\.id))
    }

    public func product(id: String) -> Product? {
        productIndex[id].map { products[$0] }
    }

    public func storefront(id: String) -> Storefront? {
        storefrontIndex[id].map { storefronts[$0] }
    }

    /// The storefront a person means by `text`: ids are ISO 3166 alpha-3 codes, so `jpn` is `JPN`.
    public func storefront(matching text: String) -> Storefront? {
        storefront(id: text) ?? storefront(id: text.uppercased())
    }

    public func subscriptionGroup(id: String) -> SubscriptionGroup? {
        groupIndex[id].map { subscriptionGroups[$0] }
    }

    /// The access level a subscription (auto-renewable or not) grants: its group's, else one
    /// named by the product's own id.
    public func accessLevel(of product: Product) -> String {
        product.group.flatMap { subscriptionGroup(id: $0)?.accessLevel } ?? product.id
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
