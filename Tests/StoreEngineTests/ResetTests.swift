import Catalog
import Foundation
import Testing
import StoreEngine

/// `storefront reset` removes a state directory's ledger, and never from under a running app:
/// it takes the app's lock first, so while an app holds it, nothing is removed.
@Suite("StateDirectory: reset")
struct ResetTests {
    @Test func resetRemovesTheLedgerAndItsSiblings() throws {
        try withTemporaryDirectory { root throws in
            let directory = StateDirectory(path: root)
            do {
                let store = try directory.openStore(catalog: defaultCatalog(), user: "qa")
                _ = try store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            }
            #expect(try directory.reset() == .removed([directory.ledgerPath]))
            #expect(!FileManager.default.fileExists(atPath: directory.ledgerPath))
            #expect(try directory.reset() == .removed([]), "nothing left to remove")
        }
    }

    @Test func resettingAMissingStateDirectoryCreatesNothing() throws {
        try withTemporaryDirectory { root throws in
            let directory = StateDirectory(path: root + "/never")
            #expect(try directory.reset() == .removed([]))
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }

    /// The bug of issue 7: reset deleted the database under a running app, whose next
    /// purchases then vanished.
    @Test func resetIsRefusedWhileAnAppRunsAndTheAppKeepsItsLedger() throws {
        try withTemporaryDirectory { root throws in
            let directory = StateDirectory(path: root)
            let store = try directory.openStore(catalog: defaultCatalog(), user: "qa")
            #expect(try directory.reset() == .inUse(pid: getpid()))
            #expect(FileManager.default.fileExists(atPath: directory.ledgerPath))

            _ = try store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            for character in Cards.success + "\r1240\r123\r" {
                _ = try store.send(.payStation(character == "\r" ? .submit : .type(character)))
            }
            _ = try store.send(.payStation(.submit))
            #expect(try directory.history().value?.balances == ["gems": 100], "the purchase is in the ledger on disk")
        }
    }

    @Test func aFileThatCannotBeRemovedIsNamed() throws {
        try withTemporaryDirectory { root throws in
            let directory = StateDirectory(path: root)
            _ = try directory.openStore(catalog: defaultCatalog(), user: "qa")
            struct Refused: LocalizedError { var errorDescription: String? { "Operation not permitted" } }
            #expect(try directory.reset(removingWith: { _ in throw Refused() })
                == .stopped(file: directory.ledgerPath, reason: "Operation not permitted", removed: []))
            #expect(FileManager.default.fileExists(atPath: directory.ledgerPath))
        }
    }
}
