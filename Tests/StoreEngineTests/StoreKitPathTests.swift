import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// StoreKit 2 through the engine, on a real ledger file: `purchase()` opens the App Store sheet
/// on a `purchasing` transaction, and each of the sheet's outcomes ends it as StoreKit would —
/// unlocked and finished, cancelled, thrown, pending until answered, or unverified and left
/// unfinished. What is checked is what the ledger committed.
@Suite("StoreKit: purchases through the App Store sheet")
struct StoreKitPathTests {
    /// The event kinds of a verified purchase, from the sheet's Buy to `finish()`.
    private static let unlockThenFinish = [
        "purchase.result", "transaction.validated", "grant", "entitlements.current", "transaction.finished",
    ]

    // MARK: purchase()

    @Test func purchaseOpensTheSheetOnAPurchasingTransactionAtTheStorefrontsPrice() throws {
        try withStore { harness in
            let report = try harness.store.beginPurchase(of: SKU.gems100, in: "JPN", on: .storekit)
            let sheet = try #require(report.storeKitSheet, "no App Store sheet: \(String(describing: report.sheet))")
            #expect(report.sheet?.path == .storekit)
            #expect(sheet.productId == SKU.gems100)
            #expect(sheet.productName == "ジェムの袋")
            #expect(sheet.formattedPrice == "¥160")
            #expect(sheet.offerLine == nil)
            #expect(sheet.account == "player-1@sandbox.test")
            #expect(sheet.sandbox)
            #expect(sheet.language == "ja")
            #expect(sheet.focus == .buy && sheet.chosenFailure == nil)

            let record = try #require(try harness.ledger.transaction(id: sheet.transactionId))
            #expect(record.state == .purchasing)
            #expect(record.integrationPath == "storekit")
            #expect(record.storefront == "JPN")
            #expect(record.price == "160" && record.currency == "JPY")
            #expect(record.finishedAt == nil && record.signedTransaction == nil)
            #expect(try harness.eventKinds(of: sheet.transactionId) == ["purchase.started"])
            #expect(report.snapshot.transactions.first?.id == sheet.transactionId)
            // The report of a later call still shows the sheet: the engine owns it.
            #expect(harness.store.currentReport().storeKitSheet == sheet)
        }
    }

    @Test func aPlanWithAFreeTrialShowsTheOfferAndChargesNothingNow() throws {
        try withStore { harness in
            let sheet = try harness.openStoreKit(SKU.monthlyPass)
            #expect(sheet.formattedPrice == "¥0")
            let offer = try #require(sheet.offerLine)
            #expect(offer.contains("¥800"), "the offer line says what follows the trial: \(offer)")
        }
    }

    @Test func buyUnlocksOnceThenFinishes() throws {
        try withStore { harness in
            let (id, report) = try harness.buyThroughStoreKit(SKU.gems100)
            #expect(report.sheet == nil)
            #expect(report.notice == StoreNotice(.success, "Purchased Pouch of Gems: +100 gems."))
            let record = try #require(try harness.ledger.transaction(id: id))
            #expect(record.state == .purchased)
            #expect(record.finishedAt != nil)
            #expect(record.signedTransaction != nil)
            #expect(harness.store.signatureProblem(record) == nil)
            #expect(try harness.ledger.grant(forTransaction: id)?.amount == 100)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(report.snapshot.balances == ["gems": 100])

            let kinds = try harness.eventKinds(of: id)
            #expect(isSubsequence(Self.unlockThenFinish, of: kinds), "\(kinds)")
            #expect(kinds.filter { $0 == "grant" }.count == 1)
            #expect(kinds.last == "transaction.finished")
            #expect(kinds.first == "purchase.started")
            let result = try #require(try harness.events(.purchaseResult).last)
            #expect(result.message == "purchase() returned success(.verified)")
            let current = try #require(try harness.events(.currentEntitlements).last)
            #expect(current.transactionId == id)
        }
    }

    @Test func cancelFailsWithUserCancelledAndChargesNothing() throws {
        try withStore { harness in
            let (id, report) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .cancel)
            #expect(report.sheet == nil)
            #expect(report.notice == StoreNotice(.info, "Purchase cancelled."))
            let summary = try harness.summary(of: id)
            #expect(summary.state == .failed)
            #expect(summary.failure == .userCancelled)
            #expect(summary.displayState == "cancelled")
            #expect(summary.isFinished)
            #expect(summary.amountCharged == 0)
            #expect(summary.chargeText == "no charge")
            #expect(summary.signedTransaction == nil)
            #expect(try harness.ledger.grant(forTransaction: id) == nil)
            #expect(try harness.ledger.balances().isEmpty)
        }
    }

    @Test func escOnTheSheetCancelsToo() throws {
        try withStore { harness in
            let sheet = try harness.openStoreKit(SKU.gems100)
            let report = try harness.send(.cancel)
            #expect(report.sheet == nil)
            #expect(try harness.summary(of: sheet.transactionId).failure == .userCancelled)
        }
    }

    /// QA's Fail…: the chosen error is what `purchase()` throws; the transaction fails and nothing
    /// is charged or granted.
    @Test(arguments: StoreKitFailure.allCases)
    func eachChosenErrorFailsThePurchase(_ failure: StoreKitFailure) throws {
        try withStore { harness in
            let sheet = try harness.openStoreKit(SKU.gems100)
            var report = try harness.send(.pressButton(.fail))
            #expect(report.storeKitSheet?.chosenFailure == .networkError)
            while report.storeKitSheet?.chosenFailure != failure {
                report = try harness.send(.next)
                try #require(report.storeKitSheet?.chosenFailure != .networkError, "went round the list without \(failure)")
            }
            report = try harness.send(.press)
            #expect(report.sheet == nil)
            let notice = try #require(report.notice)
            #expect(notice.tone == .error)
            #expect(notice.text.contains(failure.qualifiedName), "\(notice.text)")
            #expect(notice.text.contains("Nothing was charged"))
            let summary = try harness.summary(of: sheet.transactionId)
            #expect(summary.state == .failed)
            #expect(summary.failure == .storeKit(failure))
            #expect(summary.displayState == "failed")
            #expect(summary.isFinished)
            #expect(summary.amountCharged == 0)
            #expect(try harness.ledger.grant(forTransaction: sheet.transactionId) == nil)
            #expect(try harness.ledger.balances().isEmpty)
            let thrown = try #require(try harness.events(.failed).last { $0.transactionId == sheet.transactionId })
            #expect(thrown.message == "purchase() threw \(failure.qualifiedName)")
            #expect(try harness.eventKinds(of: sheet.transactionId).contains("grant") == false)
        }
    }

    // MARK: pending: Ask to Buy

    @Test func askToBuyLeavesItPendingUnfinishedAndUngranted() throws {
        try withStore { harness in
            let (id, report) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .askToBuy)
            #expect(report.sheet == nil)
            let notice = try #require(report.notice)
            #expect(notice.text.contains("pending (Ask to Buy)"), "\(notice.text)")
            let summary = try harness.summary(of: id)
            #expect(summary.state == .deferred)
            #expect(summary.pending == .askToBuy)
            #expect(summary.failure == nil)
            #expect(summary.displayState == "pending (Ask to Buy)")
            #expect(summary.chargeText == "no charge")
            #expect(!summary.isFinished)
            #expect(summary.actions == [.approve, .decline])
            #expect(try harness.ledger.grant(forTransaction: id) == nil)
            #expect(try harness.ledger.balances().isEmpty)
        }
    }

    @Test func aPendingAskToBuyIsNotDeliveredAgainAtLaunch() throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .askToBuy)
            for _ in 0..<2 {
                try harness.relaunch()
                #expect(try harness.store.deliverUnfinished().isEmpty)
            }
            let record = try #require(try harness.ledger.transaction(id: id))
            #expect(record.state == .deferred)
            #expect(record.finishedAt == nil)
            #expect(try !harness.eventKinds(of: id).contains("transaction.redelivered"))
            let summary = try harness.summary(of: id)
            #expect(summary.pending == .askToBuy)
            #expect(summary.actions == [.approve, .decline])
            // Still answerable after the launches.
            _ = try harness.store.act(.approve, on: id)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func approvingDeliversItOnTransactionUpdatesAndUnlocksIt() throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .askToBuy)
            let report = try harness.store.act(.approve, on: id)
            #expect(report.notice == StoreNotice(.success, "Purchased Pouch of Gems: +100 gems."))
            let summary = try harness.summary(of: id)
            #expect(summary.state == .purchased)
            #expect(summary.pending == nil)
            #expect(summary.isFinished)
            #expect(summary.signedTransaction != nil)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(report.snapshot.balances == ["gems": 100])
            let kinds = try harness.eventKinds(of: id)
            #expect(isSubsequence(["transaction.update"] + Self.unlockThenFinish.dropFirst(), of: kinds), "\(kinds)")
            #expect(kinds.filter { $0 == "grant" }.count == 1)
            // Approved once: approving again does not apply.
            let again = try harness.store.act(.approve, on: id)
            #expect(again.notice?.text.contains("does not apply") == true)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func decliningFailsItFinishedWithNothingGranted() throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .askToBuy)
            let report = try harness.store.act(.decline, on: id)
            #expect(report.notice == StoreNotice(.info, "Ask to Buy declined: nothing was charged or unlocked."))
            let summary = try harness.summary(of: id)
            #expect(summary.state == .failed)
            #expect(summary.failure == .askToBuyDeclined)
            #expect(summary.isFinished)
            #expect(summary.amountCharged == 0)
            #expect(summary.signedTransaction == nil)
            #expect(summary.actions.isEmpty)
            #expect(try harness.ledger.grant(forTransaction: id) == nil)
            #expect(try harness.ledger.balances().isEmpty)
        }
    }

    /// A non-consumable is bought once: `purchase()` refuses one the player owns ("nothing was
    /// charged"), and that must hold when the purchase was left waiting for a parent. Two Ask to
    /// Buy requests for Remove Ads, both approved, may charge ¥480 once and grant `no_ads` once.
    /// (Either the second request is refused while the first waits, or the second approval
    /// charges nothing; this checks only the outcome.) Before ad30b10 the second approval charged
    /// ¥480 again and granted a second `no_ads`.
    @Test func twoApprovedAskToBuyRequestsForANonConsumableChargeOnce() throws {
        try withStore { harness in
            let (first, _) = try harness.buyThroughStoreKit(SKU.removeAds, pressing: .askToBuy)
            let again = try harness.store.beginPurchase(of: SKU.removeAds, in: "JPN", on: .storekit)
            var ids = [first]
            if let sheet = again.storeKitSheet {
                try harness.send(.pressButton(.askToBuy))
                ids.append(sheet.transactionId)
            }
            for id in ids { _ = try harness.store.act(.approve, on: id) }

            let snapshot = harness.store.currentReport().snapshot
            #expect(snapshot.owns(productId: SKU.removeAds))
            let charged = snapshot.transactions.filter { $0.productId == SKU.removeAds }.map(\.amountCharged).reduce(0, +)
            #expect(charged == 480, "Remove Ads was charged \(charged) JPY in all")
            let grants = try harness.ledger.grants().filter { $0.key == "no_ads" }
            #expect(grants.count == 1, "no_ads was granted \(grants.count) times")
        }
    }

    // MARK: pending: an interrupted purchase

    @Test func anInterruptedPurchaseWaitsUntilResolvedThenUnlocks() throws {
        try withStore { harness in
            let (id, report) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .interrupt)
            #expect(report.sheet == nil)
            var summary = try harness.summary(of: id)
            #expect(summary.state == .deferred)
            #expect(summary.pending == .interruptedPurchase)
            #expect(summary.displayState == "pending (interrupted purchase)")
            #expect(summary.actions == [.resolve])
            #expect(!summary.isFinished)
            #expect(try harness.ledger.balances().isEmpty)

            // An Ask to Buy answer does not apply to it.
            let approve = try harness.store.act(.approve, on: id)
            #expect(approve.notice?.text.contains("does not apply") == true)
            #expect(try harness.summary(of: id).state == .deferred)

            let resolved = try harness.store.act(.resolve, on: id)
            #expect(resolved.notice?.tone == .success)
            summary = try harness.summary(of: id)
            #expect(summary.state == .purchased)
            #expect(summary.isFinished)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.eventKinds(of: id).contains("transaction.update"))
        }
    }

    @Test func resolvingAnAskToBuyDoesNotApply() throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .askToBuy)
            let report = try harness.store.act(.resolve, on: id)
            #expect(report.notice?.text.contains("does not apply") == true)
            #expect(try harness.summary(of: id).pending == .askToBuy)
        }
    }

    /// An answer to a transaction that waits for none changes nothing at all and says so.
    @Test func approvingAPurchasedTransactionChangesNothing() throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100)
            let before = try harness.ledger.transaction(id: id)
            let events = try harness.allEventKinds()
            let commits = harness.store.commitCount
            let report = try harness.store.act(.approve, on: id)
            let notice = try #require(report.notice)
            #expect(notice.text == "Approve (Ask to Buy) does not apply to \(id), which is purchased; nothing changed.")
            #expect(try harness.ledger.transaction(id: id) == before)
            #expect(try harness.allEventKinds() == events)
            #expect(harness.store.commitCount == commits)
            #expect(try harness.ledger.balances() == ["gems": 100])
        }
    }

    @Test func anActionOnAnotherPlayersOrAnUnknownTransactionIsRefused() throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .askToBuy)
            let other = try harness.secondStore(userId: "player-2")
            let report = try other.act(.approve, on: id)
            #expect(report.notice?.tone == .error)
            #expect(try harness.ledger.transaction(id: id)?.state == .deferred)
            let unknown = try harness.store.act(.approve, on: "txn-999999")
            #expect(unknown.notice?.text.contains("There is no transaction txn-999999") == true)
        }
    }

    // MARK: success(.unverified)

    @Test func aTamperedTransactionIsNeitherUnlockedNorFinished() throws {
        try withStore { harness in
            let (id, report) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .tamper)
            #expect(report.sheet == nil)
            #expect(report.notice?.tone == .error)
            let record = try #require(try harness.ledger.transaction(id: id))
            #expect(record.state == .purchased)
            #expect(record.finishedAt == nil)
            #expect(harness.store.signatureProblem(record) != nil)
            #expect(try harness.ledger.grant(forTransaction: id) == nil)
            #expect(try harness.ledger.balances().isEmpty)
            let kinds = try harness.eventKinds(of: id)
            #expect(kinds.filter { $0 == "transaction.invalid" }.count == 1)
            #expect(!kinds.contains("grant") && !kinds.contains("transaction.finished") && !kinds.contains("transaction.validated"))
            #expect(try harness.summary(of: id).actions.isEmpty, "nothing to refund: it was never unlocked")
        }
    }

    /// StoreKit delivers an unfinished transaction again at every launch, and the app's
    /// `checkVerified` throws again each time.
    @Test func aTamperedTransactionStaysUnverifiedAcrossLaunches() throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100, pressing: .tamper)
            try harness.relaunch()
            let notices = try harness.store.deliverUnfinished()
            #expect(notices.map(\.tone) == [.error])
            let record = try #require(try harness.ledger.transaction(id: id))
            #expect(record.state == .purchased)
            #expect(record.finishedAt == nil)
            #expect(try harness.ledger.grant(forTransaction: id) == nil)
            #expect(try harness.ledger.balances().isEmpty)
            let kinds = try harness.eventKinds(of: id)
            #expect(kinds.filter { $0 == "transaction.invalid" }.count == 2)
            #expect(kinds.contains("transaction.redelivered"))
            #expect(!kinds.contains("grant") && !kinds.contains("transaction.finished"))
        }
    }

    // MARK: purchase() throws before any sheet

    @Test func aProductNotInTheCatalogThrowsProductUnavailable() throws {
        try withStore { harness in
            let report = try harness.store.beginPurchase(of: "com.example.stardust.nothing", in: "JPN", on: .storekit)
            #expect(report.sheet == nil)
            let notice = try #require(report.notice)
            #expect(notice.tone == .error)
            #expect(notice.text.contains("Product.PurchaseError.productUnavailable"), "\(notice.text)")
            #expect(try harness.ledger.transactionCount() == 0)
        }
    }

    @Test(arguments: [ProductStatus.unavailable, .draft])
    func aProductNotOnSaleThrowsProductUnavailable(_ status: ProductStatus) throws {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.gems100 })
        catalog.products[index].status = status
        try withStore(catalog: catalog) { harness in
            let report = try harness.store.beginPurchase(of: SKU.gems100, in: "JPN", on: .storekit)
            #expect(report.sheet == nil)
            #expect(report.notice?.text.contains("Product.PurchaseError.productUnavailable") == true)
            #expect(try harness.ledger.transactionCount() == 0)
        }
    }

    @Test func aProductWithNoPriceInTheStorefrontThrowsNotAvailableInStorefront() throws {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.gems100 })
        catalog.products[index].prices["JPN"] = nil
        try withStore(catalog: catalog) { harness in
            let report = try harness.store.beginPurchase(of: SKU.gems100, in: "JPN", on: .storekit)
            #expect(report.sheet == nil)
            let notice = try #require(report.notice)
            #expect(notice.tone == .error)
            #expect(notice.text.contains("StoreKitError.notAvailableInStorefront"), "\(notice.text)")
            #expect(try harness.ledger.transactionCount() == 0)
        }
    }

    @Test func anOwnedNonConsumableIsRefusedWithoutATransaction() throws {
        try withStore { harness in
            try harness.buyThroughStoreKit(SKU.removeAds)
            #expect(harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
            let count = try harness.ledger.transactionCount()
            let report = try harness.store.beginPurchase(of: SKU.removeAds, in: "JPN", on: .storekit)
            #expect(report.sheet == nil)
            let notice = try #require(report.notice)
            #expect(notice.text.contains("already own"), "\(notice.text)")
            #expect(notice.text.contains("nothing was charged"))
            #expect(try harness.ledger.transactionCount() == count)
            #expect(try harness.events(.purchaseIgnored).count == 1)
        }
    }

    @Test func aSecondPurchaseWhileTheSheetIsOpenIsIgnored() throws {
        try withStore { harness in
            let first = try harness.openStoreKit(SKU.gems100)
            let report = try harness.store.beginPurchase(of: SKU.removeAds, in: "JPN", on: .storekit)
            #expect(report.storeKitSheet == first, "the first sheet stays, unchanged")
            #expect(report.notice?.text.contains("already open") == true)
            #expect(try harness.ledger.transactionCount() == 1)
            #expect(try harness.events(.purchaseIgnored).count == 1)
            // The first purchase still goes through.
            try harness.send(.press)
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.grant(forTransaction: first.transactionId) != nil)
        }
    }

    /// The sheet is gone once the purchase settles: input after it changes nothing.
    @Test func inputWithNoSheetOpenDoesNothing() throws {
        try withStore { harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.gems100)
            let events = try harness.allEventKinds()
            let report = try harness.send(.pressButton(.buy))
            #expect(report.sheet == nil)
            #expect(try harness.allEventKinds() == events)
            #expect(try harness.ledger.transactionCount() == 1)
            #expect(try harness.ledger.grant(forTransaction: id)?.amount == 100)
        }
    }

    // MARK: Product.products(for:) and AppStore.sync()

    @Test func theProductsRequestAnswersTheAvailableProducts() throws {
        var catalog = try defaultCatalog()
        let index = try #require(catalog.products.firstIndex { $0.id == SKU.gems100 })
        catalog.products[index].status = .unavailable
        try withStore(catalog: catalog) { harness in
            let report = try harness.store.requestProducts(on: .storekit, attempt: 1)
            #expect(report.products?.path == .storekit)
            guard case .answered(let response)? = report.products?.outcome else {
                Issue.record("expected an answer, got \(String(describing: report.products))")
                return
            }
            let available = catalog.products.filter { $0.status == .available }.map(\.id)
            #expect(response.products.map(\.id) == available)
            #expect(!response.products.map(\.id).contains(SKU.gems100))
            #expect(response.invalidProductIdentifiers.isEmpty)
            let answered = try #require(try harness.events(.productsAnswered).last)
            #expect(answered.message.contains("\(available.count) products"), "\(answered.message)")
            #expect(answered.message.contains("1 absent"), "\(answered.message)")
        }
    }

    @Test func restoreSyncsAndListsWhatIsOwned() throws {
        try withStore { harness in
            try harness.buyThroughStoreKit(SKU.removeAds)
            let report = try harness.store.restore(on: .storekit)
            #expect(report.notice?.tone == .success)
            #expect(report.notice?.text.contains("Remove Ads") == true)
            let restored = try #require(try harness.events(.restored).last)
            #expect(restored.message.contains("AppStore.sync()"), "\(restored.message)")
            #expect(restored.message.contains("Remove Ads"))
            #expect(try harness.ledger.transactionCount() == 1, "restoring makes no transaction")
        }
    }

    /// The sheet went away with the app before an outcome: interrupted at the next launch.
    @Test func aStoreKitTransactionLeftPurchasingIsInterruptedAtLaunch() throws {
        try withStore { harness in
            let time = harness.now
            let crashed = try LedgerDatabase(path: harness.path)
            let id = String(format: "txn-%06d", try crashed.nextValue(ofSequence: "transaction"))
            try crashed.insert(TransactionRecord(id: id, productId: SKU.gems100, userId: "player-1", storefront: "JPN",
                                                 integrationPath: "storekit", state: .purchasing, quantity: 1,
                                                 price: "160", currency: "JPY", createdAt: time, updatedAt: time))
            try harness.relaunch()
            try harness.store.deliverUnfinished()
            let summary = try #require(harness.store.currentReport().snapshot.transactions.first)
            #expect(summary.path == .storekit)
            #expect(summary.failure == .interrupted)
            #expect(summary.isFinished)
        }
    }
}
