import Catalog
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Player states to preview (`P`, `:player NAME`): each is offered what the store's rules
/// offer such a player, and a preview never buys on the ledger's player (Tests/Scenarios'
/// `preview-player-*` buy the same things for real and compare the charge).
@Suite("Player states to preview")
struct PlayerPreviewTests {
    private func monthly(_ app: App) -> PlanPresentation? {
        app.paywall.shop.plans.first { $0.product.id == SKU.monthlyPass }
    }

    @Test("The Monthly Pass's offer for each player state",
          arguments: [(PlayerState.newPlayer, "B", "introductory" as String?), (.trialUsed, "B", nil), (.lapsed, "B", "winBack"),
                      (.promoEligible, "C", "promotional"), (.lapsed, "C", "promotional"), (.trialUsed, "C", "promotional")])
    func offers(state: PlayerState, variant: String, offer: String?) {
        var app = makeApp(width: 120, height: 40)
        app.preview(variant: variant)
        app.receive(.jump(.player(state)))
        #expect(monthly(app)?.appliedOffer?.typeName == offer, "\(state) on \(variant)")
        #expect(app.paywall.owned.isEmpty)
    }

    /// A running subscription is on the variant's lowest plan, marked current, with no offer.
    @Test(arguments: [PlayerState.subscribed, .billingRetry])
    func aRunningSubscriptionIsTheCurrentPlan(state: PlayerState) throws {
        var app = makeApp(width: 120, height: 40)
        app.preview(variant: "A")
        app.receive(.jump(.player(state)))
        #expect(app.paywall.previewCurrentPlan?.id == SKU.weeklyPass, "variant A's lowest level is the Weekly Pass")
        #expect(app.paywall.owned == [SKU.weeklyPass])
        #expect(app.paywall.shop.plans.allSatisfy { $0.appliedOffer == nil })
        #expect(app.text.contains("Current plan"))
    }

    /// Enter during a preview asks the engine for nothing and says what it would charge; back
    /// on the ledger's player it buys again.
    @Test func enterDuringAPreviewBuysNothing() {
        var app = makeApp(width: 160, height: 40)
        app.receive(.jump(.player(.newPlayer)), .selectProduct(id: SKU.monthlyPass))
        #expect(app.update(.key(.enter)).isEmpty)
        #expect(app.notice?.text == "Preview, not bought: a new player would pay $0.00 now for Monthly Pass "
                + "(1 week free, then $4.99/month, intro) · :player auto to buy")
        app.receive(.jump(.player(nil)))
        #expect(app.update(.key(.enter)) == [.engine(.beginPurchase(
            productId: SKU.monthlyPass, storefrontId: "USA", path: .paystation, variationId: app.paywall.variationId))])
    }

    /// What the ledger's player owns is theirs, not the previewed player's.
    @Test func thePreviewedPlayerOwnsNothingOfTheLedgers() {
        var app = makeApp(width: 120, height: 40)
        app.receive(.ownershipChanged(of: [SKU.removeAds]))
        #expect(app.paywall.owned == [SKU.removeAds])
        app.receive(.jump(.player(.lapsed)))
        #expect(app.paywall.owned.isEmpty)
        app.receive(.jump(.player(nil)))
        #expect(app.paywall.owned == [SKU.removeAds])
    }

    @Test func pStepsThroughEveryStateAndBack() {
        var app = makeApp(width: 120, height: 40)
        var seen: [PlayerState?] = []
        for _ in 0...PlayerState.allCases.count {
            app.receive(.key(.character("P")))
            seen.append(app.paywall.playerPreview)
        }
        #expect(seen == PlayerState.allCases.map(Optional.some) + [nil])
        #expect(app.notice?.text == "Player as the ledger says: purchases are real again.")
    }

    /// Every state has a name the picker, scenarios and exports share, read back as itself.
    @Test func everyStateIsNamed() {
        #expect(PlayerState.allCases.count == 6)
        for state in PlayerState.allCases {
            #expect(PlayerState(name: state.name) == state)
            #expect(PlayerState(name: state.name.uppercased().replacingOccurrences(of: "-", with: " ")) == state)
        }
    }
}

private extension Message {
    /// An engine report that says the player owns these products (a non-consumable bought).
    static func ownershipChanged(of products: Set<String>) -> Message {
        report(StoreSnapshot(entitlements: products.map {
            Entitlement(id: $0, kind: .nonConsumable, productId: $0, expiresAt: nil, isActive: true)
        }))
    }
}
