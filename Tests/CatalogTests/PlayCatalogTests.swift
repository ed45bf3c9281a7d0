import Foundation
import Testing
@testable import Catalog

/// A subscription's `play` object: decoded with Play's names, errors at their path and
/// line:column, the shape a catalog without Play data gets, the offers each player is
/// eligible for and the one a Play app picks, and each Play lint rule on a failing input.
@Suite("Catalog: Google Play's base plans and offers")
struct PlayCatalogTests {
    static let storefronts = #"""
        [ { "id": "USA", "locale": "en_US", "currency": "USD", "path": "play" },
          { "id": "DEU", "locale": "de_DE", "currency": "EUR", "path": "storekit" } ]
        """#

    static let play = #"""
        { "basePlans": [
            { "basePlanId": "monthly", "billingPeriodDuration": "P1M", "offerTags": ["standard"] },
            { "basePlanId": "yearly", "billingPeriodDuration": "P1Y", "renewalType": "prepaid", "prices": { "USA": "39.99" } } ],
          "offers": [
            { "offerId": "free-week", "basePlanId": "monthly", "eligibility": "newCustomer", "offerTags": ["trial"],
              "phases": [ { "type": "freeTrial", "duration": "P1W" } ] },
            { "offerId": "upgrade-half", "basePlanId": "monthly", "eligibility": "upgrade",
              "phases": [ { "type": "discountedRecurring", "duration": "P1M", "recurrenceCount": 3, "prices": { "USA": "2.49" } } ] },
            { "offerId": "loyalty", "basePlanId": "monthly", "eligibility": "developerDetermined",
              "phases": [ { "type": "singlePayment", "duration": "P3M", "prices": { "USA": "9.99" } } ] } ] }
        """#

    static func catalogText(play: String = PlayCatalogTests.play) -> String {
        """
        {
          "schemaVersion": 1,
          "app": { "name": "Test", "bundleId": "com.example.test" },
          "settings": { "enablePayments": true },
          "subscriptionGroups": [ { "id": "pass", "name": { "en": "Pass", "de": "Pass" } } ],
          "storefronts": \(storefronts),
          "products": [
            { "id": "pass.monthly", "type": "autoRenewable", "group": "pass", "period": "P1M",
              "name": { "en": "Monthly", "de": "Monat" }, "prices": { "USA": "4.99", "DEU": "5.49" },
              "play": \(play) },
            { "id": "pass.weekly", "type": "autoRenewable", "group": "pass", "period": "P1W",
              "name": { "en": "Weekly", "de": "Woche" }, "prices": { "USA": "1.99", "DEU": "1.99" },
              "introductoryOffer": { "mode": "payAsYouGo", "period": "P1W", "periods": 2, "prices": { "USA": "0.99", "DEU": "0.99" } } }
          ]
        }
        """
    }

    /// The catalog with `old` (which must occur once) replaced by `new`.
    static func changed(_ old: String, _ new: String) throws -> String {
        let text = catalogText()
        let parts = text.components(separatedBy: old)
        try #require(parts.count == 2, "\(old) occurs \(parts.count - 1) times")
        return parts.joined(separator: new)
    }

    private var usa: Storefront { Storefront(id: "USA", locale: "en_US", currency: "USD", path: .play) }

    private func monthly() throws -> Product {
        try #require(try CatalogLoader.load(text: Self.catalogText(), file: "catalog.json").product(id: "pass.monthly"))
    }

    // MARK: Decoding

    @Test func thePlayObjectDecodesWithPlaysNames() throws {
        let play = try #require(try monthly().play)
        #expect(play.basePlans.map(\.id) == ["monthly", "yearly"])
        #expect(play.basePlans[0].billingPeriod == SubscriptionPeriod(value: 1, unit: .month))
        #expect(play.basePlans[0].renewalType == .autoRenewing && play.basePlans[1].renewalType == .prepaid)
        #expect(play.basePlans[0].prices.isEmpty && play.basePlans[1].prices == ["USA": decimal("39.99")])
        #expect(play.basePlans[0].offerTags == ["standard"])
        #expect(play.offers.map(\.id) == ["free-week", "upgrade-half", "loyalty"])
        #expect(play.offers.map(\.eligibility) == [.newCustomer, .upgrade, .developerDetermined])
        #expect(play.offers(onBasePlan: "monthly").count == 3 && play.offers(onBasePlan: "yearly").isEmpty)
        let upgrade = play.offers[1].phases[0]
        #expect(upgrade.kind == .discountedRecurring && upgrade.recurrenceCount == 3 && upgrade.prices == ["USA": decimal("2.49")])
        #expect(play.offers[2].phases[0].asOffer == Offer(mode: .payUpFront, period: SubscriptionPeriod(value: 3, unit: .month),
                                                            prices: ["USA": decimal("9.99")]))
    }

    @Test func aCatalogWithoutPlayDataSellsOneBasePlanWithItsIntroductoryOffer() throws {
        let catalog = try CatalogLoader.load(text: Self.catalogText(), file: "catalog.json")
        let weekly = try #require(catalog.product(id: "pass.weekly"))
        #expect(weekly.play == nil)
        let shape = try #require(weekly.playSubscription)
        #expect(shape.basePlans.map(\.id) == ["weekly"])
        #expect(shape.basePlans[0].billingPeriod == weekly.period && shape.basePlans[0].prices.isEmpty)
        #expect(shape.offers.map(\.id) == [Product.introductoryOfferId])
        #expect(shape.offers[0].eligibility == .newCustomer)
        #expect(shape.offers[0].phases == [PlayPricingPhase(kind: .discountedRecurring, duration: SubscriptionPeriod(value: 1, unit: .week),
                                                            recurrenceCount: 2, prices: ["USA": decimal("0.99"), "DEU": decimal("0.99")])])
    }

    @Test(arguments: [
        (#""type": "freeTrial""#, #""type": "freeTrail""#, "$.products[0].play.offers[0].phases[0].type", #"did you mean "freeTrial"?"#),
        (#""renewalType": "prepaid""#, #""renewalType": "yearly""#, "$.products[0].play.basePlans[1].renewalType", "expected one of autoRenewing, prepaid"),
        (#""basePlanId": "monthly", "billingPeriodDuration": "P1M""#, #""basePlanId": "monthly", "billingPeriodDuration": "1 month""#,
         "$.products[0].play.basePlans[0].billingPeriodDuration", "is not a period"),
        (#""offerTags": ["trial"]"#, #""offerTag": ["trial"]"#, "$.products[0].play.offers[0].offerTag", #"did you mean "offerTags"?"#),
        (#""duration": "P1W" }"#, #""duration": "P1W", "prices": { "USA": "1.00" } }"#, "$.products[0].play.offers[0].phases[0].prices",
         "a free trial has no prices"),
    ])
    func aMistakeIsReportedAtItsPlace(old: String, new: String, path: String, message: String) throws {
        let text = try Self.changed(old, new)
        #expect(throws: CatalogLoadError.self) { try CatalogLoader.load(text: text, file: "catalog.json") }
        let outcome = CatalogLoader.loadOutcome(text: text, file: "catalog.json")
        let error = try #require(outcome.diagnostics.first { $0.path == path }, "\(outcome.diagnostics.map(\.description))")
        #expect(error.message.contains(message), "\(error.message)")
        // The line:column is where the value (or key) stands in the text.
        let position = try #require(error.position)
        let line = text.components(separatedBy: "\n")[position.line - 1]
        #expect(line.contains(new.components(separatedBy: ",").first ?? new) || line.contains(new), "\(line)")
    }

    @Test func playOnAOneTimeProductIsAnError() throws {
        let text = try Self.changed(#""id": "pass.weekly", "type": "autoRenewable""#, #""id": "pass.weekly", "type": "nonConsumable", "play": { "basePlans": [] }"#)
        let outcome = CatalogLoader.loadOutcome(text: text, file: "catalog.json")
        #expect(outcome.diagnostics.contains { $0.path == "$.products[1].play" && $0.message.contains("only autoRenewable") })
    }

    @Test func thePlayObjectRoundTripsThroughTheEncoder() throws {
        let catalog = try CatalogLoader.load(text: Self.catalogText(), file: "catalog.json")
        let encoded = CatalogEncoder.encode(catalog)
        #expect(encoded.contains("\"billingPeriodDuration\""))
        var loaded = try CatalogLoader.load(text: encoded, file: "encoded.json")
        loaded.origin = catalog.origin
        #expect(loaded == catalog)
    }

    // MARK: Offers and eligibility

    @Test func aNewCustomerGetsTheFreeWeekAndTheDevelopersOffer() throws {
        let product = try monthly()
        let details = PlayOfferList.details(of: product, in: usa, for: PlayOfferContext())
        #expect(details.map(\.reference) == ["monthly/free-week", "monthly/loyalty", "monthly", "yearly"])
        let chosen = try #require(PlayOfferList.chosen(among: PlayOfferList.purchasable(product, in: usa, for: PlayOfferContext()), in: usa))
        #expect(chosen.reference == "monthly/free-week")
        #expect(chosen.phasesLine(in: usa) == "1 week free, then $4.99/month")
        #expect(chosen.offerTags == ["standard", "trial"])
        #expect(chosen.appliedOffer?.typeName == "play" && chosen.appliedOffer?.recordedId == "monthly/free-week")
        #expect(details[3].basePlanPrice == decimal("39.99"))
        #expect(PlayOfferDetails.recurrenceMode(of: details[3].pricingPhases[0], last: true, renewal: .prepaid) == "NON_RECURRING")
    }

    @Test func aReturningCustomerHoldingAnotherPlanGetsTheUpgradeOfferOnly() throws {
        let product = try monthly()
        let player = PlayOfferContext(subscribedBefore: true, holdsAnotherPlanOfGroup: true, developerOffers: false)
        let choices = PlayOfferList.purchasable(product, in: usa, for: player)
        #expect(choices.map(\.reference) == ["monthly/upgrade-half", "monthly"])
        let chosen = try #require(PlayOfferList.chosen(among: choices, in: usa))
        #expect(chosen.phasesLine(in: usa) == "3 months at $2.49/month, then $4.99/month")
        // Lapsed, holding nothing: neither the trial nor the upgrade; the base plan alone.
        let lapsed = PlayOfferContext(subscribedBefore: true, holdsAnotherPlanOfGroup: false, developerOffers: false)
        #expect(PlayOfferList.purchasable(product, in: usa, for: lapsed).map(\.reference) == ["monthly"])
    }

    @Test func aPlayOfferIsFoundAgainByWhatTheTransactionRecorded() throws {
        let product = try monthly()
        let applied = try #require(AppliedOffer(typeName: "play", id: "monthly/loyalty", of: product))
        #expect(applied.offer.mode == .payUpFront && applied.recordedId == "monthly/loyalty")
        #expect(AppliedOffer(typeName: "play", id: "monthly/none", of: product) == nil)
        #expect(PurchaseTerms(product: product, storefront: usa, offer: applied)?.chargeNow == decimal("9.99"))
    }

    // MARK: Lint

    private func findings(_ text: String, rule: LintRule) -> [Diagnostic] {
        CatalogLinter.lint(text: text, file: "catalog.json").findings.filter { $0.rule == rule.id }
    }

    @Test func theSampleLintsClean() {
        let report = CatalogLinter.lint(text: Self.catalogText(), file: "catalog.json")
        #expect(report.findings.isEmpty, "\(report.findings.map(\.description))")
    }

    @Test(arguments: [
        (#""offerId": "loyalty", "basePlanId": "monthly""#, #""offerId": "loyalty", "basePlanId": "montly""#, LintRule.playIds,
         "$.products[0].play.offers[2].basePlanId", #"did you mean "monthly"?"#),
        (#""offerId": "loyalty""#, #""offerId": "free-week""#, LintRule.playIds, "$.products[0].play.offers[2].offerId", "is also"),
        (#""basePlanId": "yearly""#, #""basePlanId": "monthly""#, LintRule.playIds, "$.products[0].play.basePlans[1].basePlanId", "is also"),
        (#""eligibility": "developerDetermined","#, "", LintRule.playOfferEligibility, "$.products[0].play.offers[2]", "never offers it"),
        (#""prices": { "USA": "9.99" }"#, #""prices": { "USA": "19.99" }"#, LintRule.playOfferPhases,
         "$.products[0].play.offers[2].phases[0]", "end in the base plan's price"),
        (#""prices": { "USA": "39.99" }"#, #""prices": { "DEU": "39.99" }"#, LintRule.playPrice,
         "$.products[0].play.basePlans[1].prices", "no price in USA"),
        (#""prices": { "USA": "2.49" }"#, #""prices": { "DEU": "2.49" }"#, LintRule.playPrice,
         "$.products[0].play.offers[1].phases[0].prices", "no price for this phase in USA"),
        (#""basePlanId": "monthly", "billingPeriodDuration": "P1M""#, #""basePlanId": "monthly", "billingPeriodDuration": "P1W""#,
         LintRule.playBasePlan, "$.products[0].play.basePlans[0].billingPeriodDuration", "the product's period is P1M"),
    ])
    func eachPlayRuleFiresAtItsPlace(old: String, new: String, rule: LintRule, path: String, message: String) throws {
        let text = try Self.changed(old, new)
        let found = findings(text, rule: rule)
        try #require(found.count == 1, "\(CatalogLinter.lint(text: text, file: "catalog.json").findings.map(\.description))")
        #expect(found[0].path == path)
        #expect(found[0].severity == rule.severity)
        #expect(found[0].message.contains(message), "\(found[0].message)")
        #expect(found[0].position != nil)
    }

    /// Every Play rule's id, fired by the inputs above (LintTests checks every rule fires).
    static func firedRules() throws -> Set<String> {
        let inputs = [
            (#""basePlanId": "yearly""#, #""basePlanId": "monthly""#),
            (#""eligibility": "developerDetermined","#, ""),
            (#""prices": { "USA": "9.99" }"#, #""prices": { "USA": "19.99" }"#),
            (#""prices": { "USA": "39.99" }"#, #""prices": { "DEU": "39.99" }"#),
            (#""basePlanId": "monthly", "billingPeriodDuration": "P1M""#, #""basePlanId": "monthly", "billingPeriodDuration": "P1W""#),
        ]
        var fired: Set<String> = []
        for (old, new) in inputs {
            fired.formUnion(CatalogLinter.lint(text: try changed(old, new), file: "catalog.json").findings.compactMap(\.rule))
        }
        return fired
    }
}
