import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// The whole loop on the headless backend with a real engine on SQLite: a purchase made only
/// of key presses, as the terminal sends them, and what the screen shows at each step.
@Suite("Headless program: a purchase by keys")
struct HeadlessPurchaseTests {
    @Test func startedLaunchesAndLoadsTheProducts() throws {
        let harness = try HeadlessHarness()
        #expect(harness.program.backend.frame == nil)  // nothing drawn before the program runs
        harness.program.send(.started)
        #expect(harness.app.paywall.productsRequest == .answered)
        #expect(harness.screen.contains("Pouch of Gems"))
        #expect(harness.screen.contains("prod.answered"))  // the Events pane
        #expect(!harness.screen.contains("Loading products…"))
    }

    @Test func aWholePurchaseThroughKeys() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        let opened = try #require(harness.page, "Pay Station did not open")
        #expect(opened.session.productId == SKU.gems100)
        #expect(harness.screen.contains("Pay Station · sandbox · external browser"))
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)  // in the ledger before any payment

        harness.pay(card: Cards.success)
        let paid = try #require(harness.page)
        #expect(paid.session.phase == .done)
        #expect(paid.redirectDue == fixedNow.addingTimeInterval(2))  // catalog.json: delaySeconds 2
        #expect(harness.screen.contains("Returning to Stardust Quest in 2 s: the clock is paused"))

        harness.press(.enter)  // the manual button: back to the game now
        #expect(harness.app.sheet == nil)
        #expect(harness.app.notice == StoreNotice(.success, "Purchased Pouch of Gems: +100 gems."))
        #expect(harness.screen.contains("Purchased Pouch of Gems: +100 gems."))
        #expect(harness.screen.contains("gems: 100"))
        let transaction = try #require(harness.app.snapshot.transactions.first)
        #expect(transaction.state == .purchased && transaction.isFinished)
        #expect(harness.eventKinds(of: transaction.id) == [
            .purchaseStarted, .payStationWillOpen, .payStationOpenedExternally, .payStationLoaded, .payStationPaid,
            .redirectSent, .payStationWillClose, .payStationClosed, .redirectReceived, .purchased,
            .validated, .granted, .xsollaOrderPaid, .finished,
        ])
    }

    @Test func escOnTheCardFormCancelsAndNothingIsCharged() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter, .escape)
        #expect(harness.app.sheet == nil)
        #expect(harness.app.notice == StoreNotice(.info, "Purchase cancelled."))
        let transaction = try #require(harness.app.snapshot.transactions.first)
        #expect(transaction.displayState == "cancelled")
        #expect(harness.app.snapshot.balances.isEmpty)
    }

    @Test func aDeclinedCardStaysOnScreenUntilClosed() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        harness.pay(card: Cards.declined)
        #expect(harness.screen.contains("✗ Payment declined (status troubled)"))
        harness.press(.escape)  // Esc on a final page goes back: the redirect says troubled
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.transactions.first?.state == .failed)
        #expect(harness.app.snapshot.balances.isEmpty)
    }

    /// `storefront open-url` hands the redirect in from outside before the countdown ends: it
    /// settles the purchase and takes the page away; the same URL again is refused.
    @Test func aRedirectFromOutsideSettlesThePurchaseOnce() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        harness.pay(card: Cards.success)
        let sent = try #require(harness.app.snapshot.events.first { $0.kind == .redirectSent })
        harness.program.send(.openURL(sent.message))
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.balances == ["gems": 100])
        harness.program.send(.openURL(sent.message))
        #expect(harness.app.notice?.text.hasPrefix("Redirect rejected:") == true)
        #expect(harness.app.notice?.tone == .error)
        harness.program.advance(by: 10)  // the countdown's time passes too: nothing more
        #expect(harness.app.snapshot.balances == ["gems": 100])
    }

    /// `q` types nothing into the card form and does not quit from inside Pay Station.
    @Test func lettersDoNothingInsidePayStation() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        harness.type("4q1")
        #expect(harness.page?.session.cardNumber == "41")
        #expect(!harness.app.isQuitting)
    }

    /// On a StoreKit storefront Enter opens the App Store sheet, and Enter on it buys.
    @Test func aStoreKitStorefrontBuysThroughTheAppStoreSheet() throws {
        let harness = try HeadlessHarness(storefront: "JPN")
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        guard case .storeKit(let session)? = harness.app.sheet else {
            Issue.record("no App Store sheet: \(String(describing: harness.app.sheet))")
            return
        }
        #expect(session.formattedPrice == "¥160")
        #expect(harness.app.snapshot.transactions.first?.state == .purchasing)
        harness.press(.enter)
        #expect(harness.app.sheet == nil)
        #expect(harness.app.snapshot.balances["gems"] == 100)
        #expect(harness.app.snapshot.transactions.first?.isFinished == true)
    }

    @Test func restoreWithNothingOwnedSaysSo() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        harness.press(.character("r"))
        #expect(harness.app.notice?.text.hasPrefix("Nothing to restore") == true)
        #expect(harness.app.snapshot.events.first?.kind == .restored)
    }

    /// See ScriptMessageTests.buyWhileASheetIsOpenAsksNothing: a second `buy` while Pay Station
    /// is open changes nothing; the first purchase keeps its page.
    @Test func buyWhileASheetIsOpenLeavesTheFirstPurchaseOpen() throws {
        let harness = try HeadlessHarness()
        harness.program.send(.started)
        harness.program.send(.selectProduct(id: SKU.gems100))
        harness.program.send(.buy)
        let first = try #require(harness.page?.session.transactionId)
        harness.program.send(.buy)
        #expect(harness.app.snapshot.transactions.count == 1)
        #expect(harness.page?.session.transactionId == first)
    }
}
