import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The 3-D Secure step of card 4111 1111 1111 1152: the right code pays, a wrong one says how
/// many tries are left, and the bank declines the payment after `TestCard.threeDSecureAttempts`
/// wrong codes.
@Suite("3-D Secure: the session")
struct ThreeDSecureSessionTests {
    /// A session waiting for the code.
    static func waiting() -> PayStationSession {
        var session = PayStationSession.sample()
        session.pay(card: Cards.threeDSecure)
        return session
    }

    @Test func theSandboxTakesThreeWrongCodes() {
        #expect(TestCard.threeDSecureCode == "1234")
        #expect(TestCard.threeDSecureAttempts == 3)
    }

    @Test func eachWrongCodeSaysHowManyTriesAreLeftAndClearsTheField() {
        var session = Self.waiting()
        session.typeText("9999")
        session.submit()
        #expect(session.phase == .threeDSecure)
        #expect(session.wrongCodes == 1)
        #expect(session.problem == "Wrong code; 2 tries left.")
        #expect(session.secureCode == "", "the player types the next try from scratch")

        session.typeText("0000")
        session.submit()
        #expect(session.wrongCodes == 2)
        #expect(session.problem == "Wrong code; 1 try left.")
        #expect(session.phase == .threeDSecure)
    }

    @Test func aShortCodeIsNotAWrongCode() {
        var session = Self.waiting()
        session.typeText("12")
        session.submit()
        #expect(session.wrongCodes == 0, "a code too short to check costs no try")
        #expect(session.problem?.contains(TestCard.threeDSecureCode) == true)
    }

    @Test func theRightCodeAfterWrongOnesStillPays() {
        var session = Self.waiting()
        session.typeText("9999")
        session.submit()
        session.typeText("8888")
        session.submit()
        session.typeText(TestCard.threeDSecureCode)
        session.submit()
        #expect(session.phase == .done)
        #expect(session.problem == nil)
    }

    @Test func theThirdWrongCodeDeclines() {
        var session = Self.waiting()
        for _ in 0..<3 {
            session.typeText("9999")
            session.submit()
        }
        guard case .declined(let reason) = session.phase else {
            Issue.record("expected declined, got \(session.phase)")
            return
        }
        #expect(reason.contains("3 times"))
        #expect(session.problem == nil)
        #expect(session.phase.isFinal)
    }
}

@Suite("3-D Secure: a purchase on the store")
struct ThreeDSecurePurchaseTests {
    @Test func theRightCodePays() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            let asked = try harness.pay(card: Cards.threeDSecure)
            #expect(asked.page?.session.phase == .threeDSecure)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.paymentStatus == nil, "nothing is paid yet")

            let paid = try harness.enterSecureCode()
            #expect(paid.page?.session.phase == .done)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.paymentStatus == "done")
            #expect(try harness.waitForRedirect().notice?.tone == .success)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func aWrongCodeSaysHowManyTriesAreLeftAndChangesNothing() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.threeDSecure)
            let events = try harness.allEventKinds()

            let wrong = try harness.enterSecureCode("9999")
            let page = try #require(wrong.page, "the code page stays on screen")
            #expect(page.session.phase == .threeDSecure)
            #expect(page.session.problem == "Wrong code; 2 tries left.")
            #expect(wrong.notice == nil)
            // The wrong code is an event of the transaction, and nothing else changes.
            #expect(try harness.allEventKinds() == events + [EventKind.payStationWrongCode.rawValue])
            let logged = try #require(try harness.events(.payStationWrongCode).first)
            #expect(logged.transactionId == session.transactionId)
            #expect(logged.message == "3-D Secure: wrong code (try 1 of 3; 2 tries left)")
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)

            #expect(try harness.enterSecureCode("0000").page?.session.problem == "Wrong code; 1 try left.")
            #expect(try harness.events(.payStationWrongCode).map(\.message).contains("3-D Secure: wrong code (try 2 of 3; 1 try left)"))
        }
    }

    @Test func threeWrongCodesDeclineThePayment() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.threeDSecure)
            try harness.enterSecureCode("9999")
            try harness.enterSecureCode("9999")
            let declined = try harness.enterSecureCode("9999")

            #expect(declined.notice?.tone == .error)
            guard case .declined? = declined.page?.session.phase else {
                Issue.record("expected the declined page on screen, got \(String(describing: declined.sheet))")
                return
            }
            // Pay Station's status is troubled; the transaction fails and nothing is granted.
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.paymentStatus == "troubled")
            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .failed)
            #expect(transaction.error == "payment declined")
            #expect(transaction.isFinished)
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.ledger.balances().isEmpty)
            let message = try #require(try harness.events(.payStationDeclined).last).message
            #expect(message.contains("3-D Secure failed"))
            // Each of the three wrong codes is an event; the last is committed with the decline.
            #expect(try harness.events(.payStationWrongCode).count == 3)
            #expect(try harness.events(.payStationWrongCode).map(\.message).contains("3-D Secure: wrong code (try 3 of 3; the bank declines)"))
            #expect(declined.snapshot.transactions.first?.failure == .paymentDeclined)
            #expect(declined.snapshot.transactions.first?.amountCharged == 0)
        }
    }
}
