import Catalog
import Foundation
import StoreEngine
import Testing
@testable import TerminalUI

/// The pure update: keys in, state and effects out (DESIGN.md §8, layer 1).
@Suite("Update")
struct UpdateTests {
    private func session(_ state: AppState) -> PayStationSession {
        PayStationSession(transactionId: "txn-000001", invoiceId: "100000001", token: "T", productId: "p",
                          productName: "Pouch of Gems", formattedPrice: "$0.99", opensExternalBrowser: true, sandbox: true)
    }

    @Test func storefrontKeysCycleBothWays() {
        var state = makeState()
        _ = state.update(.key(.character("s")))
        #expect(state.storefront.id == "DEU")
        _ = state.update(.key(.character("s")))
        #expect(state.storefront.id == "JPN")
        _ = state.update(.key(.character("S")))
        #expect(state.storefront.id == "DEU")
        _ = state.update(.key(.character("S")))
        _ = state.update(.key(.character("S")))
        #expect(state.storefront.id == "SAU")  // wraps around to the last
        for _ in 0..<state.catalog.storefronts.count { _ = state.update(.key(.character("s"))) }
        #expect(state.storefront.id == "SAU")  // a full cycle comes back
    }

    @Test func storefrontSwitchRerendersPricesInTheNewCurrency() {
        var state = makeState()
        #expect(AppView.render(state).text.contains("$0.99"))
        _ = state.update(.key(.character("s")))
        let text = AppView.render(state).text.replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(text.contains("1,09 €"))
        #expect(!text.contains("$0.99"))
    }

    @Test func themeKeyCycles() {
        var state = makeState()
        #expect(state.theme.name == "dark")
        _ = state.update(.key(.character("t")))
        #expect(state.theme.name == "light")
        #expect(AppView.render(state).lines[0].contains("light"))
    }

    @Test func selectionMovesAndStopsAtTheEnds() {
        var state = makeState()
        let count = state.items.count
        _ = state.update(.key(.up))
        #expect(state.selection == 0)
        for _ in 0..<(count + 3) { _ = state.update(.key(.character("j"))) }
        #expect(state.selection == count - 1)
        _ = state.update(.key(.left))
        #expect(state.selection == count - 2)
    }

    @Test func enterBuysTheSelectedProductWithTheVariationIdForPlans() throws {
        var state = makeState()
        let plan = try #require(state.selectedItem)
        #expect(plan.isPlan)
        let effects = state.update(.key(.enter))
        #expect(effects == [.beginPurchase(productId: plan.product.id, storefrontId: "USA", variationId: state.variationId)])
        let planCount = state.items.filter(\.isPlan).count
        for _ in 0..<planCount { _ = state.update(.key(.down)) }
        let gems = try #require(state.selectedItem)
        #expect(gems.product.id == "com.example.stardust.gems_100")
        #expect(state.update(.key(.enter)) == [.beginPurchase(productId: gems.product.id, storefrontId: "USA", variationId: nil)])
    }

    @Test func storeKitStorefrontSaysThePathIsNotBuiltYet() {
        var state = makeState(storefront: "JPN")
        #expect(state.update(.key(.enter)).isEmpty)
        #expect(state.notice?.text.contains("StoreKit 2") == true)
    }

    @Test func tabMovesFocusAndArrowsThenScrollThePane() {
        var state = makeState()
        state.snapshot = purchasedGemsSnapshot()  // 1 transaction, 7 events
        _ = state.update(.key(.tab))
        #expect(state.focus == .transactions)
        _ = state.update(.key(.down))
        #expect(state.scroll[.transactions] == 0)  // one row: nothing to scroll
        _ = state.update(.key(.tab))
        _ = state.update(.key(.tab))
        #expect(state.focus == .events)
        for _ in 0..<10 { _ = state.update(.key(.down)) }
        #expect(state.scroll[.events] == 6)  // stops at the last row, so one press comes back
        _ = state.update(.key(.up))
        #expect(state.scroll[.events] == 5)
        #expect(state.selection == 0)
        _ = state.update(.key(.backTab))
        _ = state.update(.key(.backTab))
        _ = state.update(.key(.backTab))
        #expect(state.focus == .paywall)
    }

    @Test func payStationSheetTakesDigitsAndEnterMovesThroughTheFields() {
        var state = makeState()
        _ = state.update(.purchaseStarted(.payStation(session(state))))
        for digit in "4111111111111111" { _ = state.update(.key(.character(digit))) }
        _ = state.update(.key(.character("q")))  // letters do not type, and do not quit inside the sheet
        #expect(!state.wantsQuit)
        #expect(state.payStation?.cardNumber == "4111111111111111")
        _ = state.update(.key(.enter))
        #expect(state.payStation?.focus == .expiry)
        for digit in "1240" { _ = state.update(.key(.character(digit))) }
        _ = state.update(.key(.enter))
        for digit in "123" { _ = state.update(.key(.character(digit))) }
        let effects = state.update(.key(.enter))
        #expect(state.payStation?.phase == .done)
        #expect(effects.count == 1)
        if case .closePayStation(let closed)? = effects.first { #expect(closed.phase == .done) } else {
            Issue.record("expected closePayStation, got \(effects)")
        }
    }

    @Test func escapeInTheSheetCancelsAndClosesIt() {
        var state = makeState()
        _ = state.update(.purchaseStarted(.payStation(session(state))))
        let effects = state.update(.key(.escape))
        #expect(state.payStation == nil)
        if case .closePayStation(let closed)? = effects.first { #expect(closed.phase == .cancelled) } else {
            Issue.record("expected closePayStation, got \(effects)")
        }
    }

    @Test func redirectIsDeliveredOnceWhetherTheTimerOrTheButtonComesFirst() {
        var state = makeState()
        var paid = session(state)
        paid.enter(card: "4111111111111111")
        state.payStation = paid
        let url = "com.example.stardust://xsollaconfirm/payment?status=done"
        let scheduled = state.update(.payStationAnswered(.redirect(url: url, delaySeconds: 2), transactionId: "txn-000001"))
        #expect(scheduled == [.deliver(.redirectArrived(url: url), afterSeconds: 2)])
        #expect(AppView.render(state).text.contains("Returning to Stardust Quest in 2 s"))
        // The manual button first…
        #expect(state.update(.key(.enter)) == [.openURL(url)])
        #expect(state.payStation == nil)
        // …then the timer: nothing more.
        #expect(state.update(.redirectArrived(url: url)).isEmpty)
    }

    @Test func aPaidPurchaseSettledWithoutARedirectClosesTheSheet() {
        var state = makeState()
        var paid = PayStationSession(transactionId: "txn-000001", invoiceId: "100000001", token: "T", productId: "p",
                                     productName: "Pouch of Gems", formattedPrice: "$0.99", opensExternalBrowser: true,
                                     sandbox: true)
        paid.enter(card: "4111111111111111")
        state.payStation = paid
        _ = state.update(.payStationAnswered(.settled(StoreNotice(.success, "Purchased Pouch of Gems.")),
                                             transactionId: "txn-000001"))
        #expect(state.payStation == nil)
        #expect(state.notice?.text == "Purchased Pouch of Gems.")
    }

    @Test func theWheelDoesNothingUnderASheet() {
        var state = makeState()
        state.showsHelp = true
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: 1, y: 1)))
        #expect(state.selection == 0)
        state.showsHelp = false
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: 1, y: 1)))
        #expect(state.selection == 1)
    }

    @Test func settledAnswerShowsTheNotice() {
        var state = makeState()
        _ = state.update(.payStationAnswered(.settled(StoreNotice(.error, "Payment declined by the bank.")),
                                             transactionId: "txn-000001"))
        #expect(AppView.render(state).lines.last?.contains("Payment declined by the bank.") == true)
    }

    @Test func quitKeysAskToQuit() {
        var state = makeState()
        #expect(state.update(.key(.character("q"))) == [.quit])
        #expect(state.wantsQuit)
        var other = makeState()
        _ = other.update(.purchaseStarted(.payStation(session(other))))
        #expect(other.update(.key(.interrupt)) == [.quit])
    }

    @Test func resizeRelaysTheScreen() {
        var state = makeState(width: 80, height: 24)
        _ = state.update(.resize(width: 120, height: 40))
        let frame = AppView.render(state)
        #expect(frame.width == 120 && frame.height == 40)
        #expect(frame.lines[39].isEmpty == false)
    }

    @Test func clickOnAShopRowSelectsItAndASecondClickBuys() throws {
        var state = makeState(width: 120, height: 40)
        let frame = AppView.render(state)
        let row = try #require(frame.lines.firstIndex { $0.contains("Chest of Gems") })
        _ = state.update(.mouse(MouseEvent(.press, x: 10, y: row)))
        #expect(state.selectedItem?.product.id == "com.example.stardust.gems_550")
        let effects = state.update(.mouse(MouseEvent(.press, x: 10, y: row)))
        #expect(effects.first == .beginPurchase(productId: "com.example.stardust.gems_550", storefrontId: "USA", variationId: nil))
    }
}

@Suite("Previews: variants, templates, eligibility")
struct PreviewTests {
    @Test func vCyclesVariantsAsAMarkedPreview() throws {
        var state = makeState(width: 120, height: 40)
        let assigned = try #require(state.variant)
        _ = state.update(.key(.character("v")))
        let previewed = try #require(state.variant)
        #expect(previewed.id != assigned.id)
        #expect(AppView.render(state).lines[0].contains("variant \(previewed.id) (preview)"))
    }

    @Test func eCyclesEligibilityAndTheIntroOfferFollows() throws {
        var state = makeState(width: 120, height: 40)
        let monthly = "com.example.stardust.pass.monthly"
        func offerLine() -> String? { state.presentation?.plans.first { $0.product.id == monthly }?.offerLine }
        #expect(offerLine() == "1 week free, then $4.99/month")
        _ = state.update(.key(.character("e")))
        #expect(state.eligibilityOverride == .eligible)
        #expect(offerLine() != nil)
        _ = state.update(.key(.character("e")))
        #expect(state.eligibilityOverride == .notEligible)
        #expect(offerLine() == nil)
        #expect(AppView.render(state).lines[0].contains("offers: not eligible"))
        _ = state.update(.key(.character("e")))
        #expect(state.eligibilityOverride == .auto)
    }

    @Test func aPlayerWhoSubscribedBeforeGetsNoIntroOffer() {
        var state = makeState(width: 120, height: 40)
        state.snapshot.history = SubscriberHistory(subscribedGroups: ["stardust_pass"])
        #expect(state.presentation?.plans.allSatisfy { $0.offerLine == nil } == true)
    }
}
