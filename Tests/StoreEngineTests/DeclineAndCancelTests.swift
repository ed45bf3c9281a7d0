import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// Purchases that end without a payment: the bank declines the card, or the player closes Pay
/// Station. Either way the transaction fails and is finished, and nothing is granted.
@Suite("Store: declined and cancelled purchases")
struct DeclineAndCancelTests {
    @Test func aDeclinedCardFailsAndFinishesWithoutGranting() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            // The default policy (successful_or_canceled) sends no redirect for a decline.
            let report = try harness.pay(card: Cards.declined)
            let notice = try #require(report.notice, "expected the decline to settle at once")
            #expect(notice.tone == .error)
            #expect(report.nextDue == nil)
            // A decline stays on screen until the player closes it.
            guard case .declined(let reason)? = report.page?.session.phase else {
                Issue.record("expected the declined page on screen, got \(String(describing: report.sheet))")
                return
            }
            #expect(reason.contains("1178"))

            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .failed)
            #expect(transaction.error == "payment declined")
            #expect(transaction.isFinished)
            #expect(try harness.states(of: session.transactionId) == [.purchasing, .failed])
            #expect(try harness.ledger.grant(forTransaction: session.transactionId) == nil)
            #expect(try harness.ledger.balances().isEmpty)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.paymentStatus == "troubled")
            #expect(try harness.eventKinds(of: session.transactionId) == [
                "purchase.started", "paystation.willOpen", "paystation.openedExternally", "paystation.loaded",
                "paystation.declined", "transaction.failed", "transaction.finished",
            ])

            // Closing the declined page only takes it off screen, with Pay Station's callbacks.
            let events = try harness.allEventKinds()
            let closed = try harness.send(.close)
            #expect(closed.sheet == nil)
            #expect(try harness.allEventKinds() == events + ["paystation.willClose", "paystation.closed"])
        }
    }

    @Test func aDeclineSentBackByTheAnyPolicyFailsTheSameWay() throws {
        try withStore(catalog: redirectCatalog(.any)) { harness in
            let session = try harness.open(SKU.gems100)
            let declined = try harness.pay(card: Cards.declined)
            #expect(declined.nextDue != nil, "the any policy sends a decline back too")
            #expect(try harness.sentRedirectURL(for: session.transactionId).hasSuffix("status=troubled"))
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)

            let notice = try #require(try harness.waitForRedirect().notice)
            #expect(notice.tone == .error)
            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .failed)
            #expect(transaction.isFinished)
            #expect(try harness.ledger.balances().isEmpty)
        }
    }

    @Test(arguments: [RedirectPolicy.Condition.successfulOrCanceled, .successful, .none, .any])
    func closingPayStationCancelsQuietly(_ condition: RedirectPolicy.Condition) throws {
        try withStore(catalog: redirectCatalog(condition)) { harness in
            let session = try harness.open(SKU.gems100)
            try harness.type("4111")

            // The SDK's closed callback settles a cancel at once, whatever the redirect policy.
            let report = try harness.send(.close)
            let notice = try #require(report.notice, "expected the cancel to settle at once")
            // paymentCancelled is not an error to show.
            #expect(notice.tone == .info)
            #expect(report.sheet == nil)
            #expect(report.nextDue == nil)

            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .failed)
            #expect(transaction.error == "paymentCancelled")
            #expect(transaction.isFinished)
            #expect(try harness.ledger.grant(forTransaction: session.transactionId) == nil)
            #expect(try harness.ledger.balances().isEmpty)
            // A policy that redirects on cancel sends the player back with no invoice_id; either
            // way the cancel is settled at once.
            let redirects = condition == .successfulOrCanceled || condition == .any
            let opening = ["purchase.started", "paystation.willOpen", "paystation.openedExternally", "paystation.loaded"]
            let closing = ["paystation.willClose", "paystation.closed"]
            #expect(try harness.eventKinds(of: session.transactionId) == opening
                + (redirects ? ["redirect.sent"] + closing + ["redirect.received"] : closing)
                + ["payment.cancelled", "transaction.finished"])
            if redirects {
                let url = try harness.sentRedirectURL(for: session.transactionId)
                #expect(url.contains("invoice_id=&") && url.hasSuffix("status=canceled"))
            }
            #expect(try harness.states(of: session.transactionId) == [.purchasing, .failed])
            // The invoice is used up, so a late redirect for it is refused.
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.consumedAt != nil)
        }
    }

    @Test func closingOnTheThreeDSecurePageCancelsToo() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            #expect(try harness.pay(card: Cards.threeDSecure).page?.session.phase == .threeDSecure)
            let report = try harness.send(.close)
            #expect(report.notice?.tone == .info)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.error == "paymentCancelled")
            #expect(try harness.ledger.grants().isEmpty)
        }
    }
}
