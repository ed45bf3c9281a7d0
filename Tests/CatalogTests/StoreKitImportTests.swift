import Foundation
import Testing
@testable import Catalog

/// The six real Xcode StoreKit configurations kept in ../shared/fixtures/storekit, beside the
/// package: an extra check where that folder is, as on the maintainers' machines. A fresh clone has
/// no such folder, so the tests of these files have no cases there (none is skipped): our own
/// files of the same shapes (`StoreKitShapes`) are tested everywhere.
enum StoreKitFixtures {
    static var directory: URL? {
        storefrontPackageRoot()?.deletingLastPathComponent().appendingPathComponent("shared/fixtures/storekit")
    }

    static var available: Bool {
        guard let directory else { return false }
        return FileManager.default.fileExists(atPath: directory.path)
    }

    /// Runs `check` on the real `file` where the folder is: an extra check beside our own file.
    static func alsoCheck(_ file: String, _ check: (ProductCatalog) throws -> Void) throws {
        guard available else { return }
        try check(load(file))
    }

    static func text(_ file: String) throws -> String {
        let directory = try #require(directory, "no storefront package root above this file")
        return try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    }

    static func load(_ file: String) throws -> ProductCatalog {
        try StoreKitImporter.load(text: text(file), file: file)
    }

    static let unitTests = "RevenueCat__purchases-ios__UnitTestsConfiguration.storekit"
    static let purchaseTester = "RevenueCat__purchases-ios__PurchaseTesterStoreKitConfiguration.storekit"
    static let paywallsTester = "RevenueCat__purchases-ios__Products.storekit"
    static let integration = "RevenueCat__purchases-ios__RevenueCat_IntegrationPurchaseTesterConfiguration.storekit"
    static let foodTruck = "apple__sample-food-truck__Products.storekit"
    static let backyardBirds = "apple__sample-backyard-birds__Store.storekit"
}

/// Our own .storekit samples in Tests/CatalogTests/Fixtures (excluded from the target, read from
/// the source tree like catalog.json).
enum StoreKitSamples {
    static func text(_ file: String) throws -> String {
        let root = try #require(storefrontPackageRoot(), "no storefront package root above this file")
        return try String(contentsOf: root.appendingPathComponent("Tests/CatalogTests/Fixtures/\(file)"), encoding: .utf8)
    }

    static func load(_ file: String) throws -> ProductCatalog {
        try StoreKitImporter.load(text: text(file), file: "Fixtures/\(file)")
    }
}

/// What an import of one file must count (products = `products` + `nonRenewingSubscriptions` +
/// every group's `subscriptions`): a row of the table in Tests/Fixtures/storekit/README.md for our
/// files, or in ../shared/fixtures/storekit/README.md for the real ones.
struct StoreKitFixtureCounts: Sendable, CustomTestStringConvertible {
    var file: String
    var products: Int
    var nonRenewing: Int
    var groups: Int
    var subscriptions: Int
    var total: Int
    /// Ours (Tests/Fixtures/storekit) or a real one (../shared).
    var isOurs = false

    var testDescription: String { file }

    func load() throws -> ProductCatalog {
        try isOurs ? StoreKitShapes.load(file) : StoreKitFixtures.load(file)
    }

    static let readme: [StoreKitFixtureCounts] = [
        .init(file: StoreKitFixtures.unitTests, products: 2, nonRenewing: 1, groups: 2, subscriptions: 4, total: 7),
        .init(file: StoreKitFixtures.purchaseTester, products: 2, nonRenewing: 1, groups: 6, subscriptions: 13, total: 16),
        .init(file: StoreKitFixtures.paywallsTester, products: 2, nonRenewing: 0, groups: 1, subscriptions: 3, total: 5),
        .init(file: StoreKitFixtures.integration, products: 2, nonRenewing: 1, groups: 5, subscriptions: 10, total: 13),
        .init(file: StoreKitFixtures.foodTruck, products: 1, nonRenewing: 0, groups: 1, subscriptions: 2, total: 3),
        .init(file: StoreKitFixtures.backyardBirds, products: 6, nonRenewing: 0, groups: 1, subscriptions: 3, total: 9),
    ]

    /// Ours, one per real file and with its counts, so the same shapes are imported in a fresh clone.
    static let ours: [StoreKitFixtureCounts] = [
        .init(file: StoreKitShapes.formatFive, products: 2, nonRenewing: 1, groups: 2, subscriptions: 4, total: 7, isOurs: true),
        .init(file: StoreKitShapes.sixGroups, products: 2, nonRenewing: 1, groups: 6, subscriptions: 13, total: 16, isOurs: true),
        .init(file: StoreKitShapes.threeLanguages, products: 2, nonRenewing: 0, groups: 1, subscriptions: 3, total: 5, isOurs: true),
        .init(file: StoreKitShapes.timeRate, products: 2, nonRenewing: 1, groups: 5, subscriptions: 10, total: 13, isOurs: true),
        .init(file: StoreKitShapes.introModes, products: 1, nonRenewing: 0, groups: 1, subscriptions: 2, total: 3, isOurs: true),
        .init(file: StoreKitShapes.threeLevels, products: 6, nonRenewing: 0, groups: 1, subscriptions: 3, total: 9, isOurs: true),
    ]

    /// Ours everywhere, and the real files where ../shared keeps them.
    static var everyFile: [StoreKitFixtureCounts] {
        ours + (StoreKitFixtures.available ? readme : [])
    }
}

/// The import error for `text`; records an issue and returns nil when it imports.
func storeKitFailure(_ text: String, file: String = "test.storekit",
                     sourceLocation: SourceLocation = #_sourceLocation) -> CatalogLoadError? {
    do {
        _ = try StoreKitImporter.load(text: text, file: file)
        Issue.record("the file imported, but it should have failed", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The real files where ../shared keeps them; the counts and the storefront of every file, ours too.
@Suite("Real .storekit files, and the counts of ours")
struct StoreKitFixtureTests {
    private static func product(_ id: String, in catalog: ProductCatalog) throws -> Product {
        try #require(catalog.product(id: id), "no product \(id)")
    }

    @Test(arguments: [StoreKitFixtureCounts.ours] + (StoreKitFixtures.available ? [StoreKitFixtureCounts.readme] : []))
    func eachFolderHoldsExactlyTheFilesOfItsTable(_ rows: [StoreKitFixtureCounts]) throws {
        let directory = try #require(rows.first?.isOurs == true ? StoreKitShapes.directory : StoreKitFixtures.directory)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".storekit") }
        #expect(Set(files) == Set(rows.map(\.file)))
    }

    @Test(arguments: StoreKitFixtureCounts.everyFile)
    func countsMatchTheReadme(_ expected: StoreKitFixtureCounts) throws {
        let catalog = try expected.load()
        let products = catalog.products.filter { $0.type == .consumable || $0.type == .nonConsumable }
        #expect(products.count == expected.products)
        #expect(catalog.products.filter { $0.type == .nonRenewing }.count == expected.nonRenewing)
        #expect(catalog.subscriptionGroups.count == expected.groups)
        #expect(catalog.products.filter { $0.type == .autoRenewable }.count == expected.subscriptions)
        #expect(catalog.products.count == expected.total)
        // Each group is an access level, and every subscription is in a group of the file.
        #expect(catalog.accessLevels.map(\.id) == catalog.subscriptionGroups.map(\.id))
        let groups = Set(catalog.subscriptionGroups.map(\.id))
        #expect(catalog.products.filter { $0.type == .autoRenewable }.allSatisfy { $0.group.map(groups.contains) == true })
    }

    @Test(arguments: StoreKitFixtureCounts.everyFile)
    func everyFileSellsInTheUSStorefrontOnTheStoreKitPath(_ expected: StoreKitFixtureCounts) throws {
        let file = expected.file
        let catalog = try expected.load()
        #expect(catalog.storefronts == [Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit)])
        #expect(catalog.settings.enablePayments)
        #expect(catalog.settings.storeKit.storefront == "USA")
        #expect(catalog.app == AppInfo(name: String(file.dropLast(".storekit".count)), bundleId: "com.example.storekit"))
        #expect(catalog.paywalls.map(\.id) == ["storekit"], "the generated one (StoreKitPaywallTests)")
        #expect(catalog.products.allSatisfy { $0.status == .available && $0.itemType == .virtualItem })
        #expect(catalog.products.allSatisfy { $0.prices.keys.sorted() == ["USA"] })
    }

    // The details of each real file, checked beside our file of the same shape
    // (StoreKitShapeTests) where ../shared keeps it: a test with no cases would count as skipped.

    static func unitTestsConfigurationFormat5(_ catalog: ProductCatalog) throws {
        let monthly = try product("com.revenuecat.monthly_4.99.1_week_intro", in: catalog)
        #expect(monthly.type == .autoRenewable)
        #expect(monthly.prices == ["USA": decimal("4.99")])
        #expect(monthly.period == SubscriptionPeriod(value: 1, unit: .month))
        #expect(monthly.group == "7096FF06")
        #expect(monthly.level == 1)
        #expect(monthly.introductoryOffer == Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 3, unit: .month)))
        #expect(monthly.promotionalOffers == [
            Offer(id: "com.revenuecat.monthly_4.99.1_week_intro.year_discount", mode: .payUpFront,
                  period: SubscriptionPeriod(value: 1, unit: .year), prices: ["USA": decimal("40.99")]),
            Offer(id: "com.revenuecat.monthly_4.99.1_week_intro.pay_as_you_go", mode: .payAsYouGo,
                  period: SubscriptionPeriod(value: 1, unit: .month), periods: 2, prices: ["USA": decimal("20.15")]),
        ])
        #expect(monthly.name.values == ["en_US": "Monthly Free Trial", "en": "Monthly Free Trial"])
        let nonRenewing = try product("com.revenuecat.non_renewable", in: catalog)
        #expect(nonRenewing.type == .nonRenewing)
        #expect(nonRenewing.prices == ["USA": decimal("1.69")])
        // An empty introductoryOffers list means none, even in format 5.0.
        #expect(try product("com.revenuecat.annual_with_commitment", in: catalog).introductoryOffer == nil)
        #expect(try product("com.revenuecat.annual_with_commitment", in: catalog).name.isEmpty)
        #expect(try product("lifetime", in: catalog).type == .nonConsumable)
        #expect(try product("com.revenuecat.consumable", in: catalog).type == .consumable)
        #expect(catalog.settings.storeKit == StoreKitTestSettings(storefront: "USA", locale: "en_US", timeRate: 0))
    }

    static func purchaseTesterLevelsPeriodsIntrosAndOfferCodes(_ catalog: ProductCatalog) throws {
        #expect(try product("greenie_monthly", in: catalog).level == 2)
        #expect(try product("purchasetester_7999_1y", in: catalog).level == 3)
        #expect(try product("test_refname2", in: catalog).period == SubscriptionPeriod(value: 2, unit: .month))
        #expect(try product("P2", in: catalog).introductoryOffer == Offer(
            mode: .payUpFront, period: SubscriptionPeriod(value: 2, unit: .month), prices: ["USA": decimal("2.99")]))
        let offers = catalog.products.flatMap(\.promotionalOffers)
        #expect(offers.count == 5)
        #expect(catalog.products.flatMap(\.codeOffers).count == 8)
        let test = try product("test_product1", in: catalog)
        #expect(test.codeOffers.map(\.id) == ["my_offer_code", "my_test_code", "test2"])
        #expect(test.codeOffers.first?.eligibility == [.expired, .new, .existing])
        #expect(test.codeOffers.last == Offer(id: "test2", mode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .week),
                                              prices: ["USA": decimal("0.99")], eligibility: [.new]))
        // A British-only localization also answers for English.
        #expect(try product("greenie_annual", in: catalog).name.values == ["en_GB": "Annual", "en": "Annual"])
        #expect(try product("P2", in: catalog).name.isEmpty)
        #expect(catalog.subscriptionGroup(id: "21331777")?.name.values == ["en": "greenie_testing"])
    }

    static func paywallsTesterPromotionalOffersAndLocalizations(_ catalog: ProductCatalog) throws {
        let monthly = try product("com.revenuecat.simpleapp.monthly", in: catalog)
        #expect(monthly.promotionalOffers.map(\.id) == ["rc-cancel-offer", "rc-refund-offer"])
        #expect(monthly.promotionalOffers.last == Offer(id: "rc-refund-offer", mode: .payUpFront,
                                                        period: SubscriptionPeriod(value: 1, unit: .month),
                                                        prices: ["USA": decimal("0.99")]))
        #expect(monthly.introductoryOffer == Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)))
        #expect(monthly.name.values == [
            "en_US": "Monthly Subscription", "en": "Monthly Subscription",
            "es_ES": "Subscripción Mensual", "es": "Subscripción Mensual",
            "ar": "اشتراك شهري",
        ])
        // An empty description is left out, so Spanish falls back to English rather than a blank.
        #expect(monthly.description.values["es_ES"] == nil)
        #expect(monthly.description.resolved(for: "es_ES") == "Monthly Subscription")
        // `"introductoryOffer" : null` means none.
        #expect(try product("com.revenuecat.simpleapp.yearly", in: catalog).introductoryOffer == nil)
        #expect(catalog.products.allSatisfy { $0.winBackOffers.isEmpty })
        #expect(catalog.settings.storeKit.failures.isEmpty)
    }

    static func integrationConfigurationTimeRateAndShortPeriods(_ catalog: ProductCatalog) throws {
        #expect(catalog.settings.storeKit.timeRate == 6)
        // All nine simulated errors are listed, none is enabled.
        #expect(catalog.settings.storeKit.failures.isEmpty)
        #expect(try product("com.revenuecat.weekly_1.99.3_day_intro", in: catalog).introductoryOffer?.period
            == SubscriptionPeriod(value: 3, unit: .day))
        // A free trial has no price, even when Xcode left one behind.
        #expect(try product("shortest_duration", in: catalog).introductoryOffer
            == Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 3, unit: .day)))
        #expect(try product("com.revenuecat.monthly_4.99.1_week_intro", in: catalog).name.values["es"]
            == "Mensual con prueba gratis")
        #expect(try product("non_renewing_subscription", in: catalog).type == .nonRenewing)
    }

    static func foodTruckPayAsYouGoPayUpFrontAndCodes(_ catalog: ProductCatalog) throws {
        #expect(try product("socialfeedplus.monthly", in: catalog).introductoryOffer == Offer(
            mode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month), periods: 3, prices: ["USA": decimal("2.49")]))
        #expect(try product("socialfeedplus.yearly", in: catalog).introductoryOffer == Offer(
            mode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month), prices: ["USA": decimal("8.99")]))
        #expect(try product("socialfeedplus.monthly", in: catalog).codeOffers == [
            Offer(id: "Free month", mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .month),
                  eligibility: [.existing, .new, .expired]),
        ])
        #expect(try product("feature.annualhistory", in: catalog).name.resolved(for: "ar_SA") == "سجل تاريخ لمدة عام")
        // No `_locale` in format 2.0: Xcode's default.
        #expect(catalog.settings.storeKit.locale == nil)
        #expect(catalog.storefronts.first?.locale == "en_US")
    }

    static func backyardBirdsOneGroupThreeLevels(_ catalog: ProductCatalog) throws {
        let levels = catalog.products.filter { $0.type == .autoRenewable }.map { "\($0.id)=\($0.level ?? 0)" }
        #expect(levels == ["pass.individual=3", "pass.family=2", "pass.premium=1"])
        #expect(catalog.products.filter { $0.type == .consumable }.count == 6)
        #expect(catalog.subscriptionGroups == [
            SubscriptionGroup(id: "6F3A93AB", accessLevel: "6F3A93AB", name: LocalizedText(["en": "Backyard Birds Pass"])),
        ])
        #expect(try product("pass.premium", in: catalog).prices == ["USA": decimal("11.99")])
    }
}

@Suite("StoreKit import of our samples")
struct StoreKitSampleTests {
    private let month = SubscriptionPeriod(value: 1, unit: .month)

    @Test func everySupportedKeyImportsExactly() throws {
        let catalog = try StoreKitSamples.load("every-key.storekit")
        let monthly = Product(
            id: "com.example.sample.star.monthly", type: .autoRenewable,
            name: LocalizedText(["de_DE": "Monatlich", "de": "Monatlich"]),
            description: LocalizedText(["de_DE": "Jeden Monat", "de": "Jeden Monat"]),
            prices: ["DEU": decimal("4.99")], group: "GROUP001", level: 2, period: month,
            // The 5.0 list wins over the single object kept for older Xcodes.
            introductoryOffer: Offer(mode: .payAsYouGo, period: month, periods: 2, prices: ["DEU": decimal("1.99")]),
            promotionalOffers: [
                Offer(id: "comeback_50", mode: .payAsYouGo, period: month, periods: 3, prices: ["DEU": decimal("2.49")]),
                Offer(id: "free_month", mode: .freeTrial, period: month),
            ],
            winBackOffers: [
                Offer(id: "winback_month", mode: .payUpFront, period: month, prices: ["DEU": decimal("0.49")],
                      winBackCriteria: WinBackCriteria(paidMonths: 6, monthsSinceLapse: 2...24, monthsBetweenOffers: 12)),
            ],
            codeOffers: [
                Offer(id: "Spring code", mode: .payAsYouGo, period: month, periods: 2, prices: ["DEU": decimal("0.99")],
                      eligibility: [.new, .expired]),
                Offer(id: "C0000002", mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week), eligibility: [.existing]),
                Offer(id: "code_offer_3", mode: .freeTrial, period: SubscriptionPeriod(value: 3, unit: .day)),
            ],
            // Xcode's Family Sharing checkbox, ticked on this plan alone.
            familyShareable: true)
        let yearly = Product(
            id: "com.example.sample.star.yearly", type: .autoRenewable,
            name: LocalizedText(["de_DE": "Jährlich", "de": "Jährlich"]),
            description: LocalizedText(["de_DE": "Ein ganzes Jahr", "de": "Ein ganzes Jahr"]),
            prices: ["DEU": decimal("39.99")], group: "GROUP001", level: 1, period: SubscriptionPeriod(value: 1, unit: .year),
            winBackOffers: [Offer(id: "winback_free_week", mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week))])
        let expected = ProductCatalog(
            app: AppInfo(name: "every-key", bundleId: "com.example.storekit"),
            settings: Settings(enablePayments: true, storeKit: StoreKitTestSettings(
                storefront: "DEU", locale: "de_DE", timeRate: 3, askToBuyEnabled: true, billingGracePeriodEnabled: true,
                renewalBillingIssuesEnabled: true, failures: ["loadProducts", "appStoreSync"])),
            storefronts: [Storefront(id: "DEU", locale: "de_DE", currency: "EUR", path: .storekit)],
            accessLevels: [AccessLevel(id: "GROUP001")],
            subscriptionGroups: [SubscriptionGroup(id: "GROUP001", accessLevel: "GROUP001", name: LocalizedText([
                "de_DE": "Sternenpass", "de": "Sternenpass", "en_US": "Star Pass", "en": "Star Pass",
            ]))],
            products: [
                Product(id: "com.example.sample.gems_100", type: .consumable,
                        // `en` comes from the first English entry; the empty Spanish description is left out.
                        name: LocalizedText([
                            "de_DE": "Edelsteinbeutel", "de": "Edelsteinbeutel", "en_US": "Pouch of \"Gems\"",
                            "en": "Pouch of \"Gems\"", "en_GB": "Pouch of gems", "es": "Bolsa de gemas",
                        ]),
                        description: LocalizedText([
                            "de_DE": "100 Edelsteine", "de": "100 Edelsteine", "en_US": "100 gems", "en": "100 gems",
                            "en_GB": "100 gems, the British way",
                        ]),
                        prices: ["DEU": decimal("0.99")]),
                Product(id: "com.example.sample.remove_ads", type: .nonConsumable, prices: ["DEU": decimal("4.49")]),
                Product(id: "com.example.sample.season_pass", type: .nonRenewing,
                        name: LocalizedText(["de_DE": "Saisonpass", "de": "Saisonpass"]),
                        description: LocalizedText(["de_DE": "Ein Jahr Saisonpass", "de": "Ein Jahr Saisonpass"]),
                        prices: ["DEU": decimal("12.99")]),
                monthly,
                yearly,
            ],
            // Generated, in the language of `_locale` (StoreKitPaywallTests).
            paywalls: [Paywall(id: "storekit", placement: "store_open", defaultLocale: "de", variants: [
                PaywallVariant(id: "A", products: [monthly.id, yearly.id], highlight: yearly.id, strings: ["de": PaywallStrings(
                    title: "Wähle deinen Plan", cta: "Weiter")]),
            ])],
            origin: .storeKitConfiguration)
        #expect(catalog.settings == expected.settings)
        #expect(catalog.storefronts == expected.storefronts)
        #expect(catalog.subscriptionGroups == expected.subscriptionGroups)
        for (imported, wanted) in zip(catalog.products, expected.products) {
            #expect(imported == wanted)
        }
        #expect(catalog == expected)
    }

    @Test func oldFormatWithObjectIntrosNullsAndANumberPrice() throws {
        let catalog = try StoreKitSamples.load("old-format.storekit")
        #expect(catalog.storefronts == [Storefront(id: "JPN", locale: "ja_JP", currency: "JPY", path: .storekit)])
        #expect(catalog.app.name == "old-format")
        // A bare JSON number is read from its source text, never through Double.
        #expect(catalog.product(id: "coins.100")?.prices == ["JPN": decimal("120")])
        #expect(catalog.product(id: "coins.100")?.name.values == ["ja": "コインの袋"])
        #expect(catalog.product(id: "club.monthly")?.introductoryOffer == Offer(
            mode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month), prices: ["JPN": decimal("240")]))
        #expect(catalog.product(id: "club.yearly")?.introductoryOffer == nil)
        #expect(catalog.product(id: "club.yearly")?.codeOffers == [])
        // The group's reference name stands in for the storefront's language.
        #expect(catalog.subscriptionGroups == [SubscriptionGroup(id: "1A2B3C4D", accessLevel: "1A2B3C4D",
                                                                 name: LocalizedText(["ja": "Club"]))])
        #expect(catalog.settings.storeKit == StoreKitTestSettings(storefront: "JPN", locale: "ja_JP"))
    }

    @Test func aBrokenFileListsEveryProblemWithPathAndPosition() throws {
        let text = try StoreKitSamples.text("broken.storekit")
        let error = try #require(storeKitFailure(text, file: "broken.storekit"))
        let subscription = "$.subscriptionGroups[0].subscriptions[0]"
        let firstId = try #require(position(of: "\"gems.small\"", in: text))
        // Listed in file order, as lint and the launch print them.
        let expected = Diagnostic.inFileOrder([
            Diagnostic(.error, path: "$.settings._storefront", position: position(of: "\"us\"", in: text),
                       message: "\"us\" is not a storefront; expected an ISO 3166 alpha-3 code such as USA or DEU"),
            Diagnostic(.warning, path: "$.settings._timeRate", position: position(of: "\"fast\"", in: text),
                       message: "expected a whole number, found a string; it is ignored, since storefront keeps this setting but does not use it"),
            Diagnostic(.error, path: "$.products[0].displayPrice", position: position(of: "\"4,99\"", in: text),
                       message: "\"4,99\" is not a price; write a decimal such as \"4.99\""),
            Diagnostic(.error, path: "$.products[1]", position: position(of: "{", in: text, occurrence: 3),
                       message: "missing required key \"productID\" (a string)"),
            Diagnostic(.error, path: "$.products[3].type", position: position(of: "\"Subscription\"", in: text),
                       message: "type \"Subscription\" does not belong in products; expected Consumable or NonConsumable"),
            Diagnostic(.error, path: "\(subscription).groupNumber", position: position(of: "\"one\"", in: text),
                       message: "expected a whole number, found a string"),
            Diagnostic(.error, path: "\(subscription).recurringSubscriptionPeriod", position: position(of: "\"P1Q\"", in: text),
                       message: "\"P1Q\" is not a period; expected an ISO 8601 duration such as P3D, P1W, P1M or P1Y"),
            Diagnostic(.error, path: "\(subscription).introductoryOffer.paymentMode", position: position(of: "\"fre\"", in: text),
                       message: "unknown payment mode \"fre\"; did you mean \"free\"?"),
            Diagnostic(.error, path: "\(subscription).adHocOffers[0]", position: position(of: "{", in: text, occurrence: 9),
                       message: "missing required key \"offerID\" (a string)"),
            Diagnostic(.error, path: "\(subscription).codeOffers[0].eligibility[0]", position: position(of: "\"everyone\"", in: text),
                       message: "unknown eligibility \"everyone\"; expected new, existing, expired"),
            Diagnostic(.error, path: "$.products[2].productID", position: position(of: "\"gems.small\"", in: text, occurrence: 2),
                       message: "duplicate productID \"gems.small\" (first at \(firstId))"),
        ])
        #expect(error.diagnostics.count == expected.count)
        for (found, wanted) in zip(error.diagnostics, expected) {
            #expect(found == wanted)
        }
        #expect(error.description.hasPrefix("broken.storekit:\(try #require(position(of: "\"4,99\"", in: text))): error: $.products[0].displayPrice:"))
        #expect(error.description.hasSuffix("broken.storekit: 10 errors; fix them and run again."))
    }
}

@Suite("StoreKit import rules")
struct StoreKitImportRuleTests {
    private func subscriptionFile(_ subscription: String, settings: String = #"{ "_storefront": "USA" }"#) -> String {
        """
        {
          "settings": \(settings),
          "subscriptionGroups": [ { "id": "G", "name": "Group", "subscriptions": [ \(subscription) ] } ]
        }
        """
    }

    @Test func malformedJSONNamesTheLineAndColumn() throws {
        let error = try #require(storeKitFailure("{\n  \"products\" : [\n    {,\n  ]\n}"))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$", position: SourcePosition(line: 3, column: 6),
                       message: "malformed JSON: unexpected ','; expected a key in double quotes"),
        ])
    }

    @Test(arguments: ["{}", #"{ "version": { "major": 5 } }"#])
    func anObjectWithNoStoreKitSectionsIsNotAConfiguration(_ text: String) throws {
        let error = try #require(storeKitFailure(text))
        #expect(error.diagnostics.map(\.message) == [
            "not a StoreKit configuration: expected at least one of products, nonRenewingSubscriptions, subscriptionGroups, settings",
        ])
    }

    @Test func aCatalogJSONIsNotAConfiguration() throws {
        let error = try #require(storeKitFailure(defaultCatalogText(), file: "catalog.storekit"))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$", position: SourcePosition(line: 1, column: 1),
                       message: "this is a catalog.json (it has a schemaVersion), not a StoreKit configuration; "
                           + "rename it to .json to open it with --catalog"),
        ])
    }

    /// `storefront import tempo.json`: a file already named .json needs no renaming.
    @Test(arguments: ["tempo.json", "Stores/shop.JSON", "catalog"])
    func aCatalogJSONByAnotherNameIsOpenedAsItIs(file: String) throws {
        let error = try #require(storeKitFailure(defaultCatalogText(), file: file))
        #expect(error.diagnostics.map(\.message) == [
            "this is a catalog.json (it has a schemaVersion), not a StoreKit configuration; "
                + "it needs no import: open it with --catalog",
        ])
        #expect(!error.description.contains("rename"))
    }

    @Test func aDocumentThatIsNotAnObject() throws {
        let error = try #require(storeKitFailure("[1, 2]"))
        #expect(error.diagnostics.map(\.description) == ["error: $: expected an object, found an array"])
    }

    @Test func typeErrorsNameThePathAndPosition() throws {
        let text = """
        {
          "products": [ { "productID": 7, "type": "Consumable", "displayPrice": "0.99",
                          "localizations": [ { "locale": "en_US", "displayName": ["Gems"] } ] } ],
          "settings": { "_askToBuyEnabled": "yes" }
        }
        """
        let error = try #require(storeKitFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[0].productID", position: position(of: "7", in: text),
                       message: "expected a string, found a number"),
            Diagnostic(.error, path: "$.products[0].localizations[0].displayName", position: position(of: "[\"Gems\"]", in: text),
                       message: "expected a string, found an array"),
            // A setting the catalog keeps but does not use is only a warning (StoreKitCurrentXcodeTests).
            Diagnostic(.warning, path: "$.settings._askToBuyEnabled", position: position(of: "\"yes\"", in: text),
                       message: "expected true or false, found a string; it is ignored, since storefront keeps this setting but does not use it"),
        ])
    }

    @Test func unknownKeysAreIgnoredEverywhere() throws {
        let text = """
        {
          "brandNewSection": [ { "whatever": true } ],
          "products": [ { "productID": "gems", "type": "Consumable", "displayPrice": "0.99", "sparkles": 3,
                          "localizations": [ { "locale": "en_US", "displayName": "Gems", "voiceOver": "Gems!" } ] } ],
          "settings": { "_storefront": "USA", "_someFutureSwitch": { "on": true } }
        }
        """
        let catalog = try StoreKitImporter.load(text: text, file: "future.storekit")
        #expect(catalog.products.map(\.id) == ["gems"])
        #expect(catalog.product(id: "gems")?.name.values == ["en_US": "Gems", "en": "Gems"])
    }

    @Test func aSubscriptionWithoutTypeIsAutoRenewableButAProductNeedsOne() throws {
        let catalog = try StoreKitImporter.load(text: subscriptionFile(
            #"{ "productID": "pass", "displayPrice": "1.99", "recurringSubscriptionPeriod": "P1W" }"#), file: "t.storekit")
        #expect(catalog.product(id: "pass")?.type == .autoRenewable)
        #expect(catalog.product(id: "pass")?.level == nil)
        let error = try #require(storeKitFailure(#"{ "products": [ { "productID": "gems", "displayPrice": "1" } ] }"#))
        #expect(error.diagnostics.map(\.description) == [#"error: $.products[0]: missing required key "type" (a string)"#])
    }

    @Test func aPaidOfferNeedsAPriceAndAPromotionalOfferAnId() throws {
        let error = try #require(storeKitFailure(subscriptionFile("""
            { "productID": "pass", "displayPrice": "1.99", "recurringSubscriptionPeriod": "P1M",
              "introductoryOffer": { "paymentMode": "payAsYouGo", "subscriptionPeriod": "P1M", "numberOfPeriods": 500 },
              "adHocOffers": [ { "offerID": "", "paymentMode": "free", "subscriptionPeriod": "P1W" } ] }
            """)))
        let base = "$.subscriptionGroups[0].subscriptions[0]"
        #expect(error.diagnostics.map(\.description) == [
            #"error: \#(base).introductoryOffer: missing required key "displayPrice" (a payAsYouGo offer has a price)"#,
            "error: \(base).introductoryOffer.numberOfPeriods: 500 is out of range; expected 1 to 120",
            "error: \(base).adHocOffers[0].offerID: must not be empty",
        ])
    }

    @Test func aMissingPeriodAndAnUnknownModeAreErrors() throws {
        let error = try #require(storeKitFailure(subscriptionFile("""
            { "productID": "pass", "displayPrice": "1.99",
              "winbackOffers": [ { "offerID": "back", "paymentMode": "halfPrice", "subscriptionPeriod": "1 month" } ] }
            """)))
        let base = "$.subscriptionGroups[0].subscriptions[0]"
        #expect(error.diagnostics.map(\.description) == [
            #"error: \#(base): missing required key "recurringSubscriptionPeriod" (a string)"#,
            #"error: \#(base).winbackOffers[0].paymentMode: unknown payment mode "halfPrice"; expected free, payAsYouGo, payUpFront"#,
            #"error: \#(base).winbackOffers[0].subscriptionPeriod: "1 month" is not a period; expected an ISO 8601 duration such as P3D, P1W, P1M or P1Y"#,
        ])
    }

    @Test func repeatedGroupIdsAndProductIdsAcrossShelvesAreErrors() throws {
        let text = """
        {
          "products": [ { "productID": "same", "type": "NonConsumable", "displayPrice": "1" } ],
          "nonRenewingSubscriptions": [ { "productID": "same", "displayPrice": "2" } ],
          "subscriptionGroups": [ { "id": "G", "subscriptions": [] }, { "id": "G", "subscriptions": [] } ]
        }
        """
        let error = try #require(storeKitFailure(text))
        #expect(error.diagnostics.map(\.description) == [
            #"error: $.nonRenewingSubscriptions[0].productID: duplicate productID "same" (first at 2:32)"#,
            #"error: $.subscriptionGroups[1].id: duplicate subscription group id "G" (first at 4:35)"#,
        ])
    }

    @Test(arguments: [
        ("USA", "USD"), ("DEU", "EUR"), ("FRA", "EUR"), ("JPN", "JPY"), ("GBR", "GBP"), ("CHE", "CHF"),
        ("BRA", "BRL"), ("SAU", "SAR"), ("IND", "INR"), ("XYZ", "USD"),
    ])
    func theCurrencyComesFromTheStorefrontCountry(_ storefront: String, _ currency: String) throws {
        let catalog = try StoreKitImporter.load(text: #"{ "settings": { "_storefront": "\#(storefront)" } }"#, file: "t.storekit")
        #expect(catalog.storefronts == [Storefront(id: storefront, locale: "en_US", currency: currency, path: .storekit)])
    }

    @Test func noSettingsMeansXcodesDefaults() throws {
        let catalog = try StoreKitImporter.load(text: #"{ "products": [], "settings": null }"#, file: "t.storekit")
        #expect(catalog.storefronts == [Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit)])
        #expect(catalog.settings == Settings(enablePayments: true))
    }

    @Test func anUnknownLocaleIsAnError() throws {
        let error = try #require(storeKitFailure(#"{ "settings": { "_locale": "xx_YY" } }"#))
        #expect(error.diagnostics.map(\.description) == [
            #"error: $.settings._locale: unknown locale "xx_YY"; expected an identifier such as en_US or de_DE"#,
        ])
    }

    @Test func enabledStoreKitErrorsKeepTheirAPINames() throws {
        let text = """
        { "settings": { "_storeKitErrors": [
            { "name": "Load Products", "enabled": true }, { "name": "Purchase", "enabled": false },
            { "name": "Offer Code Redeem Sheet", "enabled": true, "current": null }, { "name": "Verification" } ] } }
        """
        let catalog = try StoreKitImporter.load(text: text, file: "t.storekit")
        #expect(catalog.settings.storeKit.failures == ["loadProducts", "offerCodeRedeemSheet"])
    }

    @Test(arguments: [
        ("Load Products", "loadProducts"), ("App Store Sync", "appStoreSync"), ("Purchase", "purchase"),
        ("Manage Subscriptions Sheet", "manageSubscriptionsSheet"), ("---", "---"),
    ])
    func apiNames(_ title: String, _ name: String) {
        #expect(StoreKitSettingsReader.apiName(title) == name)
    }

    @Test(arguments: [
        ("Products.storekit", "Products"), ("Store/Config.STOREKIT", "Config"), ("/srv/games/My Game.StoreKit", "My Game"),
        (".storekit", "StoreKit configuration"), ("", "StoreKit configuration"), ("shop.json", "shop.json"),
    ])
    func theAppIsNamedAfterTheFile(_ file: String, _ name: String) {
        #expect(StoreKitImporter.appName(forFile: file) == name)
    }

    @Test func catalogFileChoosesTheImporterByExtension() throws {
        let storeKit = #"{ "products": [ { "productID": "gems", "type": "Consumable", "displayPrice": "0.99" } ] }"#
        #expect(try CatalogFile.load(text: storeKit, file: "Shop.storekit").products.map(\.id) == ["gems"])
        #expect(try CatalogFile.load(text: storeKit, file: "dir/SHOP.STOREKIT").products.map(\.id) == ["gems"])
        #expect(CatalogFile.isStoreKitConfiguration("a.StoreKit"))
        #expect(!CatalogFile.isStoreKitConfiguration("a.storekit.json"))
        #expect(!CatalogFile.isStoreKitConfiguration("storekit"))
        do {
            _ = try CatalogFile.load(text: storeKit, file: "shop.json")
            Issue.record("a .json file was read as a StoreKit configuration")
        } catch {
            // The catalog loader's strictness: the unknown key and the missing ones.
            #expect(error.file == "shop.json")
            #expect(error.diagnostics.contains { $0.message.hasPrefix("missing required key \"schemaVersion\"") })
        }
        #expect(try CatalogFile.load(text: defaultCatalogText(), file: "catalog.json") == loadDefaultCatalog())
    }
}
