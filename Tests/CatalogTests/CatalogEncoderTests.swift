import Foundation
import Testing
@testable import Catalog

/// `CatalogEncoder` writes catalog.json that `CatalogLoader` reads back as the same catalog.
@Suite("Catalog encoder")
struct CatalogEncoderTests {
    /// The catalog after a trip through text; records the load errors when it does not load.
    /// The catalog through catalog.json and back. catalog.json is the file it then comes from:
    /// an imported catalog comes back with every value and the origin `catalogJSON`, which the
    /// comparison takes as the input's.
    private func roundTrip(_ catalog: ProductCatalog, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProductCatalog {
        let text = CatalogEncoder.encode(catalog)
        do {
            var loaded = try CatalogLoader.load(text: text, file: "encoded.json")
            #expect(loaded.origin == .catalogJSON, sourceLocation: sourceLocation)
            loaded.origin = catalog.origin
            return loaded
        } catch {
            Issue.record("the encoded catalog does not load:\n\(error.description)\n\(text)", sourceLocation: sourceLocation)
            throw error
        }
    }

    @Test func theDefaultCatalogRoundTrips() throws {
        let catalog = try loadDefaultCatalog()
        #expect(try roundTrip(catalog) == catalog)
    }

    @Test func ourStoreKitSamplesRoundTrip() throws {
        for file in ["every-key.storekit", "old-format.storekit"] {
            let catalog = try StoreKitSamples.load(file)
            #expect(try roundTrip(catalog) == catalog, "\(file)")
        }
    }

    @Test(arguments: StoreKitFixtureCounts.everyFile)
    func everyImportedFixtureRoundTrips(_ expected: StoreKitFixtureCounts) throws {
        let catalog = try expected.load()
        #expect(try roundTrip(catalog) == catalog)
    }

    @Test func encodingIsStableAcrossATrip() throws {
        let text = CatalogEncoder.encode(try loadDefaultCatalog())
        #expect(CatalogEncoder.encode(try CatalogLoader.load(text: text, file: "encoded.json")) == text)
        #expect(CatalogEncoder.encode(try loadDefaultCatalog()) == text)
    }

    @Test func aSmallCatalogIsWrittenExactly() {
        let catalog = ProductCatalog(
            app: AppInfo(name: "Test", bundleId: "com.example.test"),
            settings: Settings(enablePayments: true, storeKit: StoreKitTestSettings(storefront: "USA", timeRate: 6,
                                                                                    failures: ["loadProducts"])),
            storefronts: [
                Storefront(id: "USA", locale: "en_US", currency: "USD", path: .storekit),
                Storefront(id: "DEU", locale: "de_DE", currency: "EUR", path: .paystation, inAppPayStation: true),
            ],
            accessLevels: [AccessLevel(id: "premium")],
            subscriptionGroups: [SubscriptionGroup(id: "pass", accessLevel: "premium", name: LocalizedText(["en": "Pass"]))],
            products: [
                Product(id: "gems", type: .consumable, name: LocalizedText(["en": "Gems", "de": "Edelsteine"]),
                        prices: ["DEU": decimal("1.09"), "USA": decimal("0.99")], grants: .currency("gems", amount: 100)),
                Product(id: "pass.monthly", type: .autoRenewable, prices: ["USA": decimal("4.99")], group: "pass", level: 1,
                        period: SubscriptionPeriod(value: 1, unit: .month),
                        introductoryOffer: Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week)),
                        codeOffers: [Offer(id: "spring", mode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month),
                                           prices: ["USA": decimal("9.50")], eligibility: [.new, .expired])]),
            ])
        #expect(CatalogEncoder.encode(catalog) == """
            {
              "schemaVersion": 1,
              "app": { "name": "Test", "bundleId": "com.example.test" },
              "settings": {
                "enablePayments": true,
                "storeKit": {
                  "storefront": "USA",
                  "timeRate": 6,
                  "failures": ["loadProducts"]
                }
              },
              "storefronts": [
                { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },
                {
                  "id": "DEU",
                  "locale": "de_DE",
                  "currency": "EUR",
                  "path": "paystation",
                  "inAppPayStation": true
                }
              ],
              "accessLevels": [
                { "id": "premium" }
              ],
              "subscriptionGroups": [
                {
                  "id": "pass",
                  "accessLevel": "premium",
                  "name": { "en": "Pass" }
                }
              ],
              "products": [
                {
                  "id": "gems",
                  "type": "consumable",
                  "name": { "de": "Edelsteine", "en": "Gems" },
                  "prices": { "USA": "0.99", "DEU": "1.09" },
                  "grants": { "currency": "gems", "amount": 100 }
                },
                {
                  "id": "pass.monthly",
                  "type": "autoRenewable",
                  "prices": { "USA": "4.99" },
                  "group": "pass",
                  "level": 1,
                  "period": "P1M",
                  "introductoryOffer": { "mode": "freeTrial", "period": "P1W", "periods": 1 },
                  "codeOffers": [
                    {
                      "id": "spring",
                      "mode": "payUpFront",
                      "period": "P3M",
                      "periods": 1,
                      "prices": { "USA": "9.5" },
                      "eligibility": ["new", "expired"]
                    }
                  ]
                }
              ]
            }

            """)
    }

    @Test func keysComeInTheDocumentedOrder() throws {
        let text = CatalogEncoder.encode(try loadDefaultCatalog())
        /// Where each key first occurs at or after `start`; -1 when it does not.
        func offsets(_ keys: [String], after start: String.Index? = nil) -> [Int] {
            let searched = (start ?? text.startIndex)..<text.endIndex
            return keys.map { key in
                text.range(of: "\"\(key)\":", range: searched).map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? -1
            }
        }
        let topLevel = offsets(["schemaVersion", "app", "settings", "storefronts", "accessLevels", "subscriptionGroups",
                                "products", "paywalls"])
        #expect(!topLevel.contains(-1))
        #expect(topLevel == topLevel.sorted())
        let settings = offsets(["projectId", "loginProjectId", "enablePayments", "paymentsRedirectUrl", "payStation", "timeRate"])
        #expect(!settings.contains(-1))
        #expect(settings == settings.sorted())
        // Within the first product.
        let products = try #require(text.range(of: "\"products\": ["))
        let product = offsets(["id", "type", "name", "description", "prices", "grants"], after: products.upperBound)
        #expect(!product.contains(-1))
        #expect(product == product.sorted())
    }

    @Test func defaultValuesAreLeftOut() {
        let catalog = ProductCatalog(app: AppInfo(name: "A", bundleId: "b"),
                              storefronts: [Storefront(id: "USA", locale: "en_US", currency: "USD", path: .xee)],
                              products: [Product(id: "p", type: .nonConsumable, prices: [:])])
        let text = CatalogEncoder.encode(catalog)
        for key in ["settings", "accessLevels", "subscriptionGroups", "paywalls", "itemType", "status", "description",
                    "inAppPayStation"] {
            #expect(!text.contains("\"\(key)\""), "\(key) should be left out")
        }
        #expect(!text.contains(#""name": {"#), "an empty product name should be left out")
        #expect(text.contains(#""prices": {}"#))
    }

    @Test func everySettingThatDiffersIsWritten() throws {
        var settings = Settings(projectId: 7, loginProjectId: "login", platform: "xbox", enablePayments: true,
                                openExternalBrowser: false, useSandbox: false, customUserId: "player-1",
                                paymentsRedirectUrl: "app://back", timeRate: "fast", network: .flaky,
                                customLoginToken: "token", signedData: .xcode,
                                requestedProducts: ["com.example.stardust.gems_100", "GEMS"])
        settings.payStation = PayStationSettings(theme: .light, size: .large,
                                                 redirect: RedirectPolicy(condition: .any, delaySeconds: 9, manualButtonCaption: "Go"))
        settings.xee = XeeSettings(inAppPurchaseKey: false, notificationDelaySeconds: 0)
        settings.api = ServedAddress(host: "127.0.0.1", port: 8790)
        settings.storeKit = StoreKitTestSettings(storefront: "DEU", locale: "de_DE", timeRate: 0, askToBuyEnabled: true,
                                                 billingGracePeriodEnabled: true, renewalBillingIssuesEnabled: true,
                                                 failures: ["purchase", "verification"])
        var catalog = try loadDefaultCatalog()
        catalog.settings = settings
        catalog.products[0].status = .draft
        catalog.products[0].itemType = .bundle
        catalog.paywalls[0].termsUrl = "https://example.com/terms"
        catalog.paywalls[0].privacyUrl = "https://example.com/privacy"
        catalog.paywalls[0].showsRestore = false
        catalog.paywalls[0].defaultLocale = "de"
        #expect(try roundTrip(catalog) == catalog)
    }

    @Test func anEmptyListOfRequestedProductsIsKept() throws {
        var catalog = try loadDefaultCatalog()
        catalog.settings.requestedProducts = []
        #expect(CatalogEncoder.encode(catalog).contains(#""requestedProducts": []"#))
        #expect(try roundTrip(catalog) == catalog)
    }

    /// The encoder writes every property it knows of; one added to the model later must be taught
    /// to it, or `storefront import` and the round trip silently drop it. This names them all.
    @Test func theEncoderKnowsEveryPropertyOfTheModel() throws {
        func properties(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        let month = SubscriptionPeriod(value: 1, unit: .month)
        #expect(properties(ProductCatalog(app: AppInfo(name: "", bundleId: ""), storefronts: [], products: [])) == [
            // `origin` is where the catalog was read from, not a key of catalog.json, and the indexes
            // are built from the arrays: not encoded.
            "schemaVersion", "app", "settings", "storefronts", "accessLevels", "subscriptionGroups", "products", "paywalls",
            "origin", "storefrontIndex", "groupIndex", "productIndex"])
        #expect(properties(Settings()) == [
            "projectId", "loginProjectId", "platform", "enablePayments", "openExternalBrowser", "useSandbox", "customUserId",
            "paymentsRedirectUrl", "payStation", "xee", "timeRate", "network", "storeKit", "customLoginToken",
            "signedData", "requestedProducts", "api", "notifications"])
        #expect(properties(NotificationTargets()) == ["apple", "play", "playAudience", "xsolla", "xsollaSecretKey"])
        #expect(properties(PayStationSettings()) == ["theme", "size", "redirect", "prewarm", "coldLaunchSeconds", "webhookMode"])
        #expect(properties(RedirectPolicy()) == ["condition", "delaySeconds", "manualButtonCaption"])
        #expect(properties(XeeSettings()) == ["inAppPurchaseKey", "notificationDelaySeconds", "shouldAddStorePayment"])
        #expect(properties(StoreKitTestSettings()) == [
            "storefront", "locale", "timeRate", "askToBuyEnabled", "billingGracePeriodEnabled", "renewalBillingIssuesEnabled",
            "failures"])
        #expect(properties(Storefront(id: "", locale: "", currency: "", path: .storekit)) == [
            "id", "locale", "currency", "path", "inAppPayStation"])
        #expect(properties(SubscriptionGroup(id: "")) == ["id", "accessLevel", "name"])
        // A product keeps its fields in one box its copies share (`ProductFields`): they are its properties.
        let product = try #require(Mirror(reflecting: Product(id: "", type: .consumable, prices: [:])).descendant("fields", "values"))
        #expect(properties(product) == [
            "id", "type", "itemType", "status", "name", "description", "prices", "grants", "group", "level", "period",
            "introductoryOffer", "promotionalOffers", "winBackOffers", "codeOffers", "play", "familyShareable"])
        #expect(properties(PlaySubscription(basePlans: [])) == ["basePlans", "offers", "promotions"])
        #expect(properties(PlayPromotion(id: "", codes: OfferCodes())) == ["id", "freeTrial", "codes"])
        #expect(properties(OfferCodes()) == ["custom", "oneTime"])
        #expect(properties(CustomCode(code: "")) == ["code", "limit", "expires"])
        #expect(properties(OneTimeCodes(codes: [])) == ["codes", "expires"])
        #expect(properties(PlayBasePlan(id: "", billingPeriod: month)) == [
            "id", "billingPeriod", "renewalType", "prices", "offerTags"])
        #expect(properties(PlayOffer(id: "", basePlanId: "", phases: [], eligibility: nil)) == [
            "id", "basePlanId", "phases", "offerTags", "eligibility"])
        #expect(properties(PlayPricingPhase(kind: .freeTrial, duration: month)) == ["kind", "duration", "recurrenceCount", "prices"])
        #expect(properties(Offer(mode: .freeTrial, period: month)) == ["id", "mode", "period", "periods", "prices", "eligibility",
                                                                        "winBackCriteria", "codes"])
        #expect(properties(WinBackCriteria.loosest) == ["paidMonths", "monthsSinceLapse", "monthsBetweenOffers"])
        #expect(properties(Paywall(id: "", placement: "", variants: [])) == [
            "id", "placement", "defaultLocale", "variants", "termsUrl", "privacyUrl", "showsRestore"])
        #expect(properties(PaywallVariant(id: "", products: [])) == [
            "id", "weight", "template", "products", "highlight", "selected", "promotionalOffer", "strings"])
        #expect(properties(PaywallStrings()) == ["title", "subtitle", "features", "cta", "offerDetails", "offerDetailsWithIntro",
                                                 "text"])
    }

    @Test func stringsAreEscaped() throws {
        var catalog = try loadDefaultCatalog()
        let nasty = "Quote \" backslash \\ slash / newline \n tab \t return \r bell \u{7} del \u{7F} nbsp \u{A0} "
            + "line \u{2028} emoji 🎮 rtl \u{200F}مرحبا"
        catalog.app.name = nasty
        catalog.products[0].name = LocalizedText(["en": nasty, "we\"ird\nkey": "x"])
        let text = CatalogEncoder.encode(catalog)
        #expect(text.contains(#"Quote \" backslash \\ slash / newline \n tab \t return \r bell \u0007 del \u007F"#))
        #expect(text.contains(#"line \u2028 emoji 🎮"#))
        #expect(try roundTrip(catalog) == catalog)
    }

    @Test(arguments: [("0.99", "0.99"), ("160", "160"), ("0", "0"), ("0.50", "0.5"), ("1234567.125", "1234567.125"),
                      ("00010.0100", "10.01"), ("123456789012345678901234567.89", "123456789012345678901234567.89")])
    func pricesAreDecimalStrings(_ input: String, _ written: String) {
        #expect(CatalogEncoder.priceText(decimal(input)) == written)
    }
}
