import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// A paid Pay Station purchase end to end on a real ledger, driven as the program drives it:
/// `beginPurchase`, the player's keys through `send`, and the redirect countdown on the clock.
@Suite("Store: a paid Pay Station purchase")
struct PaidPurchaseTests {
    @Test func aPaidPurchaseIsRedirectedValidatedGrantedAndFinished() throws {
        try withStore { harness in
            let opened = try harness.store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            #expect(opened.notice == nil, "opening Pay Station is not news for the status line")
            let page = try #require(opened.page)
            let session = page.session
            #expect(session.transactionId == "txn-000001")
            #expect(session.productId == SKU.gems100)
            #expect(session.productName == "Pouch of Gems")
            #expect(session.formattedPrice == "$0.99")
            #expect(session.opensExternalBrowser)
            #expect(session.sandbox)
            #expect(session.token.count == 32)
            #expect(session.url.contains(session.token))
            #expect(session.url.contains("sandbox-secure.xsolla.com"))
            #expect(session.phase == .cardForm)
            #expect(page.appName == "Stardust Quest")
            #expect(page.returnButtonCaption == "Back to the game")
            #expect(page.redirectDue == nil, "no countdown before paying")
            #expect(opened.nextDue == nil)

            let started = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(started.state == .purchasing)
            #expect(!started.isFinished)
            #expect(started.userId == "player-1")
            #expect(started.storefront == "USA")
            #expect(started.integrationPath == "paystation")
            #expect(started.price == "0.99")
            #expect(started.currency == "USD")
            #expect(started.invoiceId == session.invoiceId)
            let invoice = try #require(try harness.ledger.invoice(id: session.invoiceId))
            #expect(invoice.transactionId == session.transactionId)
            #expect(invoice.userId == "player-1")
            #expect(invoice.consumedAt == nil)
            #expect(invoice.paymentStatus == nil)

            harness.clock.advance(by: 20)
            let paid = try harness.pay(card: Cards.success)
            let paidPage = try #require(paid.page, "the paid page stays on screen while it counts down")
            #expect(paidPage.session.phase == .done)
            // The default policy (successful_or_canceled, 2 s) sends the player back after the countdown.
            let due = harness.now.addingTimeInterval(2)
            #expect(paid.nextDue == due)
            #expect(paidPage.redirectDue == due)
            #expect(try harness.sentRedirectURL(for: session.transactionId)
                == "com.example.stardust://xsollaconfirm/payment?user_id=player-1&foreignInvoice=txn-000001"
                + "&invoice_id=\(session.invoiceId)&status=done")
            // Pay Station's outcome is committed at once; nothing is granted before the redirect.
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.paymentStatus == "done")
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)
            #expect(try harness.ledger.balances().isEmpty)

            harness.clock.advance(by: 2)
            let redirected = try harness.store.runDue()
            let notice = try #require(redirected.notice)
            #expect(notice.tone == .success)
            #expect(notice.text.contains("Pouch of Gems"))
            #expect(redirected.sheet == nil, "the redirect takes the page off screen")
            #expect(redirected.nextDue == nil)

            let finished = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(finished.state == .purchased)
            #expect(finished.isFinished)
            #expect(finished.finishedAt == harness.clock.date)
            #expect(try harness.states(of: session.transactionId) == [.purchasing, .purchased])
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.grant(forTransaction: session.transactionId)?.kind == .currency)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.consumedAt == harness.clock.date)
            #expect(try harness.eventKinds(of: session.transactionId) == [
                "purchase.started", "paystation.willOpen", "paystation.openedExternally", "paystation.loaded",
                "paystation.paid", "redirect.sent", "paystation.willClose", "paystation.closed", "redirect.received",
                "transaction.purchased", "transaction.validated", "grant", "order_paid",
                "transaction.finished",
            ])

            // The same URL again: rejected, logged, and nothing changes.
            let url = try harness.sentRedirectURL(for: session.transactionId)
            let eventsBefore = try harness.allEventKinds()
            let replay = try #require(try harness.store.open(url: url).notice)
            #expect(replay.tone == .error)
            #expect(replay.text.contains("already handled"))
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.grants().count == 1)
            #expect(try harness.ledger.transaction(id: session.transactionId) == finished)
            #expect(try harness.allEventKinds() == eventsBefore + ["redirect.rejected"])
        }
    }

    @Test func theSnapshotShowsTheFinishedPurchase() throws {
        try withStore { harness in
            let (session, _) = try harness.buy(SKU.gems100)
            let snapshot = harness.store.currentReport().snapshot
            #expect(snapshot.transactionCount == 1)
            #expect(snapshot.transactions.map(\.id) == [session.transactionId])
            #expect(snapshot.balances == ["gems": 100])
            #expect(snapshot.entitlements.isEmpty)
            // The app's own event last, right after the SDK's finishTransaction.
            #expect(snapshot.events.prefix(2).map(\.kind) == [.transactionComplete, .finished])
        }
    }

    @Test func aThreeDSecurePurchaseGrantsLikeAnyOther() throws {
        try withStore { harness in
            let (session, notice) = try harness.buy(SKU.gems100, card: Cards.threeDSecure)
            #expect(session.phase == .done)
            #expect(notice.tone == .success)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func twoPurchasesGetTheirOwnIdsInvoicesAndTokens() throws {
        try withStore { harness in
            let first = try harness.buy(SKU.gems100).session
            let second = try harness.buy(SKU.gems100).session
            #expect(first.transactionId == "txn-000001")
            #expect(second.transactionId == "txn-000002")
            #expect(first.invoiceId != second.invoiceId)
            #expect(first.token != second.token)
            #expect(try harness.ledger.balances() == ["gems": 200])
        }
    }

    @Test func theSameSeedGivesTheSameToken() throws {
        let first = try withStore { try $0.open(SKU.gems100).token }
        let second = try withStore { try $0.open(SKU.gems100).token }
        #expect(first == second)
        #expect(first.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    @Test func withoutARedirectAPaidPurchaseIsSettledDirectly() throws {
        try withStore(catalog: redirectCatalog(.none)) { harness in
            let session = try harness.open(SKU.gems100)
            let report = try harness.pay(card: Cards.success)
            let notice = try #require(report.notice, "expected the purchase to settle when paid")
            #expect(notice.tone == .success)
            // Nothing to count down: the paid page goes back to the game at once.
            #expect(report.sheet == nil)
            #expect(report.nextDue == nil)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.transaction(id: session.transactionId)?.isFinished == true)
            let kinds = try harness.eventKinds(of: session.transactionId)
            #expect(!kinds.contains("redirect.sent"))
            #expect(kinds.suffix(5) == [
                "transaction.purchased", "transaction.validated", "grant", "order_paid", "transaction.finished",
            ])
        }
    }
}
