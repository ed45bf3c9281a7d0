import Foundation
import Testing
@testable import Catalog

/// Our own `.storekit` files in Tests/Fixtures/storekit, one for each real file of ../shared and
/// with its counts: the same shapes (every product type, the offer kinds and modes, `_timeRate`
/// values, localizations, subscription groups), so a fresh clone imports them all. Each test
/// checks the real file of the same shape too, where ../shared keeps it.
enum StoreKitShapes {
    static var directory: URL? {
        storefrontPackageRoot()?.appendingPathComponent("Tests/Fixtures/storekit")
    }

    static func text(_ file: String) throws -> String {
        let directory = try #require(directory, "no storefront package root above this file")
        return try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    }

    static func load(_ file: String) throws -> ProductCatalog {
        try StoreKitImporter.load(text: text(file), file: file)
    }

    static let formatFive = "format-5-two-groups.storekit"
    static let sixGroups = "synced-six-groups.storekit"
    static let threeLanguages = "paywall-three-languages.storekit"
    static let timeRate = "time-rate-six.storekit"
    static let introModes = "intro-modes-format-2.storekit"
    static let threeLevels = "one-group-three-levels.storekit"
}

@Suite("StoreKit import of our files of each shape")
struct StoreKitShapeTests {
    private func product(_ id: String, in catalog: ProductCatalog) throws -> Product {
        try #require(catalog.product(id: id), "no product \(id)")
    }

    @Test func formatFiveListsIntrosAndKeepsEverySetting() throws {
        let catalog = try StoreKitShapes.load(StoreKitShapes.formatFive)
        let monthly = try product("club.monthly", in: catalog)
        #expect(monthly.type == .autoRenewable)
        #expect(monthly.prices == ["USA": decimal("5.99")])
        #expect(monthly.period == SubscriptionPeriod(value: 1, unit: .month))
        #expect(monthly.group == "A1000001")
        #expect(monthly.level == 1)
        // The introductoryOffers list wins over the single introductoryOffer beside it.
        #expect(monthly.introductoryOffer == Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 2, unit: .week)))
        #expect(monthly.promotionalOffers == [
            Offer(id: "club.monthly.winter", mode: .payUpFront, period: SubscriptionPeriod(value: 1, unit: .year),
                  prices: ["USA": decimal("49.99")]),
            Offer(id: "club.monthly.comeback", mode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month),
                  periods: 3, prices: ["USA": decimal("2.99")]),
        ])
        #expect(monthly.name.values == ["en_US": "Club Monthly", "en": "Club Monthly"])
        #expect(monthly.description.values == ["en_US": "Every month", "en": "Every month"])
        let pass = try product("season.pass", in: catalog)
        #expect(pass.type == .nonRenewing)
        #expect(pass.prices == ["USA": decimal("2.49")])
        // An empty introductoryOffers list means none.
        #expect(try product("club.weekly", in: catalog).introductoryOffer == nil)
        #expect(try product("extras.yearly", in: catalog).name.isEmpty)
        #expect(try product("unlock.forever", in: catalog).type == .nonConsumable)
        #expect(try product("coins.100", in: catalog).type == .consumable)
        #expect(catalog.settings.storeKit == StoreKitTestSettings(storefront: "USA", locale: "en_US", timeRate: 0))
        try StoreKitFixtures.alsoCheck(StoreKitFixtures.unitTests, StoreKitFixtureTests.unitTestsConfigurationFormat5)
    }

    @Test func sixGroupsWithLevelsPeriodsIntrosAndOfferCodes() throws {
        let catalog = try StoreKitShapes.load(StoreKitShapes.sixGroups)
        #expect(try product("read.weekly", in: catalog).level == 3)
        #expect(try product("read.monthly", in: catalog).level == 2)
        #expect(try product("music.bimonthly", in: catalog).period == SubscriptionPeriod(value: 2, unit: .month))
        #expect(try product("music.monthly", in: catalog).introductoryOffer == Offer(
            mode: .payUpFront, period: SubscriptionPeriod(value: 2, unit: .month), prices: ["USA": decimal("1.99")]))
        #expect(Set(catalog.products.compactMap(\.period)) == [
            SubscriptionPeriod(value: 1, unit: .week), SubscriptionPeriod(value: 1, unit: .month),
            SubscriptionPeriod(value: 2, unit: .month), SubscriptionPeriod(value: 1, unit: .year),
        ])
        #expect(catalog.products.flatMap(\.promotionalOffers).count == 5)
        #expect(catalog.products.flatMap(\.codeOffers).count == 8)
        let weekly = try product("read.weekly", in: catalog)
        #expect(weekly.codeOffers.map(\.id) == ["spring_code", "summer_code", "autumn_code"])
        #expect(weekly.codeOffers.first?.eligibility == [.expired, .new, .existing])
        #expect(weekly.codeOffers.last == Offer(id: "autumn_code", mode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .week),
                                                prices: ["USA": decimal("0.49")], eligibility: [.new]))
        // A British-only localization also answers for English; with both, each keeps its own.
        #expect(try product("read.yearly", in: catalog).name.values == ["en_GB": "Reading Yearly", "en": "Reading Yearly"])
        #expect(try product("photos.yearly", in: catalog).name.values
            == ["en_US": "Photos Yearly", "en_GB": "Photos Annual", "en": "Photos Yearly"])
        #expect(try product("music.bimonthly", in: catalog).name.isEmpty)
        // A group without localizations is named by its reference name.
        #expect(catalog.subscriptionGroup(id: "B2000004")?.name.values == ["en": "games"])
        #expect(catalog.settings.storeKit.timeRate == 1)
        try StoreKitFixtures.alsoCheck(StoreKitFixtures.purchaseTester, StoreKitFixtureTests.purchaseTesterLevelsPeriodsIntrosAndOfferCodes)
    }

    @Test func threeLanguagesWithPromotionalOffersAndARightToLeftOne() throws {
        let catalog = try StoreKitShapes.load(StoreKitShapes.threeLanguages)
        let monthly = try product("premium.monthly", in: catalog)
        #expect(monthly.promotionalOffers.map(\.id) == ["keep-offer", "sorry-offer"])
        #expect(monthly.promotionalOffers.last == Offer(id: "sorry-offer", mode: .payUpFront,
                                                        period: SubscriptionPeriod(value: 1, unit: .month),
                                                        prices: ["USA": decimal("1.99")]))
        #expect(monthly.introductoryOffer == Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)))
        #expect(monthly.name.values == [
            "en_US": "Monthly Premium", "en": "Monthly Premium",
            "es_ES": "Prémium mensual", "es": "Prémium mensual",
            "ar": "مميز شهري",
        ])
        // An empty description is left out, so Spanish falls back to English rather than a blank.
        #expect(monthly.description.values["es_ES"] == nil)
        #expect(monthly.description.resolved(for: "es_ES") == "Premium, billed monthly")
        #expect(try product("premium.yearly", in: catalog).introductoryOffer == nil)
        #expect(catalog.products.filter { $0.type == .nonConsumable }.map(\.id) == ["lifetime.basic", "lifetime.pro"])
        #expect(catalog.products.allSatisfy { $0.winBackOffers.isEmpty })
        #expect(catalog.subscriptionGroup(id: "C3000001")?.name.resolved(for: "ar_SA") == "المميز")
        #expect(catalog.settings.storeKit.timeRate == 1003)
        #expect(catalog.settings.storeKit.failures.isEmpty)
        try StoreKitFixtures.alsoCheck(StoreKitFixtures.paywallsTester, StoreKitFixtureTests.paywallsTesterPromotionalOffersAndLocalizations)
    }

    @Test func timeRateSixNineErrorsOffAndThreeDays() throws {
        let catalog = try StoreKitShapes.load(StoreKitShapes.timeRate)
        #expect(catalog.settings.storeKit.timeRate == 6)
        // All nine simulated errors are listed, none is enabled.
        #expect(catalog.settings.storeKit.failures.isEmpty)
        #expect(try product("alpha.short", in: catalog).period == SubscriptionPeriod(value: 3, unit: .day))
        // A free trial has no price, even when one was left behind.
        #expect(try product("alpha.short", in: catalog).introductoryOffer
            == Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 3, unit: .day)))
        #expect(try product("beta.monthly", in: catalog).introductoryOffer == Offer(
            mode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .week), periods: 2, prices: ["USA": decimal("0.99")]))
        #expect(try product("beta.monthly", in: catalog).name.values["es"] == "Beta mensual con prueba")
        #expect(try product("month.access", in: catalog).type == .nonRenewing)
        try StoreKitFixtures.alsoCheck(StoreKitFixtures.integration, StoreKitFixtureTests.integrationConfigurationTimeRateAndShortPeriods)
    }

    @Test func formatTwoWithPayAsYouGoPayUpFrontAndACode() throws {
        let catalog = try StoreKitShapes.load(StoreKitShapes.introModes)
        #expect(try product("plus.monthly", in: catalog).introductoryOffer == Offer(
            mode: .payAsYouGo, period: SubscriptionPeriod(value: 1, unit: .month), periods: 3, prices: ["USA": decimal("1.99")]))
        #expect(try product("plus.yearly", in: catalog).introductoryOffer == Offer(
            mode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month), prices: ["USA": decimal("9.99")]))
        #expect(try product("plus.monthly", in: catalog).codeOffers == [
            Offer(id: "Welcome month", mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .month),
                  eligibility: [.existing, .new, .expired]),
        ])
        #expect(try product("history.full", in: catalog).name.resolved(for: "ar_SA") == "السجل الكامل")
        // No `_locale` and no `_timeRate`: Xcode's defaults.
        #expect(catalog.settings.storeKit.locale == nil)
        #expect(catalog.settings.storeKit.timeRate == nil)
        #expect(catalog.storefronts.first?.locale == "en_US")
        try StoreKitFixtures.alsoCheck(StoreKitFixtures.foodTruck, StoreKitFixtureTests.foodTruckPayAsYouGoPayUpFrontAndCodes)
    }

    @Test func oneGroupThreeLevelsAndSixConsumables() throws {
        let catalog = try StoreKitShapes.load(StoreKitShapes.threeLevels)
        let levels = catalog.products.filter { $0.type == .autoRenewable }.map { "\($0.id)=\($0.level ?? 0)" }
        #expect(levels == ["garden.solo=3", "garden.household=2", "garden.club=1"])
        #expect(catalog.products.filter { $0.type == .consumable }.count == 6)
        #expect(catalog.subscriptionGroups == [
            SubscriptionGroup(id: "F6000001", accessLevel: "F6000001", name: LocalizedText(["en_US": "Garden Pass", "en": "Garden Pass"])),
        ])
        #expect(catalog.products.filter { $0.type == .autoRenewable }.allSatisfy { $0.introductoryOffer?.mode == .freeTrial })
        #expect(try product("garden.club", in: catalog).prices == ["USA": decimal("12.99")])
        #expect(catalog.settings.storeKit.timeRate == 12)
        try StoreKitFixtures.alsoCheck(StoreKitFixtures.backyardBirds, StoreKitFixtureTests.backyardBirdsOneGroupThreeLevels)
    }
}
