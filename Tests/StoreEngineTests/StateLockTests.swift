import Catalog
import Foundation
import Ledger
import Testing
import StoreEngine

/// One app per state directory: an advisory lock (`flock`) on `storefront.lock`,
/// holding the pid, taken before the ledger is opened and held for the store's life. Two opens
/// of the lock file conflict even inside one process (flock belongs to the open file), so one
/// test process stands in for two apps.
@Suite("StateDirectory: one app at a time")
struct StateLockTests {
    @Test func aSecondStoreOnABusyStateDirectoryIsRefusedBeforeTheLedgerIsOpened() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root + "/state")
            let first = try directory.lock()
            defer { first.release() }
            #expect(throws: StoreError.stateDirectoryInUse(path: directory.path, pid: getpid())) {
                _ = try directory.openStore(catalog: defaultCatalog(), user: "qa")
            }
            #expect(!FileManager.default.fileExists(atPath: directory.ledgerPath), "the ledger was never opened")
        }
    }

    /// The bug of issue 7: a second app closed the first one's open purchase as interrupted at
    /// its launch; the first then paid, and the payment was lost.
    @Test func theFirstAppsOpenPurchaseSurvivesASecondAppStarting() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            let catalog = try defaultCatalog()
            let first = try directory.openStore(catalog: catalog, user: "qa")
            let opened = try first.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            #expect(opened.sheet != nil)

            #expect(throws: StoreError.self) {
                let second = try directory.openStore(catalog: catalog, user: "qa")
                _ = try second.launch()
            }

            for character in Cards.success + "\r1240\r123\r" {
                _ = try first.send(.payStation(character == "\r" ? .submit : .type(character)))
            }
            let paid = try first.send(.payStation(.submit))  // Enter on the paid page: back to the game now
            #expect(paid.snapshot.transactions.first?.state == .purchased)
            #expect(paid.snapshot.balances == ["gems": 100])
        }
    }

    @Test func theLockIsFreeOnceReleasedAndHoldsThePid() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            let first = try directory.lock()
            #expect(try String(contentsOfFile: directory.lockPath, encoding: .utf8) == "\(getpid())\n")
            first.release()
            first.release()  // twice is harmless
            let second = try directory.lock()
            second.release()
        }
    }

    @Test func aStoreHoldsItsLockForItsLife() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            var store: Store? = try directory.openStore(catalog: defaultCatalog(), user: "qa")
            #expect(throws: StoreError.self) { try directory.lock().release() }
            withExtendedLifetime(store) {}
            store = nil
            try directory.lock().release()
        }
    }

    /// A killed app leaves its pid in the file, but the kernel released its lock: that is free.
    @Test func aStaleLockFileDoesNotBlock() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            try "999999\n".write(toFile: directory.lockPath, atomically: true, encoding: .utf8)
            let store = try directory.openStore(catalog: defaultCatalog(), user: "qa")
            #expect(try String(contentsOfFile: directory.lockPath, encoding: .utf8) == "\(getpid())\n")
            withExtendedLifetime(store) {}
        }
    }

    /// `history` reads beside a running app.
    @Test func historyWorksWhileAnAppRuns() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            let store = try directory.openStore(catalog: defaultCatalog(), user: "qa")
            _ = try store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            #expect(try directory.history().value?.transactions.map(\.state) == [.purchasing])
        }
    }

    @Test func theRefusalNamesThePidAndTheWayOut() {
        #expect(StoreError.stateDirectoryInUse(path: "/s", pid: 4242).description
            == "/s is in use by another storefront (pid 4242); quit that one first, or pass --state-dir DIR to run on another state directory.")
        #expect(StoreError.stateDirectoryInUse(path: "/s", pid: nil).description
            == "/s is in use by another storefront; quit that one first, or pass --state-dir DIR to run on another state directory.")
    }

    /// A lock that cannot be taken for another reason says why, with the lock file's path.
    @Test func aLockFileThatCannotBeOpenedSaysSo() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            try FileManager.default.createDirectory(atPath: directory.lockPath, withIntermediateDirectories: false)
            #expect {
                try directory.lock().release()
            } throws: { error in
                guard case .stateLock(let path, _)? = error as? StoreError else { return false }
                return path == directory.lockPath
            }
            #expect(StoreError.stateLock(path: "/s/storefront.lock", reason: "Is a directory").description
                == "/s/storefront.lock: cannot lock the state directory (Is a directory); pass --state-dir DIR.")
        }
    }
}
