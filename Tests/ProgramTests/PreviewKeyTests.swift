import Catalog
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `v` previews the next paywall variant and `e` forces offer eligibility; both are marked on
/// the status line so a screenshot never passes for the real thing. The player's history comes
/// from the engine's reports.
@Suite("Previews: variants, templates, eligibility")
struct PreviewKeyTests {
    private func offerLine(_ app: App, _ productId: String) -> String? {
        app.paywall.shop.plans.first { $0.product.id == productId }?.offerLine
    }

    @Test func vCyclesVariantsAsAMarkedPreview() throws {
        var app = makeApp(width: 120, height: 40)
        let assigned = try #require(app.paywall.variant)
        #expect(app.update(.key(.character("v"))).isEmpty)
        let previewed = try #require(app.paywall.variant)
        #expect(previewed.id != assigned.id)
        #expect(app.lines[0].contains("variant \(previewed.id) (preview)"))
        #expect(app.notice?.text == "Previewing variant \(previewed.id) (template \(previewed.template.rawValue)).")
    }

    @Test func eCyclesEligibilityAndTheIntroOfferFollows() {
        var app = makeApp(width: 120, height: 40)
        #expect(offerLine(app, SKU.monthlyPass) == "1 week free, then $4.99/month")
        app.receive(.key(.character("e")))
        #expect(app.paywall.eligibility == .eligible)
        #expect(app.notice?.text == "Offer eligibility: eligible.")
        #expect(offerLine(app, SKU.monthlyPass) != nil)
        app.receive(.key(.character("e")))
        #expect(app.paywall.eligibility == .notEligible)
        #expect(offerLine(app, SKU.monthlyPass) == nil)
        #expect(app.lines[0].contains("offers: not eligible"))
        app.receive(.key(.character("e")))
        #expect(app.paywall.eligibility == .auto)
        #expect(!app.lines[0].contains("offers:"))
    }

    @Test func aPlayerWhoSubscribedBeforeGetsNoIntroOffer() {
        var app = makeApp(width: 120, height: 40)
        app.receive(report(StoreSnapshot(history: SubscriberHistory(subscribedGroups: ["stardust_pass"]))))
        #expect(!app.paywall.shop.plans.isEmpty)
        #expect(app.paywall.shop.plans.allSatisfy { $0.offerLine == nil })
        #expect(!app.text.contains("1 week free"))
    }

    /// The history the engine held at launch decides the very first frame.
    @Test func theLaunchReportsHistoryAppliesFromTheStart() {
        let launch = StoreReport(snapshot: StoreSnapshot(history: SubscriberHistory(subscribedGroups: ["stardust_pass"])),
                                 clock: .paused(at: fixedNow))
        let app = App(catalog: defaultCatalog, storefrontId: "JPN", userId: "snapshot-user", report: launch, now: fixedNow,
                      timeZone: utc)
        #expect(app.paywall.history.subscribedGroups == ["stardust_pass"])
        #expect(app.paywall.shop.plans.allSatisfy { $0.offerLine == nil })
    }
}
