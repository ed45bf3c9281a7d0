import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 7 item 10: "Start free trial" (variant B's call to action) is shown only to a player
/// the trial is for. A player whose history (from an engine report) shows an earlier
/// subscription reads the built-in word of the storefront's language instead.
@Suite("Call to action: a trial only for the eligible")
struct TrialCallToActionTests {
    private func app(storefront: String = "USA", size: ScreenSize = ScreenSize(width: 80, height: 24)) -> App {
        var app = makeApp(width: size.width, height: size.height, storefront: storefront)
        app.preview(variant: "B")
        return app
    }

    private func history(lapsed: Bool = false) -> Message {
        report(StoreSnapshot(history: SubscriberHistory(subscribedGroups: ["stardust_pass"], lapsedGroups: lapsed ? ["stardust_pass"] : [])))
    }

    @Test("New player: the trial; after a subscription: the plain word",
          arguments: [("USA", "Start free trial", "Continue"), ("DEU", "Gratis testen", "Weiter"), ("JPN", "無料で試す", "続ける")])
    func trialThenPlainWord(storefront: String, trial: String, plain: String) {
        for size in [ScreenSize(width: 60, height: 18), ScreenSize(width: 120, height: 40)] {
            var app = app(storefront: storefront, size: size)
            #expect(app.button?.label == trial, "\(storefront) \(size)")
            app.receive(history())
            let box = app.paywallRows.joined()
            #expect(app.button?.label == plain, "\(storefront) \(size)\n\(app.paywallRows.joined(separator: "\n"))")
            #expect(!box.contains(trial))
        }
    }

    /// `e` previews an ineligible player: no trial on the button either.
    @Test func notEligiblePreviewReadsThePlainWord() {
        var app = app()
        app.receive(.key(.character("e")), .key(.character("e")))
        #expect(app.paywall.eligibility == .notEligible)
        #expect(app.button?.label == "Continue")
    }

    /// A player whose pass lapsed gets the win-back offer, a free month: a trial again.
    @Test func aLapsedPlayerIsOfferedAFreeMonthAgain() throws {
        var app = app()
        app.receive(history(lapsed: true))
        let monthly = try #require(app.paywall.shop.plans.first { $0.product.id == SKU.monthlyPass })
        #expect(monthly.appliedOffer?.offer.mode == .freeTrial)
        #expect(app.button?.label == "Start free trial")
    }

    /// A returning player offered a pay-as-you-go promotion is offered no trial, so the button
    /// does not say "Start free trial": the trial wording is kept for a free trial only.
    @Test func aPaidPromotionIsNoTrial() throws {
        var catalog = defaultCatalog
        let index = try #require(catalog.paywalls[0].variants.firstIndex { $0.id == "B" })
        catalog.paywalls[0].variants[index].promotionalOffer = "comeback_50"
        var app = launchedApp(catalog: catalog, width: 120, height: 40)
        app.preview(variant: "B")
        app.receive(history())
        let monthly = try #require(app.paywall.shop.plans.first { $0.product.id == SKU.monthlyPass })
        #expect(monthly.offerLine == "3 months at $2.49/month, then $4.99/month")
        #expect(!app.paywall.shop.plans.contains { $0.appliedOffer?.offer.mode == .freeTrial })
        #expect(!app.paywallRows.joined().contains("Start free trial"), "\(app.paywallRows.joined(separator: "\n"))")
    }
}
