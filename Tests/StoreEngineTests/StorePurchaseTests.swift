import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

@Suite("Store: Pay Station purchases on a real ledger")
struct StorePurchaseTests {
    @Test func aPaidPurchaseIsRedirectedValidatedGrantedAndFinished() throws {
        try withStore { harness in
            let opened = try harness.store.beginPurchase(of: SKU.gems100, in: harness.storefront("USA"))
            var session = try #require(opened.session)
            #expect(session.transactionId == "txn-000001")
            #expect(session.productId == SKU.gems100)
            #expect(session.productName == "Pouch of Gems")
            #expect(session.formattedPrice == "$0.99")
            #expect(session.opensExternalBrowser)
            #expect(session.sandbox)
            #expect(session.token.count == 32)
            #expect(session.url.contains(session.token))
            #expect(session.url.contains("sandbox-secure.xsolla.com"))

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

            session.pay(card: Cards.success)
            #expect(session.phase == .done)
            harness.clock.advance(by: 20)
            let result = try harness.store.payStationClosed(session)
            #expect(result == .redirect(
                url: "com.example.stardust://xsollaconfirm/payment?user_id=player-1&foreignInvoice=txn-000001"
                    + "&invoice_id=\(session.invoiceId)&status=done",
                delaySeconds: 2))
            let url = try #require(result.redirectURL)
            // Nothing is granted before the redirect comes back.
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)
            #expect(try harness.ledger.balances().isEmpty)

            harness.clock.advance(by: 2)
            let notice = try harness.store.handle(url: url)
            #expect(notice.tone == .success)
            #expect(notice.text.contains("Pouch of Gems"))

            let finished = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(finished.state == .purchased)
            #expect(finished.isFinished)
            #expect(finished.finishedAt == harness.clock.date)
            #expect(try harness.states(of: session.transactionId) == [.purchasing, .purchased])
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.grant(forTransaction: session.transactionId)?.kind == .currency)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.consumedAt == harness.clock.date)
            #expect(try harness.eventKinds(of: session.transactionId) == [
                "purchase.started", "paystation.opened", "paystation.paid", "redirect.sent", "redirect.received",
                "transaction.purchased", "transaction.validated", "grant", "transaction.finished",
            ])

            // The same URL again: rejected, logged, and nothing changes.
            let eventsBefore = try harness.allEventKinds()
            let replay = try harness.store.handle(url: url)
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
            let snapshot = try harness.store.snapshot()
            #expect(snapshot.transactionCount == 1)
            #expect(snapshot.transactions.map(\.id) == [session.transactionId])
            #expect(snapshot.balances == ["gems": 100])
            #expect(snapshot.entitlements.isEmpty)
            #expect(snapshot.events.first?.kind == "transaction.finished")
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

    @Test func aDeclinedCardFailsAndFinishesWithoutGranting() throws {
        try withStore { harness in
            var session = try harness.open(SKU.gems100)
            session.pay(card: Cards.declined)
            // The default policy (successful_or_canceled) sends no redirect for a decline.
            let result = try harness.store.payStationClosed(session)
            let notice = try #require(result.settledNotice, "expected a settled result, got \(result)")
            #expect(notice.tone == .error)

            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .failed)
            #expect(transaction.error == "payment declined")
            #expect(transaction.isFinished)
            #expect(try harness.states(of: session.transactionId) == [.purchasing, .failed])
            #expect(try harness.ledger.grant(forTransaction: session.transactionId) == nil)
            #expect(try harness.ledger.balances().isEmpty)
            #expect(try harness.eventKinds(of: session.transactionId) == [
                "purchase.started", "paystation.opened", "paystation.declined", "transaction.failed",
                "transaction.finished",
            ])
        }
    }

    @Test func aDeclineSentBackByTheAnyPolicyFailsTheSameWay() throws {
        var catalog = try defaultCatalog()
        catalog.settings.payStation.redirect.condition = .any
        try withStore(catalog: catalog) { harness in
            var session = try harness.open(SKU.gems100)
            session.pay(card: Cards.declined)
            let url = try #require(try harness.store.payStationClosed(session).redirectURL)
            #expect(url.hasSuffix("status=troubled"))
            let notice = try harness.store.handle(url: url)
            #expect(notice.tone == .error)
            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .failed)
            #expect(transaction.isFinished)
            #expect(try harness.ledger.balances().isEmpty)
        }
    }

    @Test(arguments: [RedirectPolicy.Condition.successfulOrCanceled, .successful, .none, .any])
    func closingPayStationCancelsQuietly(_ condition: RedirectPolicy.Condition) throws {
        var catalog = try defaultCatalog()
        catalog.settings.payStation.redirect.condition = condition
        try withStore(catalog: catalog) { harness in
            var session = try harness.open(SKU.gems100)
            session.typeText("4111")
            session.close()
            #expect(session.phase == .cancelled)

            // The SDK's closed callback settles a cancel at once, whatever the redirect policy.
            let result = try harness.store.payStationClosed(session)
            let notice = try #require(result.settledNotice, "expected a settled result, got \(result)")
            // paymentCancelled is not an error to show.
            #expect(notice.tone == .info)

            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .failed)
            #expect(transaction.error == "paymentCancelled")
            #expect(transaction.isFinished)
            #expect(try harness.ledger.grant(forTransaction: session.transactionId) == nil)
            #expect(try harness.ledger.balances().isEmpty)
            #expect(try harness.eventKinds(of: session.transactionId) == [
                "purchase.started", "paystation.opened", "payment.cancelled", "transaction.finished",
            ])
            #expect(try harness.states(of: session.transactionId) == [.purchasing, .failed])
        }
    }

    @Test(arguments: [RedirectURL.Status.done, .canceled, .troubled])
    func aRedirectClaimingAnOutcomePayStationNeverReportedChangesNothing(status: RedirectURL.Status) throws {
        try withStore { harness in
            // The player is still at the card form: ids are predictable, so a hand-made URL must
            // not be able to buy anything.
            let session = try harness.open(SKU.gems100)
            let url = RedirectURL(base: "com.example.stardust://xsollaconfirm/payment", userId: "player-1",
                                  foreignInvoice: session.transactionId, invoiceId: session.invoiceId, status: status)
            let notice = try harness.store.handle(url: url.text)
            #expect(notice.tone == .error)
            #expect(notice.text.contains("no outcome"))
            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.state == .purchasing)
            #expect(!transaction.isFinished)
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.consumedAt == nil)
        }
    }

    @Test func aRedirectContradictingPayStationIsRejected() throws {
        var catalog = try defaultCatalog()
        catalog.settings.payStation.redirect.condition = .any  // the decline comes back as a redirect
        try withStore(catalog: catalog) { harness in
            var session = try harness.open(SKU.gems100)
            session.pay(card: Cards.declined)
            guard case .redirect = try harness.store.payStationClosed(session) else {
                Issue.record("expected a redirect for the decline")
                return
            }
            let forged = RedirectURL(base: "com.example.stardust://xsollaconfirm/payment", userId: "player-1",
                                     foreignInvoice: session.transactionId, invoiceId: session.invoiceId, status: .done)
            let notice = try harness.store.handle(url: forged.text)
            #expect(notice.tone == .error)
            #expect(notice.text.contains("contradicts Pay Station's troubled"))
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)
        }
    }

    @Test func aPaidPurchaseWhoseRedirectNeverCameIsPurchasedAtTheNextLaunch() throws {
        try withStore { harness in
            var session = try harness.open(SKU.gems100)
            session.pay(card: Cards.success)
            guard case .redirect = try harness.store.payStationClosed(session) else {
                Issue.record("expected a redirect")
                return
            }
            // The app dies during the countdown; the next launch asks Pay Station's record.
            let notices = try harness.store.deliverUnfinished()
            #expect(notices.contains { $0.tone == .success })
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.transaction(id: session.transactionId)?.isFinished == true)
        }
    }

    @Test func withoutARedirectAPaidPurchaseIsSettledDirectly() throws {
        var catalog = try defaultCatalog()
        catalog.settings.payStation.redirect.condition = .none
        try withStore(catalog: catalog) { harness in
            var session = try harness.open(SKU.gems100)
            session.pay(card: Cards.success)
            let result = try harness.store.payStationClosed(session)
            let notice = try #require(result.settledNotice, "expected a settled result, got \(result)")
            #expect(notice.tone == .success)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.transaction(id: session.transactionId)?.isFinished == true)
            let kinds = try harness.eventKinds(of: session.transactionId)
            #expect(!kinds.contains("redirect.sent"))
            #expect(kinds.suffix(4) == ["transaction.purchased", "transaction.validated", "grant", "transaction.finished"])
        }
    }

    enum ForeignRedirect: String, CaseIterable, Sendable {
        case otherUser, otherScheme, otherPath, unknownInvoice, invoiceOfAnotherTransaction, garbage

        func url(for session: PayStationSession) -> String {
            let base = "com.example.stardust://xsollaconfirm/payment"
            let real = RedirectURL(base: base, userId: "player-1", foreignInvoice: session.transactionId,
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
            var session = try harness.open(SKU.gems100)
            session.pay(card: Cards.success)
            let realURL = try #require(try harness.store.payStationClosed(session).redirectURL)
            let before = try #require(try harness.ledger.transaction(id: session.transactionId))
            let eventsBefore = try harness.allEventKinds()

            harness.clock.advance(by: 1)
            let notice = try harness.store.handle(url: foreign.url(for: session))
            #expect(notice.tone == .error)
            #expect(notice.text.hasPrefix("Redirect rejected"))
            #expect(try harness.ledger.transaction(id: session.transactionId) == before)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.consumedAt == nil)
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.allEventKinds() == eventsBefore + ["redirect.rejected"])
            #expect(try harness.ledger.events(newestFirst: 1).first?.transactionId == nil)

            // The real redirect still works afterwards: the rejected one consumed nothing.
            #expect(try harness.store.handle(url: realURL).tone == .success)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func aRedirectForAnotherUsersInvoiceIsRejected() throws {
        // Two players share the ledger file; player 2 cannot settle player 1's invoice.
        try withStore { harness in
            var session = try harness.open(SKU.gems100)
            session.pay(card: Cards.success)
            _ = try harness.store.payStationClosed(session)
            let other = Store(catalog: harness.catalog, ledger: harness.ledger, userId: "player-2",
                              now: { harness.clock.date }, generator: SeededGenerator(seed: 1))
            let url = RedirectURL(base: "com.example.stardust://xsollaconfirm/payment", userId: "player-2",
                                  foreignInvoice: session.transactionId, invoiceId: session.invoiceId, status: .done)
            let notice = try other.handle(url: url.text)
            #expect(notice.tone == .error)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)
            #expect(try harness.ledger.invoice(id: session.invoiceId)?.consumedAt == nil)
        }
    }

    @Test func withPaymentsDisabledAPurchaseIsIgnored() throws {
        var catalog = try defaultCatalog()
        catalog.settings.enablePayments = false
        try withStore(catalog: catalog) { harness in
            let start = try harness.store.beginPurchase(of: SKU.gems100, in: harness.storefront("USA"))
            guard case .ignored(let reason) = start else {
                Issue.record("expected ignored, got \(start)")
                return
            }
            #expect(reason.contains("enablePayments"))
            #expect(try harness.ledger.transactionCount() == 0)
            #expect(try harness.allEventKinds() == ["purchase.ignored"])
        }
    }

    @Test func unknownOrUnavailableProductsAndMissingPricesAreIgnored() throws {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.removeAds })
        catalog.products[index].status = .unavailable
        try withStore(catalog: catalog) { harness in
            let usa = try harness.storefront("USA")
            #expect(try harness.store.beginPurchase(of: "com.example.stardust.nope", in: usa).session == nil)
            #expect(try harness.store.beginPurchase(of: SKU.removeAds, in: usa).session == nil)
            let mars = Storefront(id: "MRS", locale: "en_US", currency: "USD", path: .paystation)
            #expect(try harness.store.beginPurchase(of: SKU.gems100, in: mars).session == nil)
            #expect(try harness.ledger.transactionCount() == 0)
            #expect(try harness.allEventKinds() == ["purchase.ignored", "purchase.ignored", "purchase.ignored"])
        }
    }

    @Test func removeAdsGrantsANonConsumableEntitlement() throws {
        try withStore { harness in
            let (session, notice) = try harness.buy(SKU.removeAds)
            #expect(notice.tone == .success)
            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(grant.kind == .nonConsumable)
            #expect(grant.key == "no_ads")
            #expect(grant.expiresAt == nil)
            #expect(try harness.ledger.balances().isEmpty)

            let entitlements = try harness.store.snapshot().entitlements
            #expect(entitlements == [
                Entitlement(id: "no_ads", kind: .nonConsumable, productId: SKU.removeAds, expiresAt: nil, isActive: true),
            ])
            #expect(entitlements.first?.isLifetime == true)
        }
    }

    @Test func aMonthlySubscriptionGrantsPremiumForThirtyDays() throws {
        try withStore { harness in
            let (session, notice) = try harness.buy(SKU.monthlyPass)
            #expect(notice.tone == .success)
            let grantedAt = harness.clock.date
            let expiresAt = grantedAt.addingTimeInterval(30 * 86_400)

            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(grant.kind == .accessLevel)
            #expect(grant.key == "premium")
            #expect(grant.grantedAt == grantedAt)
            #expect(grant.expiresAt == expiresAt)

            #expect(try harness.store.snapshot().entitlements == [
                Entitlement(id: "premium", kind: .accessLevel, productId: SKU.monthlyPass, expiresAt: expiresAt,
                            isActive: true),
            ])

            harness.clock.advance(by: 30 * 86_400 - 1)
            #expect(try harness.store.snapshot().entitlements.first?.isActive == true)
            harness.clock.advance(by: 1)
            let expired = try #require(try harness.store.snapshot().entitlements.first)
            #expect(!expired.isActive)
            #expect(!expired.isLifetime)
        }
    }

    @Test func theGermanStorefrontOpensPayStationInTheApp() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100, in: "DEU")
            #expect(!session.opensExternalBrowser)
            #expect(session.productName == "Edelsteinbeutel")
            // Foundation's de_DE currency format puts a no-break space before the euro sign.
            #expect(session.formattedPrice == "1,09\u{00A0}€")
            let transaction = try #require(try harness.ledger.transaction(id: session.transactionId))
            #expect(transaction.currency == "EUR")
            #expect(transaction.price == "1.09")
            #expect(transaction.storefront == "DEU")
        }
    }

    @Test func theUSStorefrontOpensAnExternalBrowserOnlyWhenTheSettingsSaySo() throws {
        var catalog = try defaultCatalog()
        catalog.settings.openExternalBrowser = false
        try withStore(catalog: catalog) { harness in
            let session = try harness.open(SKU.gems100, in: "USA")
            #expect(!session.opensExternalBrowser)
        }
    }

    @Test func aGermanPurchaseGrantsLikeAnAmericanOne() throws {
        try withStore { harness in
            let (session, notice) = try harness.buy(SKU.gems100, in: "DEU")
            #expect(notice.tone == .success)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.isFinished == true)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }
}
