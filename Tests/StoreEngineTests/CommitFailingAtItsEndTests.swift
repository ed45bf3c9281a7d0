import Catalog
import Foundation
@testable import Ledger
import Testing
@testable import StoreEngine

private struct CommitFault: Error {}

/// A commit that fails at its very end, after the path has decided (a full disk at COMMIT, an
/// I/O error at the write-ahead log's append): a write kept for the next commit that throws
/// stands in for it, since `inTransaction` makes those writes just before COMMIT and rolls back
/// when one fails. What a path keeps in memory follows the ledger (`PathContext.onceCommitted`):
/// a sheet opened by a rolled-back commit is not shown, one whose outcome was rolled back stays.
@Suite("A commit that fails at its end leaves each sheet as the ledger has it")
struct CommitFailingAtItsEndTests {
    private func failNextCommit(_ harness: StoreHarness) {
        harness.ledger.writeWithNextCommit("test.failingCommit") { throw CommitFault() }
    }

    private func clearFault(_ harness: StoreHarness) {
        harness.ledger.writeWithNextCommit("test.failingCommit") {}
    }

    @Test func storeKitBuyWhoseCommitFailsKeepsItsSheet() throws {
        try withStore { harness in
            let sheet = try harness.openStoreKit(SKU.gems100)
            failNextCommit(harness)
            #expect(throws: (any Error).self) { try harness.send(.pressButton(.buy)) }
            clearFault(harness)
            #expect(try harness.ledger.transaction(id: sheet.transactionId)?.state == .purchasing)
            #expect(harness.store.currentReport().storeKitSheet != nil, "the sheet stays to try again")
        }
    }

    @Test func storeKitOpenWhoseCommitFailsShowsNoSheet() throws {
        try withStore { (harness: StoreHarness) throws -> Void in
            failNextCommit(harness)
            #expect(throws: (any Error).self) {
                try harness.store.beginPurchase(of: SKU.gems100, in: "JPN", on: .storekit)
            }
            clearFault(harness)
            let shown = harness.store.currentReport().storeKitSheet
            #expect(shown == nil, "a sheet for \(shown?.transactionId ?? "-") that the ledger does not hold")
            if let shown {
                #expect(try harness.ledger.transaction(id: shown.transactionId) != nil)
            }
        }
    }

    @Test func xeeBuyWhoseCommitFailsKeepsItsSheet() throws {
        try withStore { harness in
            _ = try harness.store.configureXee(XeeServerSettings(hasInAppPurchaseKey: true))
            _ = try harness.store.beginPurchase(of: SKU.weeklyPass, in: "USA", on: .xee)
            failNextCommit(harness)
            #expect(throws: (any Error).self) { try harness.send(.pressButton(.buy)) }
            clearFault(harness)
            #expect(harness.store.currentReport().sheet != nil, "the sheet stays to try again")
        }
    }

    @Test func playBuyWhosePaymentCommitFailsKeepsItsSheet() throws {
        try withStore { harness in
            let sheet = try harness.openPlay(SKU.gems100)
            failNextCommit(harness)
            #expect(throws: (any Error).self) { try harness.sendPlay(.buy) }
            clearFault(harness)
            #expect(try harness.playRecords.purchase(of: sheet.transactionId) == nil, "the payment was rolled back")
            #expect(harness.store.currentReport().playSheet != nil, "the sheet stays to try again")
        }
    }

    @Test func payStationCancelWhoseCommitFailsKeepsItsPage() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            failNextCommit(harness)
            #expect(throws: (any Error).self) { try harness.send(.close) }
            clearFault(harness)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchasing)
            #expect(harness.page != nil, "the page stays: its closing was rolled back")
        }
    }
}

/// Due work is one commit with its letting go, whatever durable step it reaches in between (Pay
/// Station's `done` after `delivering`): a failure anywhere in it leaves the work due, to settle
/// the payment on the next call, never half of it committed and the work let go.
@Suite("Due work is one commit, whatever step it reaches")
struct DueWorkIsOneCommitTests {
    @Test func paidWhileDeliveringSettlesInOneCommit() throws {
        try withStore(catalog: redirectCatalog(.none)) { harness in
            let session = try harness.open(SKU.gems100)
            try harness.pay(card: Cards.delivering)
            var reached: [StoreCheckpoint] = []
            var commitsWhenReached: [Int] = []
            harness.store.checkpoint = { [ledger = harness.ledger] step in
                reached.append(step)
                commitsWhenReached.append(ledger.commitCount)
            }
            let before = harness.ledger.commitCount
            harness.clock.advance(by: TestCard.deliveringSeconds)
            _ = try harness.store.runDue()
            #expect(try harness.ledger.transaction(id: session.transactionId)?.state == .purchased)
            #expect(harness.ledger.commitCount - before == 1, "the status, the page's closing and the delivery")
            #expect(reached == [.paid, .finished])
            #expect(commitsWhenReached == [before + 1, before + 1], "each step heard once its commit is on disk")
        }
    }
}
