import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The typed transaction the engine hands up: state, why it failed, what the player reads and
/// what was charged, so nothing above the engine compares the ledger's strings.
@Suite("Store: typed transaction summaries")
struct TransactionSummaryTests {
    @Test func aPurchasedTransaction() throws {
        try withStore { harness in
            try harness.buy(SKU.gems100)
            let summary = try #require(harness.store.currentReport().snapshot.transactions.first)
            #expect(summary.state == .purchased)
            #expect(summary.failure == nil)
            #expect(summary.displayState == "purchased")
            #expect(summary.amountCharged == Decimal(string: "0.99"))
            #expect(summary.path == .paystation)
            #expect(summary.isFinished)
            #expect(summary.invoiceId == "100000001")
        }
    }

    @Test func aPurchaseStillUnderWayChargesNothingYet() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            let summary = try #require(harness.store.currentReport().snapshot.transactions.first)
            #expect(summary.state == .purchasing)
            #expect(summary.displayState == "purchasing")
            #expect(summary.amountCharged == 0)
            #expect(!summary.isFinished)
        }
    }

    @Test func aCancelledPaymentReadsAsCancelledNotAsAFailure() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            let report = try harness.send(.close)
            let summary = try #require(report.snapshot.transactions.first)
            #expect(summary.state == .failed)
            #expect(summary.failure == .paymentCancelled)
            #expect(summary.failure?.isError == false)
            #expect(summary.displayState == "cancelled")
            #expect(summary.amountCharged == 0)
        }
    }

    @Test func aDeclinedPaymentIsAFailure() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            let report = try harness.pay(card: Cards.declined)
            let summary = try #require(report.snapshot.transactions.first)
            #expect(summary.failure == .paymentDeclined)
            #expect(summary.failure?.isError == true)
            #expect(summary.displayState == "failed")
            #expect(summary.amountCharged == 0)
        }
    }

    @Test func anInterruptedPurchaseIsAFailure() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            try harness.relaunch()
            let report = try harness.store.launch()
            let summary = try #require(report.snapshot.transactions.first)
            #expect(summary.failure == .interrupted)
            #expect(summary.failure?.isError == true)
            #expect(summary.displayState == "failed")
        }
    }

    @Test func theSummariesReadAtLaunchEqualTheOnesKeptDuringTheRun() throws {
        // The panes are kept up to date from what the engine writes; a relaunch reads them from
        // the ledger. Both must say the same.
        try withStore { harness in
            try harness.buy(SKU.gems100)
            try harness.buy(SKU.removeAds, card: Cards.declined)
            try harness.open(SKU.monthlyPass)
            try harness.send(.close)
            let kept = harness.store.currentReport().snapshot
            try harness.relaunch()
            let read = harness.store.currentReport().snapshot
            #expect(read.transactions == kept.transactions)
            #expect(read.transactionCount == kept.transactionCount)
            #expect(read.balances == kept.balances)
            #expect(read.entitlements == kept.entitlements)
            #expect(read.events == kept.events)
        }
    }

    @Test(arguments: [
        ("paymentCancelled", FailureReason.paymentCancelled),
        ("payment declined", .paymentDeclined),
        ("interrupted: the app closed before the purchase had an outcome", .interrupted),
        ("userCancelled", .userCancelled),
        ("StoreKitError.networkError", .storeKit(.networkError)),
        ("Product.PurchaseError.ineligibleForOffer", .storeKit(.ineligibleForOffer)),
        ("Ask to Buy declined", .askToBuyDeclined),
        ("card stolen", .other("card stolen")),
    ])
    func failureReasonsRoundTripThroughTheLedgersWords(_ recorded: String, _ reason: FailureReason) {
        #expect(FailureReason(recorded: recorded) == reason)
        #expect(reason.recorded == recorded)
        #expect(reason.description == recorded)
    }

    /// Ledgers written before StoreKit was built said Pay Station in the interruption's words.
    @Test func anInterruptionInOlderWordsIsStillAnInterruption() {
        #expect(FailureReason(recorded: "interrupted: the app closed before Pay Station answered") == .interrupted)
    }

    @Test func cancellingIsNotAnErrorOnEitherPath() {
        #expect(!FailureReason.userCancelled.isError)
        #expect(!FailureReason.paymentCancelled.isError)
        #expect(FailureReason.storeKit(.networkError).isError)
        #expect(FailureReason.askToBuyDeclined.isError)
    }

    @Test func chargedIsPriceTimesQuantityInDecimal() throws {
        let time = TestClock.start
        var summary = TransactionSummary(id: "txn-000001", productId: SKU.gems100, userId: "player-1", storefront: "USA",
                                         path: .paystation, state: .purchased, quantity: 3, price: "0.1",
                                         currency: "USD", createdAt: time, updatedAt: time)
        // 0.1 × 3 is exactly 0.3 in decimal, which binary floating point would miss.
        #expect(summary.amountCharged == (try #require(Decimal(string: "0.3"))))
        summary.state = .restored
        #expect(summary.amountCharged == 0, "a restore charges nothing")
        summary.state = .purchased
        summary.charge = "not a price"
        #expect(summary.amountCharged == 0)
    }

    @Test func aPathThisBuildDoesNotKnowReadsAsNoPath() throws {
        try withStore { harness in
            let time = harness.now
            try harness.ledger.insert(TransactionRecord(
                id: "txn-900000", productId: SKU.gems100, userId: "player-1", storefront: "USA",
                integrationPath: "steam", state: .failed, quantity: 1, price: "0.99", currency: "USD",
                error: "payment declined", createdAt: time, updatedAt: time, finishedAt: time))
            try harness.relaunch()
            let summary = try #require(harness.store.currentReport().snapshot.transactions.first)
            #expect(summary.path == nil)
            #expect(summary.failure == .paymentDeclined)
        }
    }

    /// From the ledger alone: the locale kept with the transaction, else the usual one of its
    /// currency (a row from before locales were kept), whatever catalog is at hand.
    @Test func theRecordedChargeReadsInTheKeptLocaleElseTheCurrencysOwn() {
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        var summary = TransactionSummary(id: "t", productId: "gems", userId: "u", storefront: "DEU", path: .paystation,
                                         state: .purchased, price: "5.49", currency: "EUR", createdAt: time,
                                         updatedAt: time, locale: "en_IE")
        #expect(summary.chargeText == "€5.49")
        summary.locale = nil
        #expect(summary.chargeText == "5,49\u{A0}€", "EUR falls back to de_DE")
        #expect(RecordedAmount.defaultLocale(forCurrency: "JPY") == "ja_JP")
        #expect(RecordedAmount.format(1.5, currency: "CHF", storefront: "CHE", locale: nil) == "CHF\u{A0}1.50")
    }
}
