import Testing
@testable import Catalog

/// Lookups by id go through indexes built beside the arrays: they find what a scan would, the
/// first of an id written twice, and what a later change to the arrays made.
@Suite("Catalog lookups")
struct CatalogLookupTests {
    private func product(_ id: String, level: Int? = nil) -> Product {
        var product = Product(id: id, type: .consumable, prices: ["USA": 0.99])
        product.level = level
        return product
    }

    @Test func anIdWrittenTwiceFindsTheFirst() {
        let catalog = ProductCatalog(app: AppInfo(name: "A", bundleId: "com.example.a"),
                              storefronts: [Storefront(id: "USA", locale: "en_US", currency: "USD", path: .paystation),
                                            Storefront(id: "USA", locale: "en_GB", currency: "USD", path: .storekit)],
                              subscriptionGroups: [SubscriptionGroup(id: "g", accessLevel: "one"),
                                                   SubscriptionGroup(id: "g", accessLevel: "two")],
                              products: [product("a", level: 1), product("b"), product("a", level: 2)])
        #expect(catalog.product(id: "a")?.level == 1)
        #expect(catalog.product(id: "b")?.id == "b")
        #expect(catalog.product(id: "c") == nil)
        #expect(catalog.storefront(id: "USA")?.locale == "en_US")
        #expect(catalog.subscriptionGroup(id: "g")?.accessLevel == "one")
    }

    @Test func aChangedCatalogFindsWhatChanged() {
        var catalog = ProductCatalog(app: AppInfo(name: "A", bundleId: "com.example.a"), storefronts: [],
                              products: [product("a"), product("b")])
        catalog.products.removeFirst()
        catalog.products.append(product("c"))
        catalog.products[0].level = 3
        catalog.storefronts.append(Storefront(id: "DEU", locale: "de_DE", currency: "EUR", path: .paystation))
        catalog.subscriptionGroups = [SubscriptionGroup(id: "g")]
        #expect(catalog.product(id: "a") == nil)
        #expect(catalog.product(id: "b")?.level == 3)
        #expect(catalog.product(id: "c")?.id == "c")
        #expect(catalog.storefront(id: "DEU")?.currency == "EUR")
        #expect(catalog.subscriptionGroup(id: "g") != nil)
    }

    /// A plan grants its group's access level; a plan with none (no group, or a group naming no
    /// level) grants one named by its own id.
    @Test func aPlanGrantsItsGroupsLevelElseItsOwnId() {
        func plan(_ id: String, group: String?) -> Product {
            var product = Product(id: id, type: .autoRenewable, prices: ["USA": 4.99])
            product.group = group
            return product
        }
        let catalog = ProductCatalog(app: AppInfo(name: "A", bundleId: "com.example.a"), storefronts: [],
                              subscriptionGroups: [SubscriptionGroup(id: "pass", accessLevel: "premium"), SubscriptionGroup(id: "bare")],
                              products: [])
        #expect(catalog.accessLevel(of: plan("monthly", group: "pass")) == "premium")
        #expect(catalog.accessLevel(of: plan("weekly", group: "bare")) == "weekly")
        #expect(catalog.accessLevel(of: plan("daily", group: "unknown")) == "daily")
        #expect(catalog.accessLevel(of: plan("season", group: nil)) == "season")
    }

    /// The indexes are derived: equal arrays make equal catalogs however each was built.
    @Test func catalogsCompareByWhatTheySay() {
        let built = ProductCatalog(app: AppInfo(name: "A", bundleId: "com.example.a"), storefronts: [], products: [product("b")])
        var changed = ProductCatalog(app: AppInfo(name: "A", bundleId: "com.example.a"), storefronts: [], products: [product("a")])
        changed.products = [product("b")]
        #expect(built == changed)
    }

    /// A large object's members are found through its index, the last of a key written twice as
    /// the loader reads it, as in a small one.
    @Test(arguments: [3, JSONNode.indexedObjectSize + 1, 500])
    func aKeyWrittenTwiceFindsTheLast(members count: Int) throws {
        let members = (0..<count).map { "\"k\($0)\": \($0)" } + ["\"k0\": \"again\""]
        let node = try JSONParser.parse("{" + members.joined(separator: ", ") + "}")
        #expect(node["k0"]?.value == .string("again"))
        #expect(node["k\(count - 1)"]?.value == .number("\(count - 1)"))
        #expect(node["missing"] == nil)
        #expect(node.nearestNode(to: JSONPath.root / "k1" / "deeper").path == JSONPath.root / "k1")
    }
}
