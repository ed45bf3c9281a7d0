import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

// Pay Station in full, driven through `Store` on a real ledger as the program drives it: its
// callbacks as events, a cold start and pre-warming, its look, a saved card, a delivering
// payment, closing before paying under each redirect policy, and the login token. Time moves
// only on the TestClock.

/// The default catalog with Pay Station's settings changed by `change`.
private func payStationCatalog(_ change: (inout PayStationSettings) -> Void) throws -> ProductCatalog {
    var catalog = try defaultCatalog()
    change(&catalog.settings.payStation)
    return catalog
}

/// A catalog without pre-warming, whose first page of a launch loads after `seconds`.
private func coldCatalog(seconds: Int) throws -> ProductCatalog {
    try payStationCatalog {
        $0.prewarm = false
        $0.coldLaunchSeconds = seconds
    }
}

/// A MasterCard test number that passes the Luhn check and is none of the sandbox's cards.
private let otherCard = "5555555555554444"

private let openingUSA = ["purchase.started", "paystation.willOpen", "paystation.openedExternally", "paystation.loaded"]

extension StoreHarness {
    /// Moves the TestClock on by `seconds` and runs what is due then.
    @discardableResult
    fileprivate func runDue(after seconds: TimeInterval) throws -> StoreReport {
        clock.advance(by: seconds)
        return try store.runDue()
    }

    /// The transaction as the ledger has it, failing the test if there is none.
    fileprivate func record(_ id: String) throws -> TransactionRecord {
        try #require(try ledger.transaction(id: id), "no transaction \(id) in the ledger")
    }

    fileprivate func invoiceRecord(_ id: String) throws -> InvoiceRecord {
        try #require(try ledger.invoice(id: id), "no invoice \(id) in the ledger")
    }

    /// How many times `kind` was logged for a transaction.
    fileprivate func count(_ kind: String, of transactionId: String) throws -> Int {
        try eventKinds(of: transactionId).filter { $0 == kind }.count
    }
}

// MARK: - Callbacks

@Suite("Pay Station: its callbacks as events")
struct PayStationCallbackTests {
    @Test func theUSAPageOpensInTheBrowser() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100, in: "USA")
            #expect(session.opensExternalBrowser)
            #expect(try harness.eventKinds(of: session.transactionId) == openingUSA)
            let opened = try #require(try harness.events(.payStationOpenedExternally).last)
            #expect(opened.message.hasPrefix("external browser: "))
            #expect(opened.message.contains(session.token))
            #expect(try harness.events(.payStationOpened).isEmpty)
        }
    }

    @Test func theDEUPageOpensInTheApp() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100, in: "DEU")
            #expect(!session.opensExternalBrowser)
            #expect(try harness.eventKinds(of: session.transactionId) == [
                "purchase.started", "paystation.willOpen", "paystation.opened", "paystation.loaded",
            ])
            let opened = try #require(try harness.events(.payStationOpened).last)
            #expect(opened.message.hasPrefix("in-app: "))
            #expect(try harness.events(.payStationOpenedExternally).isEmpty)
        }
    }

    @Test(arguments: ["USA", "DEU"])
    func closingADeclinedPageLogsWillCloseThenClosed(_ storefront: String) throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100, in: storefront)
            try harness.pay(card: Cards.declined)
            // A decline stays on screen: not closed until the player closes it.
            #expect(try harness.eventKinds(of: session.transactionId).contains("paystation.declined"))
            #expect(try harness.count("paystation.willClose", of: session.transactionId) == 0)
            let report = try harness.send(.close)
            #expect(report.sheet == nil)
            #expect(try harness.eventKinds(of: session.transactionId).suffix(2) == ["paystation.willClose", "paystation.closed"])
            #expect(try harness.events(.payStationClosed).last?.message.contains(session.invoiceId) == true)
            // Closed once: another Esc has no page to close.
            try harness.send(.close)
            #expect(try harness.count("paystation.closed", of: session.transactionId) == 1)
        }
    }

    @Test func aPaidPageClosesAsThePlayerComesBack() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            #expect(try harness.count("paystation.closed", of: session.transactionId) == 0, "closed before the redirect")
            try harness.waitForRedirect()
            let kinds = try harness.eventKinds(of: session.transactionId)
            #expect(isSubsequence(["paystation.paid", "redirect.sent", "paystation.willClose", "paystation.closed",
                                   "redirect.received", "transaction.finished"], of: kinds))
            #expect(kinds.filter { $0 == "paystation.closed" }.count == 1)
        }
    }

    @Test func launchWithPrewarmLogsPrewarmedOnce() throws {
        try withStore { harness in
            #expect(harness.catalog.settings.payStation.prewarm)
            _ = try harness.store.launch()
            _ = try harness.store.launch()
            let prewarmed = try harness.events(.payStationPrewarmed)
            #expect(prewarmed.count == 1)
            #expect(prewarmed.first?.transactionId == nil)
            let session = try harness.open(SKU.gems100)
            #expect(session.isLoaded)
            #expect(try harness.events(.payStationLoaded).last?.message == "loaded at once (warm)")
            #expect(try harness.events(.payStationPrewarmed).count == 1)

            // The next launch warms up again, once.
            try harness.relaunch()
            _ = try harness.store.launch()
            #expect(try harness.events(.payStationPrewarmed).count == 2)
        }
    }

    @Test func launchWithoutPrewarmLogsNoPrewarming() throws {
        try withStore(catalog: coldCatalog(seconds: 2)) { harness in
            _ = try harness.store.launch()
            #expect(try harness.events(.payStationPrewarmed).isEmpty)
        }
    }
}

// MARK: - Cold start

@Suite("Pay Station: a cold start and pre-warming")
struct PayStationColdStartTests {
    @Test func theFirstPageLoadsAfterTheColdStartAndTakesNoInputUntilThen() throws {
        try withStore(catalog: coldCatalog(seconds: 5)) { harness in
            let opened = harness.now
            let session = try harness.open(SKU.gems100)
            #expect(!session.isLoaded)
            #expect(try harness.eventKinds(of: session.transactionId)
                    == ["purchase.started", "paystation.willOpen", "paystation.openedExternally"])
            #expect(harness.store.currentReport().nextDue == opened.addingTimeInterval(5))

            // Keys do nothing while it loads.
            let typed = try harness.type("4111")
            #expect(typed.page?.session.cardNumber == "")
            for input: PayStationInput in [.submit, .nextField, .previousField, .previousField, .toggleSavingCard, .deleteBackward] {
                #expect(try harness.send(input).page?.session == session, "\(input) while loading")
            }

            // Not a moment early.
            try harness.runDue(after: 4)
            #expect(harness.page?.session.isLoaded == false)
            #expect(try harness.events(.payStationLoaded).isEmpty)

            let loaded = try harness.runDue(after: 1)
            #expect(loaded.page?.session.isLoaded == true)
            let event = try #require(try harness.events(.payStationLoaded).last)
            #expect(event.transactionId == session.transactionId)
            #expect(event.message.contains("after 5 s"))
            #expect(event.time == opened.addingTimeInterval(5))
            #expect(loaded.nextDue == nil)

            // Now it takes keys, and pays.
            #expect(try harness.type("4111").page?.session.cardNumber == "4111")
            for _ in 0..<4 { try harness.send(.deleteBackward) }
            try harness.pay(card: Cards.success)
            try harness.waitForRedirect()
            #expect(try harness.record(session.transactionId).state == .purchased)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func theSecondPageOfALaunchLoadsAtOnce() throws {
        try withStore(catalog: coldCatalog(seconds: 5)) { harness in
            let first = try harness.open(SKU.gems100)
            try harness.runDue(after: 5)
            try harness.pay(card: Cards.success)
            try harness.waitForRedirect()
            #expect(try harness.record(first.transactionId).state == .purchased)

            let second = try harness.open(SKU.gems100)
            #expect(second.isLoaded)
            #expect(harness.store.currentReport().nextDue == nil)
            #expect(try harness.eventKinds(of: second.transactionId) == openingUSA)
            #expect(try harness.events(.payStationLoaded).last?.message == "loaded at once (warm)")
            #expect(try harness.type("4").page?.session.cardNumber == "4")
        }
    }

    @Test func afterARelaunchTheFirstPageIsColdAgain() throws {
        try withStore(catalog: coldCatalog(seconds: 5)) { harness in
            try harness.open(SKU.gems100)
            try harness.runDue(after: 5)
            try harness.send(.close)
            #expect(try harness.open(SKU.gems100).isLoaded, "warm in the same launch")
            try harness.send(.close)

            try harness.relaunch()
            _ = try harness.store.launch()
            let cold = try harness.open(SKU.gems100)
            #expect(!cold.isLoaded)
            #expect(harness.store.currentReport().nextDue == harness.now.addingTimeInterval(5))
            try harness.runDue(after: 5)
            #expect(harness.page?.session.isLoaded == true)
        }
    }

    @Test func noColdStartLoadsAtOnce() throws {
        try withStore(catalog: coldCatalog(seconds: 0)) { harness in
            let session = try harness.open(SKU.gems100)
            #expect(session.isLoaded)
            #expect(harness.store.currentReport().nextDue == nil)
            #expect(try harness.eventKinds(of: session.transactionId) == openingUSA)
            #expect(try harness.events(.payStationLoaded).last?.message == "loaded at once")
        }
    }

    @Test func escClosesALoadingPageAndItsLoadingLaterDoesNothing() throws {
        try withStore(catalog: coldCatalog(seconds: 5)) { harness in
            let session = try harness.open(SKU.gems100)
            let closed = try harness.send(.close)
            #expect(closed.sheet == nil)
            let record = try harness.record(session.transactionId)
            #expect(record.state == .failed)
            #expect(record.error == "paymentCancelled")
            #expect(record.isFinished)

            let kinds = try harness.allEventKinds()
            try harness.runDue(after: 5)
            #expect(harness.page == nil)
            #expect(try harness.allEventKinds() == kinds, "no page is left to load")
        }
    }
}

// MARK: - Look

@Suite("Pay Station: its look")
struct PayStationLookTests {
    @Test(arguments: PayStationSettings.Theme.allCases, PayStationSettings.Size.allCases)
    func theCatalogsThemeAndSizeReachThePage(_ theme: PayStationSettings.Theme, _ size: PayStationSettings.Size) throws {
        let catalog = try payStationCatalog {
            $0.theme = theme
            $0.size = size
        }
        try withStore(catalog: catalog) { harness in
            try harness.open(SKU.gems100)
            let page = try #require(harness.page)
            #expect(page.theme == theme)
            #expect(page.size == size)
            // It stays so as the player types.
            let typed = try #require(try harness.type("4").page)
            #expect(typed.theme == theme)
            #expect(typed.size == size)
        }
    }
}

// MARK: - Saved card

@Suite("Pay Station: a saved card")
struct PayStationSavedCardTests {
    static func setting(_ user: String) -> String { "payStation.savedCard.\(user)" }

    @Test func aTickedCardIsSavedOncePaidAndOfferedNextTime() throws {
        try withStore { harness in
            let first = try harness.open(SKU.gems100)
            #expect(first.phase == .cardForm)
            #expect(try harness.send(.toggleSavingCard).page?.session.savesCard == true)
            try harness.pay(card: otherCard)
            // Saved with the payment's status, before the redirect comes back.
            #expect(try harness.ledger.setting(Self.setting("player-1")) == otherCard)
            try harness.waitForRedirect()
            #expect(try harness.record(first.transactionId).state == .purchased)

            let second = try harness.open(SKU.gems100)
            #expect(second.phase == .paymentMethod)
            #expect(second.savedCard == otherCard)
            #expect(second.method == .savedCard)
            let paid = try harness.send(.submit)
            #expect(paid.page?.session.phase == .done)
            #expect(paid.page?.session.cardNumber == otherCard)
            try harness.waitForRedirect()
            let record = try harness.record(second.transactionId)
            #expect(record.state == .purchased)
            #expect(record.isFinished)
            #expect(try harness.ledger.grant(forTransaction: second.transactionId) != nil)
            #expect(try harness.ledger.balances() == ["gems": 200])
        }
    }

    @Test func theSavedCardOutlivesALaunch() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            try harness.send(.toggleSavingCard)
            try harness.pay(card: Cards.success)
            try harness.waitForRedirect()

            try harness.relaunch()
            _ = try harness.store.launch()
            let session = try harness.open(SKU.gems100)
            #expect(session.phase == .paymentMethod)
            #expect(session.savedCard == Cards.success)
        }
    }

    @Test func aNewCardIsOneChoiceAway() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            try harness.send(.toggleSavingCard)
            try harness.pay(card: Cards.success)
            try harness.waitForRedirect()

            let session = try harness.open(SKU.gems100)
            #expect(try harness.send(.nextField).page?.session.method == .newCard)
            #expect(try harness.send(.submit).page?.session.phase == .cardForm)
            let declined = try harness.pay(card: Cards.declined)
            guard case .declined? = declined.page?.session.phase else {
                Issue.record("expected the new card to be declined, got \(String(describing: declined.page?.session.phase))")
                return
            }
            #expect(try harness.record(session.transactionId).state == .failed)
            // The saved card stays as it was.
            #expect(try harness.ledger.setting(Self.setting("player-1")) == Cards.success)
        }
    }

    @Test func withoutTickingNothingIsSaved() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            try harness.pay(card: otherCard)
            try harness.waitForRedirect()
            #expect(try harness.ledger.setting(Self.setting("player-1")) == nil)
            let next = try harness.open(SKU.gems100)
            #expect(next.phase == .cardForm)
            #expect(next.savedCard == nil)
        }
    }

    @Test func tickingTwiceSavesNothing() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            try harness.send(.toggleSavingCard)
            try harness.send(.toggleSavingCard)
            try harness.pay(card: otherCard)
            try harness.waitForRedirect()
            #expect(try harness.ledger.setting(Self.setting("player-1")) == nil)
        }
    }

    @Test func aDeclinedCardIsNotSaved() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            try harness.send(.toggleSavingCard)
            try harness.pay(card: Cards.declined)
            try harness.send(.close)
            #expect(try harness.ledger.setting(Self.setting("player-1")) == nil)
            #expect(try harness.open(SKU.gems100).phase == .cardForm)
        }
    }

    @Test func theSavedCardBelongsToItsPlayer() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            try harness.send(.toggleSavingCard)
            try harness.pay(card: otherCard)
            try harness.waitForRedirect()
            #expect(try harness.ledger.setting(Self.setting("player-1")) == otherCard)

            let other = try harness.secondStore(userId: "player-2")
            let report = try other.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            let session = try #require(report.page?.session)
            #expect(session.savedCard == nil)
            #expect(session.phase == .cardForm)
            #expect(try harness.ledger.setting(Self.setting("player-2")) == nil)
        }
    }
}

// MARK: - Delivering

@Suite("Pay Station: a delivering payment")
struct PayStationDeliveringTests {
    @Test func paidIsCommittedAtOnceAndNothingIsGrantedUntilDone() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            harness.clock.advance(by: 10)
            let paidAt = harness.now
            let report = try harness.pay(card: Cards.delivering)
            #expect(report.page?.session.phase == .delivering)
            #expect(report.nextDue == paidAt.addingTimeInterval(TestCard.deliveringSeconds))

            let invoice = try harness.invoiceRecord(session.invoiceId)
            #expect(invoice.paymentStatus == "delivering")
            #expect(invoice.statusAt == paidAt)
            #expect(invoice.consumedAt == nil)
            let delivering = try #require(try harness.events(.payStationDelivering).last)
            #expect(delivering.transactionId == session.transactionId)
            #expect(delivering.message.contains("3 s"))
            #expect(try harness.record(session.transactionId).state == .purchasing)
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.events(.redirectSent).isEmpty)

            // The page stays while Pay Station processes: Enter and Esc do nothing.
            try harness.send(.submit)
            let escaped = try harness.send(.close)
            #expect(escaped.page?.session.phase == .delivering)
            #expect(try harness.record(session.transactionId).state == .purchasing)
            #expect(try harness.count("paystation.closed", of: session.transactionId) == 0)
        }
    }

    @Test func doneFollowsAfterItsSecondsThenTheRedirectGrantsOnce() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            let paidAt = harness.now
            try harness.pay(card: Cards.delivering)

            // Not a moment early.
            try harness.runDue(after: TestCard.deliveringSeconds - 1)
            #expect(try harness.invoiceRecord(session.invoiceId).paymentStatus == "delivering")
            #expect(harness.page?.session.phase == .delivering)

            let done = try harness.runDue(after: 1)
            #expect(done.page?.session.phase == .done)
            let invoice = try harness.invoiceRecord(session.invoiceId)
            #expect(invoice.paymentStatus == "done")
            #expect(invoice.statusAt == paidAt, "the time stays when it was paid")
            #expect(try harness.events(.payStationPaid).last?.transactionId == session.transactionId)
            // The default policy (successful_or_canceled) sends it back after its countdown.
            let url = try harness.sentRedirectURL(for: session.transactionId)
            #expect(url.contains("invoice_id=\(session.invoiceId)&status=done"))
            #expect(try harness.ledger.grants().isEmpty)

            try harness.waitForRedirect()
            let record = try harness.record(session.transactionId)
            #expect(record.state == .purchased)
            #expect(record.isFinished)
            #expect(record.purchasedAt == paidAt)
            #expect(try harness.ledger.grants().count == 1)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(harness.page == nil)

            // Nothing is delivered twice, here or at the next launch.
            _ = try harness.store.runDue()
            try harness.relaunch()
            _ = try harness.store.launch()
            #expect(try harness.ledger.grants().count == 1)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.count("grant", of: session.transactionId) == 1)
        }
    }

    @Test(arguments: [RedirectPolicy.Condition.none, .successful, .successfulOrCanceled, .any])
    func doneRedirectsPerPolicy(_ condition: RedirectPolicy.Condition) throws {
        try withStore(catalog: redirectCatalog(condition, delaySeconds: 2)) { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.delivering)
            #expect(try harness.events(.redirectSent).isEmpty, "no redirect says delivering")
            let done = try harness.runDue(after: TestCard.deliveringSeconds)
            if condition == .none {
                // No redirect: the SDK asks for the invoice's status, and the purchase settles now.
                #expect(try harness.events(.redirectSent).isEmpty)
                #expect(done.nextDue == nil)
                #expect(done.sheet == nil)
            } else {
                #expect(try harness.sentRedirectURL(for: session.transactionId).hasSuffix("status=done"))
                #expect(try harness.ledger.grants().isEmpty)
                try harness.waitForRedirect()
            }
            #expect(try harness.record(session.transactionId).state == .purchased)
            #expect(try harness.record(session.transactionId).isFinished)
            #expect(try harness.ledger.grants().count == 1)
            #expect(try harness.count("transaction.finished", of: session.transactionId) == 1)
        }
    }

    /// The app's paywall starts no purchase while a page is on screen, but the engine's
    /// `beginPurchase` takes one: a paid page still processing must not be closed by it, or its
    /// `done` finds no page and the payment waits for the next launch.
    @Test func aPurchaseBegunWhileDeliveringDoesNotStrandThePayment() throws {
        try withStore { harness in
            let first = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.delivering)
            let second = try harness.store.beginPurchase(of: SKU.removeAds, in: "USA", on: .paystation)
            if let page = second.page, page.session.transactionId != first.transactionId {
                try harness.send(.close)  // the player closes the second page
            }
            try harness.runDue(after: TestCard.deliveringSeconds)
            for _ in 0..<5 where harness.store.currentReport().nextDue != nil { try harness.waitForRedirect() }
            #expect(try harness.invoiceRecord(first.invoiceId).paymentStatus == "done")
            let record = try harness.record(first.transactionId)
            #expect(record.state == .purchased)
            #expect(record.isFinished)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    /// A redirect claiming `delivering` (one Pay Station never sends) is refused, even for the
    /// very invoice that is delivering: only `done` settles it.
    @Test func aRedirectSayingDeliveringIsRefused() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.delivering)
            let url = RedirectURL(base: redirectBase, userId: harness.userId, foreignInvoice: session.transactionId,
                                  invoiceId: session.invoiceId, status: .delivering).text
            let report = try harness.store.open(url: url)
            #expect(report.notice?.text.contains("status delivering is never sent back") == true)
            #expect(try harness.record(session.transactionId).state == .purchasing)
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.invoiceRecord(session.invoiceId).consumedAt == nil)
            // Done still settles it, once.
            _ = try harness.runDue(after: TestCard.deliveringSeconds)
            _ = try harness.runDue(after: 5)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    /// Pay Station goes on processing while the app is away: the launch neither grants the
    /// payment early nor loses it; it is delivered once done, at its own time, and only once.
    @Test func aRelaunchWhileDeliveringWaitsForDoneThenDeliversOnce() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            let paidAt = harness.now
            try harness.pay(card: Cards.delivering)
            harness.clock.advance(by: 1)  // before done

            try harness.relaunch()
            let launched = try harness.store.launch()
            #expect(launched.notice?.text.contains("still processing") == true)
            #expect(try harness.record(session.transactionId).state == .purchasing)
            #expect(try harness.ledger.grants().isEmpty)
            #expect(try harness.eventKinds(of: session.transactionId).contains("transaction.redelivered"))

            try harness.runDue(after: TestCard.deliveringSeconds)
            let record = try harness.record(session.transactionId)
            #expect(record.state == .purchased)
            #expect(record.isFinished)
            // Paid when the player paid, though delivered later.
            #expect(record.purchasedAt == paidAt)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.invoiceRecord(session.invoiceId).consumedAt != nil)

            // Later launches deliver nothing more.
            try harness.relaunch()
            _ = try harness.store.launch()
            try harness.runDue(after: TestCard.deliveringSeconds)
            #expect(try harness.ledger.grants().count == 1)
            #expect(try harness.count("grant", of: session.transactionId) == 1)
        }
    }
}

// MARK: - Closing before paying

@Suite("Pay Station: closing before paying")
struct PayStationClosingTests {
    @Test(arguments: [RedirectPolicy.Condition.successfulOrCanceled, .any])
    func aCancelRedirectNamesNoInvoiceAndIsHandledOnce(_ condition: RedirectPolicy.Condition) throws {
        try withStore(catalog: redirectCatalog(condition)) { harness in
            let session = try harness.open(SKU.gems100)
            try harness.type("4111")
            let closed = try harness.send(.close)
            #expect(closed.sheet == nil)
            #expect(closed.notice?.tone == .info)

            let url = try harness.sentRedirectURL(for: session.transactionId)
            #expect(url.hasPrefix(redirectBase + "?"))
            #expect(url.contains("foreignInvoice=\(session.transactionId)&"))
            #expect(url.contains("invoice_id=&"))
            #expect(!url.contains(session.invoiceId))
            #expect(url.hasSuffix("status=canceled"))

            let record = try harness.record(session.transactionId)
            #expect(record.state == .failed)
            #expect(record.error == "paymentCancelled")
            #expect(record.isFinished)
            #expect(try harness.states(of: session.transactionId) == [.purchasing, .failed])
            #expect(try harness.count("payment.cancelled", of: session.transactionId) == 1)
            #expect(try harness.count("transaction.finished", of: session.transactionId) == 1)
            #expect(try harness.count("redirect.received", of: session.transactionId) == 1)
            #expect(try harness.invoiceRecord(session.invoiceId).paymentStatus == "canceled")

            // The same URL again (from outside, say) is refused and changes nothing.
            let kinds = try harness.eventKinds(of: session.transactionId)
            let again = try harness.store.open(url: url)
            let notice = try #require(again.notice)
            #expect(notice.tone == .error)
            #expect(notice.text.contains("already handled"))
            #expect(try harness.events(.redirectRejected).last?.message.contains("already handled") == true)
            #expect(try harness.record(session.transactionId) == record)
            #expect(try harness.eventKinds(of: session.transactionId) == kinds)
            #expect(try harness.ledger.grants().isEmpty)
        }
    }

    @Test(arguments: [RedirectPolicy.Condition.none, .successful])
    func noCancelRedirectUnderAPolicyThatDoesNotSendOne(_ condition: RedirectPolicy.Condition) throws {
        try withStore(catalog: redirectCatalog(condition)) { harness in
            let session = try harness.open(SKU.gems100)
            let closed = try harness.send(.close)
            #expect(closed.sheet == nil)
            #expect(closed.nextDue == nil)
            #expect(try harness.events(.redirectSent).isEmpty)
            #expect(try harness.events(.redirectReceived).isEmpty)
            let record = try harness.record(session.transactionId)
            #expect(record.state == .failed)
            #expect(record.error == "paymentCancelled")
            #expect(record.isFinished)
            #expect(try harness.count("transaction.finished", of: session.transactionId) == 1)
            #expect(try harness.count("paystation.closed", of: session.transactionId) == 1)
            let invoice = try harness.invoiceRecord(session.invoiceId)
            #expect(invoice.paymentStatus == "canceled")
            #expect(invoice.consumedAt != nil)
        }
    }

    @Test func closingOnThreeDSecureUnderAnySendsTheUnpaidInvoice() throws {
        try withStore(catalog: redirectCatalog(.any)) { harness in
            let session = try harness.open(SKU.gems100)
            #expect(try harness.pay(card: Cards.threeDSecure).page?.session.phase == .threeDSecure)
            let closed = try harness.send(.close)
            #expect(closed.sheet == nil)

            let url = try harness.sentRedirectURL(for: session.transactionId)
            #expect(url.contains("invoice_id=\(session.invoiceId)&"))
            #expect(url.hasSuffix("status=invoice"))
            #expect(try harness.invoiceRecord(session.invoiceId).paymentStatus == "invoice")
            let record = try harness.record(session.transactionId)
            #expect(record.state == .failed)
            #expect(record.error == "paymentCancelled")
            #expect(record.isFinished)
            #expect(try harness.count("transaction.finished", of: session.transactionId) == 1)
            #expect(try harness.ledger.grants().isEmpty)

            let again = try harness.store.open(url: url)
            #expect(again.notice?.text.contains("already handled") == true)
        }
    }

    @Test func closingOnThreeDSecureUnderSuccessfulOrCanceledSendsNone() throws {
        try withStore(catalog: redirectCatalog(.successfulOrCanceled)) { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.threeDSecure)
            let closed = try harness.send(.close)
            #expect(closed.sheet == nil)
            #expect(closed.nextDue == nil)
            #expect(try harness.events(.redirectSent).isEmpty)
            #expect(try harness.invoiceRecord(session.invoiceId).paymentStatus == "invoice")
            let record = try harness.record(session.transactionId)
            #expect(record.state == .failed)
            #expect(record.error == "paymentCancelled")
            #expect(record.isFinished)
        }
    }

    @Test func aForgedCancelForAPageStillOpenIsRejected() throws {
        try withStore(catalog: redirectCatalog(.successfulOrCanceled)) { harness in
            let session = try harness.open(SKU.gems100)
            let before = try #require(try harness.type("4111").page?.session)
            let record = try harness.record(session.transactionId)

            let forged = "\(redirectBase)?user_id=player-1&foreignInvoice=\(session.transactionId)&invoice_id=&status=canceled"
            let report = try harness.store.open(url: forged)
            let notice = try #require(report.notice)
            #expect(notice.tone == .error)
            #expect(notice.text.contains("no outcome"))
            #expect(try harness.events(.redirectRejected).last?.message.contains("no outcome") == true)

            // Nothing changed: the page, the transaction, the invoice.
            #expect(report.page?.session == before)
            #expect(try harness.record(session.transactionId) == record)
            let invoice = try harness.invoiceRecord(session.invoiceId)
            #expect(invoice.paymentStatus == nil)
            #expect(invoice.consumedAt == nil)
            #expect(try harness.events(.redirectReceived).isEmpty)

            // The player still pays.
            for _ in 0..<4 { try harness.send(.deleteBackward) }
            try harness.pay(card: Cards.success)
            try harness.waitForRedirect()
            #expect(try harness.record(session.transactionId).state == .purchased)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func anEmptyInvoiceIdWithStatusDoneIsRejected() throws {
        try withStore(catalog: redirectCatalog(.successfulOrCanceled, delaySeconds: 60)) { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.success)
            #expect(try harness.invoiceRecord(session.invoiceId).paymentStatus == "done")
            let record = try harness.record(session.transactionId)

            let forged = "\(redirectBase)?user_id=player-1&foreignInvoice=\(session.transactionId)&invoice_id=&status=done"
            let report = try harness.store.open(url: forged)
            let notice = try #require(report.notice)
            #expect(notice.tone == .error)
            #expect(notice.text.contains("no invoice_id"))
            #expect(try harness.record(session.transactionId) == record)
            #expect(try harness.invoiceRecord(session.invoiceId).consumedAt == nil)
            #expect(try harness.ledger.grants().isEmpty)

            // Pay Station's own redirect still settles it, once.
            try harness.waitForRedirect()
            #expect(try harness.record(session.transactionId).state == .purchased)
            #expect(try harness.ledger.grants().count == 1)
        }
    }
}

// MARK: - Login token

@Suite("Pay Station: customLoginToken")
struct PayStationLoginTokenTests {
    @Test func theLoginTokenIsNamedWhenPayStationWillOpen() throws {
        var catalog = try defaultCatalog()
        catalog.settings.customLoginToken = "jwt-login-7f3a"
        try withStore(catalog: catalog) { harness in
            let session = try harness.open(SKU.gems100)
            let willOpen = try #require(try harness.events(.payStationWillOpen).last)
            #expect(willOpen.transactionId == session.transactionId)
            #expect(willOpen.message.contains("customLoginToken"))
            #expect(willOpen.message.contains("jwt-login-7f3a"))
            #expect(!willOpen.message.contains("no login token"))
        }
    }

    @Test func withoutALoginTokenTheEventSaysSo() throws {
        var catalog = try defaultCatalog()
        catalog.settings.customLoginToken = nil
        try withStore(catalog: catalog) { harness in
            let session = try harness.open(SKU.gems100)
            let willOpen = try #require(try harness.events(.payStationWillOpen).last)
            #expect(willOpen.transactionId == session.transactionId)
            #expect(willOpen.message.contains("no login token"))
            #expect(!willOpen.message.contains("customLoginToken"))
        }
    }
}
