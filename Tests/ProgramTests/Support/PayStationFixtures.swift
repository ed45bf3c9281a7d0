import Foundation
@testable import StoreEngine
import TestFixtures

// Pay Station pages in a given phase, as the engine would report them. `@testable` because a
// session's inputs (type, submit) belong to the engine: the app only ever gets copies.

enum Cards {
    static let success = "4111111111111111"
    static let threeDSecure = "4111111111111152"
    static let declined = "4111111111111178"
}

/// A fresh Pay Station session for gems, on the card form.
func payStationSession() -> PayStationSession {
    PayStationSession(transactionId: "txn-000001", invoiceId: "100000001", token: "SandboxToken0123456789abcdefABCD",
                      productId: SKU.gems100, productName: "Pouch of Gems", formattedPrice: "$0.99",
                      opensExternalBrowser: true, sandbox: true, today: fixedNow)
}

/// The card number typed and accepted: the expiry field has the focus.
func sessionAfterCardNumber() -> PayStationSession {
    var session = payStationSession()
    Cards.success.forEach { session.type($0) }
    session.submit()
    return session
}

/// A whole card entered: paid, declined, or asking for a 3-D Secure code.
func session(paidWith card: String) -> PayStationSession {
    var session = payStationSession()
    session.enter(card: card)
    return session
}

/// The sheet showing `session`, counting down to `redirectDue` when given.
func sheetShowing(_ session: PayStationSession, redirectDue: Date? = nil) -> PurchaseSheet {
    .payStation(PayStationPage(session: session, redirectDue: redirectDue, appName: "Stardust Quest"))
}
