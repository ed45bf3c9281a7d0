import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// StoreKit 2 and Xee are not built yet: a purchase or a restore on them says so and records
/// nothing at all, not even an event (no commit is made).
@Suite("Store: the paths that are not built yet")
struct NotBuiltPathTests {
    @Test(arguments: [IntegrationPath.xee])
    func aPurchaseSaysThePathIsNotBuiltAndRecordsNothing(_ path: IntegrationPath) throws {
        try withStore { harness in
            let commits = harness.store.commitCount
            let report = try harness.store.beginPurchase(of: SKU.gems100, in: "JPN", on: path)
            let notice = try #require(report.notice)
            #expect(notice.tone == .info)
            #expect(notice.text.contains("The \(path.displayName) path is not built yet"))
            #expect(report.sheet == nil)
            #expect(try harness.ledger.transactionCount() == 0)
            #expect(try harness.allEventKinds().isEmpty)
            #expect(harness.store.commitCount == commits)
        }
    }

    @Test(arguments: [IntegrationPath.xee])
    func aRestoreSaysThePathIsNotBuiltAndRecordsNothing(_ path: IntegrationPath) throws {
        try withStore { harness in
            try harness.buy(SKU.removeAds)
            let events = try harness.allEventKinds()
            let commits = harness.store.commitCount
            let notice = try #require(try harness.store.restore(on: path).notice)
            #expect(notice.text.contains("not built yet"))
            #expect(try harness.allEventKinds() == events)
            #expect(harness.store.commitCount == commits)
        }
    }

    @Test(arguments: [IntegrationPath.xee])
    func aProductsRequestAnswersTheAvailableProductsAndLogsNothing(_ path: IntegrationPath) throws {
        try withStore { harness in
            let report = try harness.store.requestProducts(on: path, attempt: 1)
            #expect(report.products?.path == path)
            guard case .answered(let response)? = report.products?.outcome else {
                Issue.record("expected an answer, got \(String(describing: report.products))")
                return
            }
            #expect(response.products.map(\.id) == harness.catalog.products.map(\.id))
            #expect(response.invalidProductIdentifiers.isEmpty)
            #expect(try harness.allEventKinds().isEmpty)
        }
    }

    @Test func inputForThemFallsToNoSheet() throws {
        try withStore { harness in
            _ = try harness.store.beginPurchase(of: SKU.gems100, in: "JPN", on: .xee)
            #expect(try harness.send(.submit).sheet == nil)
        }
    }

    @Test func aStoreKitTransactionLeftPurchasingIsInterruptedAtLaunch() throws {
        try withStore { harness in
            let time = harness.now
            let crashed = try Ledger(path: harness.path)
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
