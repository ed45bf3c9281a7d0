import Foundation
import Testing
@testable import Catalog

/// The codes that redeem offers: an App Store code offer's `codes` and a Google Play
/// promotion's, decoded, written back, checked (each problem at its JSON path), and looked up
/// as a player types them.
@Suite("Catalog: offer codes and promo codes")
struct OfferCodeCatalogTests {
    static let storefronts = #"""
        [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "storekit" },
          { "id": "GBR", "locale": "en_GB", "currency": "GBP", "path": "play" } ]
        """#

    static let codeOffers = #"""
        [ { "id": "spring", "mode": "payAsYouGo", "period": "P1M", "periods": 3, "prices": { "USA": "2.49", "GBR": "2.29" },
            "eligibility": ["new", "expired"],
            "codes": { "custom": [ { "code": "SPRING50", "limit": 500, "expires": "2030-06-30" } ],
                       "oneTime": [ { "codes": ["ONCE1", "ONCE2"], "expires": "2030-12-31" } ] } },
          { "id": "stardust_friends", "mode": "freeTrial", "period": "P1W" } ]
        """#

    static let promotions = #"""
        [ { "id": "launch-month", "freeTrial": "P1M", "codes": { "custom": [ { "code": "PLAYMONTH", "limit": 2 } ] } } ]
        """#

    static func catalogText(codeOffers: String = OfferCodeCatalogTests.codeOffers,
                            promotions: String = OfferCodeCatalogTests.promotions,
                            gemsPlay: String = #"{ "promotions": [ { "id": "giveaway", "codes": { "oneTime": [ { "codes": ["GEMS1"] } ] } } ] }"#) -> String {
        """
        {
          "schemaVersion": 1,
          "app": { "name": "Test", "bundleId": "com.example.test" },
          "subscriptionGroups": [ { "id": "pass" } ],
          "storefronts": \(storefronts),
          "products": [
            { "id": "gems", "type": "consumable", "prices": { "USA": "0.99", "GBR": "0.99" }, "play": \(gemsPlay) },
            { "id": "pass.monthly", "type": "autoRenewable", "group": "pass", "period": "P1M",
              "prices": { "USA": "4.99", "GBR": "4.49" }, "codeOffers": \(codeOffers),
              "play": { "promotions": \(promotions) } }
          ]
        }
        """
    }

    private func load(_ text: String = catalogText()) throws -> ProductCatalog {
        try CatalogLoader.load(text: text, file: "catalog.json")
    }

    // MARK: Decoding and writing back

    @Test func codesAndPromotionsDecodeWithTheirLimitsAndExpiries() throws {
        let catalog = try load()
        let monthly = try #require(catalog.product(id: "pass.monthly"))
        let spring = try #require(monthly.codeOffers.first)
        #expect(spring.codes.custom == [CustomCode(code: "SPRING50", limit: 500, expires: CodeExpiry("2030-06-30"))])
        #expect(spring.codes.oneTime == [OneTimeCodes(codes: ["ONCE1", "ONCE2"], expires: CodeExpiry("2030-12-31"))])
        #expect(monthly.codeOffers.last?.codes.isEmpty == true)
        #expect(monthly.play?.promotions == [PlayPromotion(
            id: "launch-month", freeTrial: SubscriptionPeriod(value: 1, unit: .month),
            codes: OfferCodes(custom: [CustomCode(code: "PLAYMONTH", limit: 2)]))])
        // Promotions alone give no base plans: the subscription is sold as its own one.
        #expect(!monthly.hasPlayBasePlans)
        #expect(monthly.playSubscription?.basePlans.map(\.id) == ["monthly"])
        #expect(monthly.playSubscription?.promotions.map(\.id) == ["launch-month"])
        let gems = try #require(catalog.product(id: "gems"))
        #expect(gems.play?.basePlans == [])
        #expect(gems.play?.promotions.first?.codes.oneTime.first?.codes == ["GEMS1"])
    }

    @Test func theEncoderWritesCodesBackAsTheyLoad() throws {
        let catalog = try load()
        let text = CatalogEncoder.encode(catalog)
        #expect(try load(text) == catalog)
        #expect(text.contains(#""code": "SPRING50""#))
        #expect(text.contains(#""expires": "2030-06-30""#))
        #expect(text.contains(#""freeTrial": "P1M""#))
        // A one-time product's `play` holds its promotions alone, no empty base plans.
        #expect(!text.contains(#""basePlans": []"#))
    }

    @Test func theRepositoryCatalogHasCodesForTheMonthlyPass() throws {
        let catalog = try loadDefaultCatalog()
        #expect(catalog.redeemableCode("SPRING50", at: .appStore)?.offer.recordedId == "spring_code")
        #expect(catalog.redeemableCode("STARDUST7K2Q", at: .appStore)?.kind == .oneTime)
        #expect(catalog.redeemableCode("PLAYMONTH", at: .googlePlay)?.product.id == "com.example.stardust.pass.monthly")
        #expect(catalog.redeemableCode("GEMS4K9P2", at: .googlePlay)?.product.id == "com.example.stardust.gems_550")
    }

    // MARK: Errors at their paths

    @Test(arguments: [
        (#""limit": 500"#, #""limit": 0"#, "$.products[1].codeOffers[0].codes.custom[0].limit",
         "0 is out of range; expected 1 to 1000000"),
        (#""expires": "2030-06-30""#, #""expires": "2030-02-30""#, "$.products[1].codeOffers[0].codes.custom[0].expires",
         "\"2030-02-30\" is not a date; write the last day the code works as YYYY-MM-DD, such as 2030-06-30"),
        (#""expires": "2030-06-30""#, #""expires": "30/06/2030""#, "$.products[1].codeOffers[0].codes.custom[0].expires",
         "\"30/06/2030\" is not a date; write the last day the code works as YYYY-MM-DD, such as 2030-06-30"),
        (#""code": "SPRING50""#, #""code": "SPRING-50""#, "$.products[1].codeOffers[0].codes.custom[0].code",
         "\"SPRING-50\" is not a code; write 1 to 64 letters and digits, such as SPRING50"),
        (#"["ONCE1", "ONCE2"]"#, #"["ONCE1", 2]"#, "$.products[1].codeOffers[0].codes.oneTime[0].codes[1]",
         "expected a code as a string, found a number"),
        (#""limit": 500"#, #""limit": 500, "uses": 3"#,
         "$.products[1].codeOffers[0].codes.custom[0].uses", "unknown key \"uses\"; expected one of code, expires, limit"),
        (#"{ "id": "launch-month", "freeTrial": "P1M", "codes""#, #"{ "id": "launch-month", "codes""#,
         "$.products[1].play.promotions[0]",
         "a subscription's promotion needs a \"freeTrial\" such as P1M (its promo codes give a free trial)"),
    ])
    func aWrongValueIsAnErrorAtItsPath(old: String, new: String, path: String, message: String) throws {
        let text = try Self.changed(old, new)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics.map(\.path) == [path], "\(error.diagnostics)")
        #expect(error.diagnostics.first?.message == message)
    }

    @Test func aCodeOnTwoOffersIsAnErrorAtTheSecondNamingTheFirst() throws {
        // Codes are compared as a player types them: without regard to case.
        let text = try Self.changed(#""code": "PLAYMONTH""#, #""code": "spring50""#)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics.map(\.path) == ["$.products[1].play.promotions[0].codes.custom[0].code"])
        #expect(error.diagnostics.first?.message == "code \"spring50\" is also $.products[1].codeOffers[0].codes.custom[0].code; "
                + "a code redeems one offer, so remove one or rename it")
    }

    @Test func codesBelongToCodeOffersAndPromotionsOnly() throws {
        let promotional = Self.catalogText().replacingOccurrences(
            of: #""codeOffers": "#,
            with: #""promotionalOffers": [ { "id": "p", "mode": "freeTrial", "period": "P1W", "codes": { "custom": [ { "code": "X1" } ] } } ], "codeOffers": "#)
        let error = try #require(loadFailure(promotional))
        #expect(error.diagnostics.map(\.message) == ["only an offer code has \"codes\"; move the offer to codeOffers or remove it"])
        #expect(error.diagnostics.map(\.path) == ["$.products[1].promotionalOffers[0].codes"])

        let trialOnGems = Self.catalogText(gemsPlay: #"{ "promotions": [ { "id": "g", "freeTrial": "P1W", "codes": { "custom": [ { "code": "G1" } ] } } ] }"#)
        let gems = try #require(loadFailure(trialOnGems))
        #expect(gems.diagnostics.map(\.path) == ["$.products[0].play.promotions[0].freeTrial"])

        let plansOnGems = Self.catalogText(gemsPlay: #"{ "basePlans": [], "promotions": [] }"#)
        let plans = try #require(loadFailure(plansOnGems))
        #expect(plans.diagnostics.map(\.message) == [
            "only autoRenewable products have base plans and offers on Google Play; remove them from \"play\" or make the product autoRenewable"])

        let empty = try Self.changed(#"{ "custom": [ { "code": "PLAYMONTH", "limit": 2 } ] }"#, "{}")
        let noCodes = try #require(loadFailure(empty))
        #expect(noCodes.diagnostics.map(\.message) == ["codes needs \"custom\" codes, \"oneTime\" codes or both; or remove \"codes\""])
    }

    // MARK: Looking a typed code up

    @Test func aTypedCodeIsFoundWithoutRegardToCaseOrSpaces() throws {
        let catalog = try load()
        let custom = try #require(catalog.redeemableCode(" spring50 ", at: .appStore))
        #expect(custom.code == "SPRING50")
        #expect(custom.kind == .custom(limit: 500))
        #expect(custom.offer == .code(try #require(catalog.product(id: "pass.monthly")?.codeOffers.first)))
        #expect(custom.eligibility == [.new, .expired])
        #expect(catalog.redeemableCode("once2", at: .appStore)?.kind == .oneTime)
        #expect(catalog.redeemableCode("ONCE2", at: .appStore)?.expires == CodeExpiry("2030-12-31"))
        #expect(catalog.redeemableCode("NOPE", at: .appStore) == nil)
        #expect(catalog.redeemableCode("", at: .appStore) == nil)
    }

    @Test func eachStoreRedeemsOnlyItsOwnCodes() throws {
        let catalog = try load()
        #expect(catalog.redeemableCode("SPRING50", at: .googlePlay) == nil)
        #expect(catalog.redeemableCode("PLAYMONTH", at: .appStore) == nil)
        let promo = try #require(catalog.redeemableCode("playmonth", at: .googlePlay))
        #expect(promo.offer.typeName == AppliedOffer.promoCodeTypeName)
        #expect(promo.offer.recordedId == "launch-month")
        #expect(promo.offer.offer.mode == .freeTrial && promo.offer.offer.period == SubscriptionPeriod(value: 1, unit: .month))
        // A one-time product's promotion charges nothing.
        let gems = try #require(catalog.redeemableCode("GEMS1", at: .googlePlay))
        let usa = Storefront(id: "GBR", locale: "en_GB", currency: "GBP", path: .play)
        #expect(PurchaseTerms(product: gems.product, storefront: usa, offer: gems.offer)?.chargeNow == 0)
    }

    /// A `.storekit` file's code offers list no codes: each is redeemed by its id.
    @Test func aCodeOfferWithoutCodesIsRedeemedByItsId() throws {
        let catalog = try load()
        let found = try #require(catalog.redeemableCode("STARDUST_FRIENDS", at: .appStore))
        #expect(found.code == "stardust_friends")
        #expect(found.kind == .custom(limit: nil) && found.expires == nil)
        #expect(AppliedOffer(typeName: "code", id: "stardust_friends", of: found.product) == found.offer)
    }

    @Test func anExpiryLastsThroughItsDayInUTC() throws {
        let expiry = try #require(CodeExpiry("2030-06-30"))
        #expect(expiry.description == "2030-06-30")
        let end = try #require(ISO8601DateFormatter().date(from: "2030-07-01T00:00:00Z"))
        #expect(expiry.end == end)
        let code = RedeemableCode(code: "A", kind: .oneTime, expires: expiry, product: Product(id: "p", type: .consumable, prices: [:]),
                                  offer: .code(Offer(mode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week))))
        #expect(!code.hasExpired(at: end.addingTimeInterval(-1)))
        #expect(code.hasExpired(at: end))
        for wrong in ["2030-6-30", "2030-13-01", "2029-02-29", "20300630", "2030-06-30T00:00:00Z", ""] {
            #expect(CodeExpiry(wrong) == nil, "\(wrong)")
        }
        #expect(CodeExpiry("2028-02-29") != nil)
    }

    /// The catalog with `old` (which must occur once) replaced by `new`.
    static func changed(_ old: String, _ new: String) throws -> String {
        let text = catalogText()
        let parts = text.components(separatedBy: old)
        try #require(parts.count == 2, "\(old) occurs \(parts.count - 1) times")
        return parts.joined(separator: new)
    }
}
