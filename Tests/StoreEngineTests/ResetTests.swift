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
            #expect(try directory.reset() == [directory.ledgerPath])
            #expect(!FileManager.default.fileExists(atPath: directory.ledgerPath))
            #expect(try directory.reset() == [], "nothing left to remove")
        }
    }

    @Test func resettingAMissingStateDirectoryCreatesNothing() throws {
        try withTemporaryDirectory { root throws in
            let directory = StateDirectory(path: root + "/never")
            #expect(try directory.reset() == [])
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }

    /// The bug of issue 7: reset deleted the database under a running app, whose next
    /// purchases then vanished.
    @Test func resetIsRefusedWhileAnAppRunsAndTheAppKeepsItsLedger() throws {
        try withTemporaryDirectory { root throws in
            let directory = StateDirectory(path: root)
            let store = try directory.openStore(catalog: defaultCatalog(), user: "qa")
            #expect(throws: StoreError.resetWhileInUse(path: directory.path, pid: getpid())) { _ = try directory.reset() }
            #expect(FileManager.default.fileExists(atPath: directory.ledgerPath))

            _ = try store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            for character in Cards.success + "\r1240\r123\r" {
                _ = try store.send(.payStation(character == "\r" ? .submit : .type(character)))
            }
            _ = try store.send(.payStation(.submit))
            #expect(try directory.history().balances == ["gems": 100], "the purchase is in the ledger on disk")
        }
    }

    @Test func theRefusalNamesThePid() {
        #expect(StoreError.resetWhileInUse(path: "/s", pid: 4242).description
            == "Cannot reset /s while a storefront runs on it (pid 4242); quit that one first, then reset again.")
    }

    @Test func aFileThatCannotBeRemovedIsNamed() throws {
        try withTemporaryDirectory { root throws in
            let directory = StateDirectory(path: root)
            _ = try directory.openStore(catalog: defaultCatalog(), user: "qa")
            struct Refused: LocalizedError { var errorDescription: String? { "Operation not permitted" } }
            #expect(throws: StoreError.cannotRemove(path: directory.ledgerPath, reason: "Operation not permitted")) {
                _ = try directory.reset(removingWith: { _ in throw Refused() })
            }
            #expect(StoreError.cannotRemove(path: "/s/storefront.sqlite", reason: "Operation not permitted").description
                == "/s/storefront.sqlite: cannot be removed (Operation not permitted); nothing after it was removed.")
        }
    }
}
