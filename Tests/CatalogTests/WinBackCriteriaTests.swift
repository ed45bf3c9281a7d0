import Foundation
import Testing
@testable import Catalog

/// A win-back offer's eligibility criteria: read from catalog.json and from a `.storekit` file,
/// each bad value a located error, written back by the encoder, linted when absent, and applied
/// by the offer selector to a lapsed player's standing.
@Suite("Win-back criteria")
struct WinBackCriteriaTests {
    private static let oneMonth = SubscriptionPeriod(value: 1, unit: .month)

    /// A catalog whose one plan has the win-back offer `offer` (JSON).
    private func catalog(winBack offer: String) -> String {
        Self.withGroup(products: """
            [ { "id": "plan", "type": "autoRenewable", "group": "g1", "period": "P1M", "prices": { "USA": "3.99" },
                "winBackOffers": [ \(offer) ] } ]
            """)
    }

    /// `smallCatalog` with `products` and the subscription group g1 they belong to.
    private static func withGroup(products: String) -> String {
        smallCatalog(products: products).replacingOccurrences(
            of: "\"storefronts\": ", with: "\"subscriptionGroups\": [ { \"id\": \"g1\" } ],\n  \"storefronts\": ")
    }

    private func offer(criteria: String) -> String {
        #"{ "id": "back", "mode": "freeTrial", "period": "P1M", "eligibilityCriteria": \#(criteria) }"#
    }

    private static let valid = #"""
        { "paidSubscriptionDurationInMonths": 6,
          "timeSinceLastSubscribedInMonths": { "minimum": 2, "maximum": 12 },
          "waitBetweenOffersInMonths": 3 }
        """#

    // MARK: Reading

    @Test func theCatalogsCriteriaAreRead() throws {
        let loaded = try CatalogLoader.load(text: catalog(winBack: offer(criteria: Self.valid)), file: "catalog.json")
        let criteria = try #require(loaded.product(id: "plan")?.winBackOffers.first?.winBackCriteria)
        #expect(criteria == WinBackCriteria(paidMonths: 6, monthsSinceLapse: 2...12, monthsBetweenOffers: 3))
    }

    @Test func withoutAWaitThereIsNone() throws {
        let text = catalog(winBack: offer(criteria: #"""
            { "paidSubscriptionDurationInMonths": 36, "timeSinceLastSubscribedInMonths": { "minimum": 1, "maximum": 1 } }
            """#))
        let loaded = try CatalogLoader.load(text: text, file: "catalog.json")
        #expect(loaded.product(id: "plan")?.winBackOffers.first?.winBackCriteria
            == WinBackCriteria(paidMonths: 36, monthsSinceLapse: 1...1))
    }

    @Test func theDefaultCatalogsWinBackMonthHasItsCriteria() throws {
        let monthly = try #require(loadDefaultCatalog().product(id: "com.example.stardust.pass.monthly"))
        #expect(monthly.winBackOffers.map(\.winBackCriteria)
            == [WinBackCriteria(paidMonths: 1, monthsSinceLapse: 1...24, monthsBetweenOffers: 6)])
    }

    struct BadCriteria: Sendable, CustomTestStringConvertible {
        var criteria: String
        /// The text the error points at, and the path and message it names.
        var at: String
        var path: String
        var message: String
        var testDescription: String { message }
    }

    static let badCriteria: [BadCriteria] = [
        BadCriteria(criteria: #"{ "paidSubscriptionDurationInMonths": 30, "timeSinceLastSubscribedInMonths": { "minimum": 1, "maximum": 2 } }"#,
                    at: "30", path: "paidSubscriptionDurationInMonths",
                    message: "30 months is not a paid duration App Store Connect offers; write 1 to 24, 36, 48 or 60"),
        BadCriteria(criteria: #"{ "paidSubscriptionDurationInMonths": 1, "timeSinceLastSubscribedInMonths": { "minimum": 9, "maximum": 3 } }"#,
                    at: "9, \"maximum\"", path: "timeSinceLastSubscribedInMonths.minimum",
                    message: "the minimum (9) is above the maximum (3); no lapsed player would be eligible"),
        BadCriteria(criteria: #"{ "paidSubscriptionDurationInMonths": 1, "timeSinceLastSubscribedInMonths": { "minimum": 0, "maximum": 3 } }"#,
                    at: "0, \"maximum\"", path: "timeSinceLastSubscribedInMonths.minimum",
                    message: "0 is out of range; expected 1 to 24"),
        BadCriteria(criteria: #"{ "paidSubscriptionDurationInMonths": 1, "timeSinceLastSubscribedInMonths": { "minimum": 1, "maximum": 25 } }"#,
                    at: "25 }", path: "timeSinceLastSubscribedInMonths.maximum",
                    message: "25 is out of range; expected 1 to 24"),
        BadCriteria(criteria: #"{ "paidSubscriptionDurationInMonths": 1, "timeSinceLastSubscribedInMonths": { "minimum": 1, "maximum": 3 }, "waitBetweenOffersInMonths": 1 }"#,
                    at: "1 }", path: "waitBetweenOffersInMonths",
                    message: "1 is out of range; expected 2 to 24"),
        BadCriteria(criteria: #"{ "timeSinceLastSubscribedInMonths": { "minimum": 1, "maximum": 3 } }"#,
                    at: "{ \"timeSince", path: "",
                    message: "missing required key \"paidSubscriptionDurationInMonths\" (a whole number)"),
        BadCriteria(criteria: #"{ "paidSubscriptionDurationInMonths": 1, "timeSinceLastSubscribedInMonths": { "minimum": 1, "maximum": 3 }, "waitBetweenOffers": 2 }"#,
                    at: "\"waitBetweenOffers\"", path: "waitBetweenOffers",
                    message: "unknown key \"waitBetweenOffers\"; did you mean \"waitBetweenOffersInMonths\"?"),
    ]

    @Test(arguments: badCriteria)
    func eachBadValueIsALocatedError(_ bad: BadCriteria) throws {
        let text = catalog(winBack: offer(criteria: bad.criteria))
        let error = try #require(loadFailure(text))
        let base = "$.products[0].winBackOffers[0].eligibilityCriteria"
        #expect(error.diagnostics == [
            Diagnostic(.error, path: bad.path.isEmpty ? base : "\(base).\(bad.path)",
                       position: position(of: bad.at, in: text), message: bad.message),
        ])
    }

    @Test func onlyAWinBackOfferHasCriteria() throws {
        let text = Self.withGroup(products: """
            [ { "id": "plan", "type": "autoRenewable", "group": "g1", "period": "P1M", "prices": { "USA": "3.99" },
                "promotionalOffers": [ \(offer(criteria: Self.valid)) ] } ]
            """)
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "$.products[0].promotionalOffers[0].eligibilityCriteria",
                       position: position(of: "{ \"paidSub", in: text),
                       message: "only a win-back offer has \"eligibilityCriteria\"; move it to one of winBackOffers or remove it"),
        ])
    }

    @Test func aStoreKitFilesWinBackOfferBringsItsCriteria() throws {
        let text = """
            {
              "settings": { "_storefront": "USA" },
              "subscriptionGroups": [ { "id": "G", "name": "Group", "subscriptions": [
                { "productID": "plan", "displayPrice": "3.99", "recurringSubscriptionPeriod": "P1M",
                  "winbackOffers": [ { "offerID": "back", "paymentMode": "free", "subscriptionPeriod": "P1M",
                    "numberOfPeriods": 1, "internalID": "A1",
                    "eligibilityCriteria": { "paidSubscriptionDurationInMonths": 12, "futureKey": true,
                      "timeSinceLastSubscribedInMonths": { "minimum": 3, "maximum": 6 } } } ] } ] } ]
            }
            """
        let imported = try StoreKitImporter.load(text: text, file: "test.storekit")
        let offer = try #require(imported.product(id: "plan")?.winBackOffers.first)
        #expect(offer.id == "back")
        #expect(offer.winBackCriteria == WinBackCriteria(paidMonths: 12, monthsSinceLapse: 3...6))
        // And the catalog.json the import writes keeps them.
        let written = try CatalogLoader.load(text: CatalogEncoder.encode(imported), file: "catalog.json")
        #expect(written.product(id: "plan")?.winBackOffers == [offer])
    }

    @Test func aStoreKitFilesBadCriteriaAreLocatedErrors() throws {
        let text = """
            {
              "settings": { "_storefront": "USA" },
              "subscriptionGroups": [ { "id": "G", "name": "Group", "subscriptions": [
                { "productID": "plan", "displayPrice": "3.99", "recurringSubscriptionPeriod": "P1M",
                  "winbackOffers": [ { "offerID": "back", "paymentMode": "free", "subscriptionPeriod": "P1M",
                    "eligibilityCriteria": { "paidSubscriptionDurationInMonths": 13.5,
                      "timeSinceLastSubscribedInMonths": { "minimum": 3 } } } ] } ] } ]
            }
            """
        let error = try #require(storeKitFailure(text))
        let criteria = "$.subscriptionGroups[0].subscriptions[0].winbackOffers[0].eligibilityCriteria"
        #expect(error.diagnostics == [
            Diagnostic(.error, path: "\(criteria).paidSubscriptionDurationInMonths", position: position(of: "13.5", in: text),
                       message: "expected a whole number, found a number"),
            Diagnostic(.error, path: "\(criteria).timeSinceLastSubscribedInMonths",
                       position: position(of: "{ \"minimum\"", in: text),
                       message: "missing required key \"maximum\" (a whole number)"),
        ])
    }

    @Test func theEncoderWritesTheCriteriaAsTheyAreRead() throws {
        let catalog = try CatalogLoader.load(text: catalog(winBack: offer(criteria: Self.valid)), file: "catalog.json")
        let again = try CatalogLoader.load(text: CatalogEncoder.encode(catalog), file: "catalog.json")
        #expect(again.product(id: "plan")?.winBackOffers == catalog.product(id: "plan")?.winBackOffers)
    }

    // MARK: Lint

    @Test func aWinBackOfferWithoutCriteriaIsAWarningAtTheOffer() throws {
        let text = catalog(winBack: #"{ "id": "back", "mode": "freeTrial", "period": "P1M" }"#)
        let findings = CatalogLinter.lint(text: text, file: "catalog.json").findings.filter { $0.rule == "win-back-criteria" }
        #expect(findings == [
            Diagnostic(.warning, path: "$.products[0].winBackOffers[0]", position: position(of: "{ \"id\": \"back\"", in: text),
                       message: "win-back offer \"back\" has no eligibilityCriteria, so the store offers it to anyone "
                           + "lapsed 1 to 24 months ago after 1 paid month, again and again; add "
                           + "paidSubscriptionDurationInMonths, timeSinceLastSubscribedInMonths and waitBetweenOffersInMonths",
                       rule: "win-back-criteria"),
        ])
        let withCriteria = catalog(winBack: offer(criteria: Self.valid))
        #expect(!CatalogLinter.lint(text: withCriteria, file: "catalog.json").findings.contains { $0.rule == "win-back-criteria" })
    }

    /// The rule's id, for the lint suite's check that every rule fires somewhere.
    static func firedRules() -> Set<String> {
        let text = withGroup(products: """
            [ { "id": "plan", "type": "autoRenewable", "group": "g1", "period": "P1M", "prices": { "USA": "3.99" },
                "winBackOffers": [ { "id": "back", "mode": "freeTrial", "period": "P1M" } ] } ]
            """)
        return Set(CatalogLinter.lint(text: text, file: "catalog.json").findings.compactMap(\.rule))
    }

    // MARK: Selection

    private static let criteria = WinBackCriteria(paidMonths: 6, monthsSinceLapse: 2...12, monthsBetweenOffers: 3)
    private static let back = Offer(id: "back", mode: .freeTrial, period: oneMonth, winBackCriteria: criteria)

    private func lapsed(_ standing: WinBackStanding) -> SubscriberHistory {
        SubscriberHistory(subscribedGroups: ["g1"], lapses: ["g1": standing])
    }

    private var plan: Product {
        Product(id: "plan", type: .autoRenewable, prices: ["USA": decimal("3.99")], group: "g1", period: Self.oneMonth,
                winBackOffers: [Self.back])
    }

    struct Standing: Sendable, CustomTestStringConvertible {
        var standing: WinBackStanding
        var admitted: Bool
        var why: String
        var testDescription: String { why }
    }

    static let standings: [Standing] = [
        Standing(standing: WinBackStanding(paidMonths: 6, monthsSinceLapse: 2), admitted: true, why: "at every minimum"),
        Standing(standing: WinBackStanding(paidMonths: 60, monthsSinceLapse: 12, monthsSinceWinBack: 3), admitted: true,
                 why: "at the maximum, the wait just over"),
        Standing(standing: WinBackStanding(paidMonths: 5, monthsSinceLapse: 4), admitted: false, why: "a month short of paid"),
        Standing(standing: WinBackStanding(paidMonths: 6, monthsSinceLapse: 1), admitted: false, why: "lapsed too recently"),
        Standing(standing: WinBackStanding(paidMonths: 6, monthsSinceLapse: 13), admitted: false, why: "lapsed too long ago"),
        Standing(standing: WinBackStanding(paidMonths: 6, monthsSinceLapse: 4, monthsSinceWinBack: 2), admitted: false,
                 why: "won back too recently"),
        Standing(standing: WinBackStanding(paidMonths: 6, monthsSinceLapse: 4, monthsSinceWinBack: 0), admitted: false,
                 why: "won back this month"),
    ]

    @Test(arguments: standings)
    func theSelectorAppliesEachCriterion(_ standing: Standing) {
        let applied = OfferSelector.offer(for: plan, history: lapsed(standing.standing))
        #expect(applied == (standing.admitted ? .winBack(Self.back) : nil))
    }

    @Test func theFirstOfferThatAdmitsThePlayerIsChosen() {
        let soon = Offer(id: "soon", mode: .freeTrial, period: Self.oneMonth,
                         winBackCriteria: WinBackCriteria(paidMonths: 1, monthsSinceLapse: 1...2))
        var plan = plan
        plan.winBackOffers = [soon, Self.back]
        #expect(OfferSelector.offer(for: plan, history: lapsed(WinBackStanding(paidMonths: 6, monthsSinceLapse: 2)))
            == .winBack(soon))
        #expect(OfferSelector.offer(for: plan, history: lapsed(WinBackStanding(paidMonths: 6, monthsSinceLapse: 5)))
            == .winBack(Self.back))
        #expect(OfferSelector.offer(for: plan, history: lapsed(WinBackStanding(paidMonths: 0, monthsSinceLapse: 2))) == nil)
    }

    @Test func anOfferWithoutCriteriaIsHeldToTheLoosest() {
        let loose = Offer(id: "loose", mode: .freeTrial, period: Self.oneMonth)
        #expect(loose.admits(WinBackStanding(paidMonths: 1, monthsSinceLapse: 1, monthsSinceWinBack: 0)))
        #expect(!loose.admits(WinBackStanding(paidMonths: 0, monthsSinceLapse: 1)))
        #expect(!loose.admits(WinBackStanding(paidMonths: 1, monthsSinceLapse: 0)))
        #expect(!loose.admits(WinBackStanding(paidMonths: 1, monthsSinceLapse: 25)))
    }

    @Test func theLapsedPreviewIsAPlayerTheGroupsOffersAdmit() throws {
        var product = plan
        let later = Offer(id: "later", mode: .freeTrial, period: Self.oneMonth,
                          winBackCriteria: WinBackCriteria(paidMonths: 60, monthsSinceLapse: 4...24))
        product.winBackOffers = [later, Self.back]
        let catalog = ProductCatalog(app: AppInfo(name: "T", bundleId: "com.example.t"), storefronts: [Storefronts.usa],
                              products: [product])
        let history = PlayerState.lapsed.history(in: catalog, current: nil)
        let standing = try #require(history.lapses["g1"])
        #expect(standing == WinBackStanding(paidMonths: 60, monthsSinceLapse: 2))
        #expect(OfferSelector.offer(for: product, history: history) == .winBack(Self.back))
    }
}
