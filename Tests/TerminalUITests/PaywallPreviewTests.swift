import Catalog
import TestFixtures
import Testing
@testable import TerminalUI

/// `v` and `e` in the paywall model: variant previews and forced offer eligibility, and the
/// player's history from the ledger deciding intro offers.
@Suite("Paywall model: previews")
struct PaywallPreviewTests {
    private func offerLine(_ model: PaywallModel, _ productId: String) -> String? {
        model.shop.plans.first { $0.product.id == productId }?.offerLine
    }

    @Test func nextVariantCyclesFromTheAssignedOneAndResetsTheSelection() throws {
        var model = answeredModel()
        let paywall = try #require(model.paywall)
        let assigned = try #require(model.variant)
        #expect(model.variantOverride == nil)
        model.update(.select(index: 2))
        model.update(.previewNextVariant)
        let next = try #require(model.variant)
        #expect(next.id != assigned.id)
        #expect(model.selection == 0)
        // A full cycle comes back to the assigned variant, which is no preview any more (issue 7).
        for _ in 1..<paywall.variants.count { model.update(.previewNextVariant) }
        #expect(model.variant?.id == assigned.id)
        #expect(model.variantOverride == nil)
    }

    @Test func previewingNoVariantGoesBackToTheAssignedOne() throws {
        var model = answeredModel()
        let assigned = try #require(model.variant)
        model.update(.previewVariant(index: 2))
        #expect(model.variant?.id == model.paywall?.variants[2].id)
        model.update(.previewVariant(index: nil))
        #expect(model.variant?.id == assigned.id)
    }

    @Test func eligibilityCyclesAndTheIntroOfferFollows() {
        var model = answeredModel()
        #expect(offerLine(model, SKU.monthlyPass) == "1 week free, then $4.99/month")
        model.update(.cycleEligibility)
        #expect(model.eligibility == .eligible)
        #expect(offerLine(model, SKU.monthlyPass) != nil)
        model.update(.cycleEligibility)
        #expect(model.eligibility == .notEligible)
        #expect(offerLine(model, SKU.monthlyPass) == nil)
        model.update(.cycleEligibility)
        #expect(model.eligibility == .auto)
        #expect(offerLine(model, SKU.monthlyPass) == "1 week free, then $4.99/month")
    }

    @Test func aPlayerWhoSubscribedBeforeGetsNoIntroOffer() {
        var model = answeredModel()
        model.update(.historyChanged(SubscriberHistory(subscribedGroups: ["stardust_pass"])))
        #expect(!model.shop.plans.isEmpty)
        #expect(model.shop.plans.allSatisfy { $0.offerLine == nil })
    }
}
