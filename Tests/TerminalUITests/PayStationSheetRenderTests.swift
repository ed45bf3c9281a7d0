import Foundation
@testable import StoreEngine
import TestFixtures
import Testing
@testable import TerminalUI

/// Pay Station's page drawn from the engine's read-only `PayStationPage`: what the session's
/// phase says, and the redirect countdown from `redirectDue` and the simulated time.
/// `@testable` because a session's inputs are the engine's alone.
@Suite("Pay Station sheet: drawing")
struct PayStationSheetRenderTests {
    private func session(card: String? = nil, code: String? = nil) -> PayStationSession {
        var session = PayStationSession(
            transactionId: "txn-000001", invoiceId: "100000001", token: "SandboxToken0123456789abcdefABCD",
            productId: SKU.gems100, productName: "Pouch of Gems", formattedPrice: "$0.99", opensExternalBrowser: true,
            sandbox: true, today: fixedNow)
        if let card { session.enter(card: card) }
        if let code {
            code.forEach { session.type($0) }
            session.submit()
        }
        return session
    }

    private func text(_ session: PayStationSession, redirectDue: Date? = nil, now: Date = fixedNow) -> String {
        var frame = Frame(width: 80, height: 24)
        frame.render(PayStationSheet(PayStationPage(session: session, redirectDue: redirectDue, appName: "Stardust Quest"),
                                     now: now, theme: .dark), in: frame.area)
        return frame.text
    }

    @Test func theCardFormShowsTheTokenTheProductAndTheTestCards() {
        let shown = text(session())
        #expect(shown.contains("Pay Station · sandbox · external browser"))
        #expect(shown.contains(" dark · medium "))
        // A browser window: the address bar.
        #expect(shown.contains("◀ ▶ https://sandbox-secure.xsolla.com/paystation4/?token=SandboxToken01"))
        #expect(shown.contains("Pouch of Gems"))
        #expect(shown.contains("▸ Card number"))
        #expect(shown.contains("[ Pay $0.99 ]"))
        #expect(shown.contains("4111 1111 1111 1152 3-D Secure"))
        #expect(shown.contains("digits · Enter next / pay · ↑↓ field · Space save card · Esc cancel"))
        #expect(shown.contains("[ ] save card"))
    }

    /// Webhook mode: the page waits for the game's server, then shows its refusal or a
    /// troubled payment in full at 80 columns.
    @Test func webhookModesPagesSayWhatTheGamesServerDid() {
        var waiting = session()
        waiting.checkUser()
        let checking = text(waiting)
        #expect(checking.contains("Checking your account with the game…"))
        #expect(checking.contains("Checking your account… · Esc cancel"))
        #expect(!checking.contains("[ Pay $0.99 ]"))

        var refused = session()
        refused.refuseUser(because: "the game does not know this player (HTTP 400, INVALID_USER: Invalid user)")
        let refusal = text(refused)
        #expect(refusal.contains("✗ Payment is not available for this account"))
        // Wrapped within the page, whole.
        #expect(refusal.contains("The game does not know this player (HTTP 400, INVALID_USER: Invalid"))
        #expect(refusal.contains("user). Nothing was charged."))

        var troubled = session(card: "4111111111111111")
        troubled.becomeTroubled(because: "the game's server did not take the payment (HTTP 500)",
                                retryingAt: fixedNow.addingTimeInterval(5 * 60))
        let trouble = text(troubled)
        #expect(trouble.contains("! Paid; the order is not complete (status troubled)"))
        #expect(trouble.contains("The game's server did not take the payment (HTTP 500)."))
        // When, as a player reads it, and the key that gets there.
        #expect(trouble.contains("Xsolla retries in 5 min"), "\(trouble)")
        #expect(trouble.contains("(> moves the clock there)"), "\(trouble)")
    }

    @Test func inAppPayStationSaysSo() {
        let inApp = PayStationSession(transactionId: "t", invoiceId: "1", token: "T", productId: SKU.gems100,
                                      productName: "Edelsteinbeutel", formattedPrice: "1,09 €",
                                      opensExternalBrowser: false, sandbox: false, today: fixedNow)
        let shown = text(inApp)
        #expect(shown.contains("Pay Station · in-app"))
        // Inside the app there is no address bar, only the SDK's header and the token.
        #expect(shown.contains("Xsolla Pay Station, inside Stardust Quest"))
        #expect(shown.contains("token T"))
        #expect(!shown.contains("◀ ▶"))
    }

    @Test func outsideTheSandboxTheBrowserShowsTheProductionHost() {
        let production = PayStationSession(transactionId: "t", invoiceId: "1", token: "T", productId: SKU.gems100,
                                           productName: "Pouch of Gems", formattedPrice: "$0.99",
                                           opensExternalBrowser: true, sandbox: false, today: fixedNow)
        #expect(text(production).contains("◀ ▶ https://secure.xsolla.com/paystation4/?token=T"))
    }

    @Test func aWrongCardNumberShowsTheProblem() {
        var wrong = session()
        "4111111111111112".forEach { wrong.type($0) }
        wrong.submit()
        #expect(text(wrong).contains("Not a card number (check digit)."))
    }

    @Test func threeDSecureAsksForTheSandboxCode() {
        let shown = text(session(card: "4111111111111152"))
        #expect(shown.contains("3-D Secure: the bank asks for a code."))
        #expect(shown.contains("The sandbox bank sends 1234; type it, then Enter."))
    }

    @Test func aWrongCodeSaysHowManyTriesAreLeft() {
        #expect(text(session(card: "4111111111111152", code: "9999")).contains("Wrong code; 2 tries left."))
    }

    @Test func paidWithARedirectCountsDownInWholeSecondsRoundedUp() {
        let paid = session(card: "4111111111111111")
        let due = fixedNow.addingTimeInterval(2)
        #expect(text(paid, redirectDue: due).contains("Returning to Stardust Quest in 2 s…"))
        #expect(text(paid, redirectDue: due, now: fixedNow.addingTimeInterval(0.5)).contains("in 2 s…"))
        #expect(text(paid, redirectDue: due, now: fixedNow.addingTimeInterval(1)).contains("in 1 s…"))
        #expect(text(paid, redirectDue: due, now: fixedNow.addingTimeInterval(5)).contains("in 0 s…"))
        #expect(text(paid, redirectDue: due).contains("[ Back to the game ]  Enter"))
        #expect(text(paid, redirectDue: due).contains("✓ Payment successful (status done)"))
        #expect(text(paid, redirectDue: due).contains("Invoice 100000001 · transaction txn-000001"))
    }

    @Test func paidWithoutARedirectWaitsForPayStation() {
        let shown = text(session(card: "4111111111111111"))
        #expect(shown.contains("Waiting for Pay Station…"))
        #expect(!shown.contains("Returning to"))
        #expect(shown.contains("Enter or Esc back to the game"))
    }

    @Test func aDeclinedCardSaysNothingWasCharged() {
        let shown = text(session(card: "4111111111111178"))
        #expect(shown.contains("✗ Payment declined (status troubled)"))
        #expect(shown.contains("The bank declined card …1178. Nothing was charged."))
    }
}
