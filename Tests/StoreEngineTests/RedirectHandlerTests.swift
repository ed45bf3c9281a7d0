import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// The app's URL handler: it accepts only its own scheme and path, an invoice it
/// opened for this user, once, with the status Pay Station reported. Anything else is rejected
/// with a logged reason and changes nothing. URLs come in through `Store.open(url:)`, as a
/// redirect from outside does.
@Suite("Store: the redirect URL handler")
struct RedirectHandlerTests {
    @Test(arguments: [RedirectURL.Status.done, .canceled, .troubled])
    func aRedirectClaimingAnOutcomePayStationNeverReportedChangesNothing(status: RedirectURL.Status) throws {
        try withStore { harness in
            // The player is still at the card form: ids are predictable, so a hand-made URL must
            // not be able to buy anything.
            let session = try harness.open(SKU.gems100)
            let url = RedirectURL(base: redirectBase, userId: "player-1",
                                  foreignInvoice: session.transactionId, invoiceId: session.invoiceId, status: status)
            let report = try harness.store.open(url: url.text)
            let notice = try #require(report.notice)
            #expect(notice.tone == .error)
            #expect(notice.text.contains("no outcome"))
            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .purchasing)
            #expect(!transaction.isFinished)
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.consumedAt == nil)
            // The player can go on paying on the page that is still there.
            #expect(report.page?.session.invoiceId == session.invoiceId)
        }
    }

    @Test func aRedirectContradictingPayStationIsRejected() throws {
        // The any policy sends the decline back as a redirect, so the purchase waits for it.
        try withStore(catalog: redirectCatalog(.any)) { harness in
            let session = try harness.open(SKU.gems100)
            #expect(try harness.pay(card: Cards.declined).nextDue != nil, "expected a redirect for the decline")
            let forged = RedirectURL(base: redirectBase, userId: "player-1",
                                     foreignInvoice: session.transactionId, invoiceId: session.invoiceId, status: .done)
            let notice = try #require(try harness.store.open(url: forged.text).notice)
            #expect(notice.tone == .error)
            #expect(notice.text.contains("contradicts Pay Station's troubled"))
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)
        }
    }

    enum ForeignRedirect: String, CaseIterable, Sendable {
        case otherUser, otherScheme, otherPath, unknownInvoice, invoiceOfAnotherTransaction, garbage

        func url(for session: PayStationSession) -> String {
            let real = RedirectURL(base: redirectBase, userId: "player-1", foreignInvoice: session.transactionId,
                                   invoiceId: session.invoiceId, status: .done)
            var url = real
            switch self {
            case .otherUser: url.userId = "player-2"
            case .otherScheme: url.base = "com.example.evil://xsollaconfirm/payment"
            case .otherPath: url.base = "com.example.stardust://xsollaconfirm/refund"
            case .unknownInvoice: url.invoiceId = "999999999"
            case .invoiceOfAnotherTransaction: url.foreignInvoice = "txn-000042"
            case .garbage: return "not a url at all"
            }
            return url.text
        }
    }

    @Test(arguments: ForeignRedirect.allCases)
    func aForeignRedirectIsRejectedAndChangesNothing(_ foreign: ForeignRedirect) throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            let realURL = try harness.sentRedirectURL(for: session.transactionId)
            let before = try #require(try harness.ledger.transaction(id: session.transactionId))
            let eventsBefore = try harness.allEventKinds()

            harness.clock.advance(by: 1)
            let notice = try #require(try harness.store.open(url: foreign.url(for: session)).notice)
            #expect(notice.tone == .error)
            #expect(notice.text.hasPrefix("Redirect rejected"))
            #expect(try harness.ledger.transaction(id: session.transactionId) == before)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.consumedAt == nil)
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.allEventKinds() == eventsBefore + ["redirect.rejected"])
            #expect(try harness.ledger.events(newestFirst: 1).first?.transactionId == nil)

            // The real redirect still works afterwards: the rejected one consumed nothing.
            #expect(try harness.store.open(url: realURL).notice?.tone == .success)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func aRedirectForAnotherUsersInvoiceIsRejected() throws {
        // Two players share the ledger file; player 2 cannot settle player 1's invoice.
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            let other = try harness.secondStore(userId: "player-2")
            let url = RedirectURL(base: redirectBase, userId: "player-2",
                                  foreignInvoice: session.transactionId, invoiceId: session.invoiceId, status: .done)
            let notice = try #require(try other.open(url: url.text).notice)
            #expect(notice.tone == .error)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.consumedAt == nil)
        }
    }
}
