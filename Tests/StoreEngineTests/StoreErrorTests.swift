import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// What goes wrong reaches the program as a `StoreError` with a sentence a person can act on:
/// which file, and the way out (`--state-dir`). Nothing above the engine sees the ledger's errors.
@Suite("Store: errors in words")
struct StoreErrorTests {
    /// The sentence a store opened on `path` fails with; nil if it opens.
    static func openingError(at path: String) throws -> StoreError? {
        do {
            _ = try Store(catalog: defaultCatalog(), ledgerPath: path, userId: "player-1")
            return nil
        } catch let error as StoreError {
            return error
        }
    }

    @Test func aDirectoryIsNotALedger() throws {
        try withTemporaryDirectory { directory in
            let error = try #require(try Self.openingError(at: directory))
            guard case .storage(let sentence) = error else {
                Issue.record("expected a storage error, got \(error)")
                return
            }
            #expect(sentence == "\(directory) is a directory, not a ledger file; move it away or pass --state-dir.")
            #expect(sentence.contains("--state-dir"))
            #expect(error.description == sentence)
            #expect(error.localizedDescription == sentence, "what `catch` prints is the sentence itself")
        }
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftUntouched() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/storefront.sqlite"
            let text = "notes, not a database\n"
            try text.write(toFile: path, atomically: true, encoding: .utf8)

            let error = try #require(try Self.openingError(at: path))
            #expect(error == .storage("\(path) is not a SQLite database, so the ledger left it untouched; "
                + "move it away or pass --state-dir."))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test func aLedgerInAMissingDirectoryCannotBeOpened() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/missing/storefront.sqlite"
            let error = try #require(try Self.openingError(at: path))
            guard case .storage(let sentence) = error else {
                Issue.record("expected a storage error, got \(error)")
                return
            }
            #expect(sentence.hasPrefix("Cannot open the ledger database \(path)"))
        }
    }

    @Test func aStorefrontNotInTheCatalogIsRefusedBeforeAnythingHappens() throws {
        try withStore { harness in
            #expect(throws: StoreError.unknownStorefront("MRS")) {
                _ = try harness.store.beginPurchase(of: SKU.gems100, in: "MRS", on: .paystation)
            }
            #expect(StoreError.unknownStorefront("MRS").description == "Storefront MRS is not in the catalog.")
            let events = try harness.allEventKinds()
            #expect(events.isEmpty)
        }
    }

    @Test func theStateDirectorySentenceNamesTheWayOut() {
        let error = StoreError.stateDirectory(path: "/nope/storefront", reason: "permission denied")
        #expect(error.description
            == "/nope/storefront: cannot create the state directory (permission denied); pass --state-dir DIR.")
    }

    @Test func errorsFromBelowArriveInTheEnginesWords() {
        let ledger = LedgerError.duplicateTransaction(id: "txn-000001")
        #expect(StoreError(ledger) == .storage(ledger.description))
        #expect(StoreError(StoreError.unknownStorefront("X")) == .unknownStorefront("X"), "kept as it is")
        struct Odd: Error {}
        guard case .storage(let sentence) = StoreError(Odd()) else {
            Issue.record("expected a storage error")
            return
        }
        #expect(sentence.hasPrefix("The ledger failed: "))
    }
}
