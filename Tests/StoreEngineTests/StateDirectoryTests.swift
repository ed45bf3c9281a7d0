import Catalog
import Foundation
@testable import Ledger
import StoreEngine
import Testing

/// The state directory (`--state-dir`): where the ledger lives, which player a launch is, and
/// what `storefront history` prints. Commands above the engine reach the ledger only through it.
@Suite("StateDirectory")
struct StateDirectoryTests {
    @Test func theOptionThenXDGThenHome() {
        let environment = ["XDG_STATE_HOME": "/xdg", "HOME": "/home/qa"]
        #expect(StateDirectory.chosen(option: "/opt/state", environment: environment).path == "/opt/state")
        #expect(StateDirectory.chosen(option: nil, environment: environment).path == "/xdg/storefront")
        #expect(StateDirectory.chosen(option: nil, environment: ["XDG_STATE_HOME": "", "HOME": "/home/qa"]).path
            == "/home/qa/.local/state/storefront", "an empty XDG_STATE_HOME is unset")
    }

    @Test func theLedgerAndItsSiblings() {
        let directory = StateDirectory(path: "/state")
        #expect(directory.ledgerPath == "/state/storefront.sqlite")
        #expect(directory.ledgerFiles == ["/state/storefront.sqlite", "/state/storefront.sqlite-wal",
                                          "/state/storefront.sqlite-shm", "/state/storefront.sqlite-checked",
                                          "/state/storefront.sqlite-checked.new"])
    }

    @Test func createMakesAPrivateDirectory() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root + "/a/b")
            try directory.create()
            try directory.create()  // again: it exists, which is fine
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        }
    }

    @Test func aDirectoryThatCannotBeMadeSaysSo() throws {
        try withTemporaryDirectory { root in
            try "a file".write(toFile: root + "/file", atomically: true, encoding: .utf8)
            let directory = StateDirectory(path: root + "/file/state")
            #expect {
                try directory.create()
            } throws: { error in
                guard case .stateDirectory(let path, let reason)? = error as? StoreError else { return false }
                // The system's reason, not Foundation's "The operation could not be completed".
                return path == directory.path && reason == "Not a directory"
            }
        }
    }

    // MARK: Which player

    @Test func theOptionWinsButIsNotKept() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            var catalog = try defaultCatalog()
            catalog.settings.customUserId = "from-catalog"
            #expect(try directory.openStore(catalog: catalog, user: "qa-7").userId == "qa-7")
            catalog.settings.customUserId = nil
            let kept = try directory.openStore(catalog: catalog, user: nil).userId
            #expect(kept != "qa-7")
        }
    }

    @Test func theCatalogsCustomUserIdComesNext() throws {
        try withTemporaryDirectory { root in
            var catalog = try defaultCatalog()
            catalog.settings.customUserId = "from-catalog"
            #expect(try StateDirectory(path: root).openStore(catalog: catalog, user: nil).userId == "from-catalog")
        }
    }

    @Test func withoutEitherANewPlayerIsMadeAndKept() throws {
        try withTemporaryDirectory { root in
            let catalog = try defaultCatalog()
            let directory = StateDirectory(path: root + "/state")
            let made = try directory.openStore(catalog: catalog, user: nil).userId
            #expect(made.hasPrefix("player-"))
            #expect(made.count == "player-".count + 8)
            #expect(try directory.openStore(catalog: catalog, user: nil).userId == made, "the same player next launch")
            // Another state directory is another player.
            let other = try StateDirectory(path: root + "/other").openStore(catalog: catalog, user: nil).userId
            #expect(other != made)
        }
    }

    @Test func aStateDirectoryWhoseLedgerIsNotSQLiteThrowsTheSentence() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            try "junk".write(toFile: directory.ledgerPath, atomically: true, encoding: .utf8)
            #expect {
                _ = try directory.openStore(catalog: defaultCatalog(), user: "qa")
            } throws: { error in
                guard case .storage(let sentence)? = error as? StoreError else { return false }
                return sentence.contains("is not a SQLite database")
            }
        }
    }

    // MARK: History

    /// `history` only reads: on a mistyped `--state-dir` it says there is no ledger there and
    /// creates nothing, neither the directory nor a ledger.
    @Test func theHistoryOfAMissingStateDirectorySaysSoAndCreatesNothing() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root + "/mistyped")
            #expect(try directory.history().value == nil, "no ledger there")
            #expect(!FileManager.default.fileExists(atPath: directory.path))

            try directory.create()
            #expect(try directory.history().value == nil, "no ledger there")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test func theHistoryOfAForeignFileLeavesItByteIdentical() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            // A SQLite file of another program: the header with user_version 0, and a table.
            let original = try Data(contentsOf: URL(fileURLWithPath: Self.foreignDatabase(in: root)))
            try original.write(to: URL(fileURLWithPath: directory.ledgerPath))
            #expect(throws: StoreError.self) { try directory.history() }
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory.ledgerPath)) == original)
        }
    }

    /// A small database of another program, written by SQLite itself in its default journal mode.
    private static func foreignDatabase(in root: String) throws -> String {
        let path = root + "/other.db"
        try SQLiteDatabase(path: path).execute("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('milk');")
        return path
    }

    @Test func theHistoryListsEveryPlayerNewestFirst() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            try directory.create()
            let path = directory.ledgerPath
            let harness = try StoreHarness(path: path, catalog: defaultCatalog(), userId: "player-1")
            try harness.buy(SKU.gems100)
            harness.clock.advance(by: 60)
            let other = try harness.secondStore(userId: "player-2")
            _ = try other.beginPurchase(of: SKU.removeAds, in: "USA", on: .paystation)

            let history = try #require(try directory.history().value)
            #expect(history.transactions.map(\.id) == ["txn-000002", "txn-000001"])
            #expect(history.transactions.map(\.userId) == ["player-2", "player-1"])
            #expect(history.transactions.map(\.state) == [.purchasing, .purchased])
            #expect(history.balances == ["gems": 100])
        }
    }

    /// `history` reads every player's state from the ledger alone: each player's balances and
    /// entitlements with their store, and whether each paid transaction verifies.
    @Test func theHistoryTellsEachPlayersStateWithoutACatalog() throws {
        try withTemporaryDirectory { root in
            let directory = StateDirectory(path: root)
            try directory.create()
            let harness = try StoreHarness(path: directory.ledgerPath, catalog: defaultCatalog(), userId: "player-1")
            try harness.buy(SKU.removeAds)
            let other = try harness.secondStore(userId: "player-2")
            _ = try other.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)

            let history = try #require(try directory.history().value)
            #expect(history.players.map(\.userId) == ["player-1", "player-2"])
            let owned = try #require(history.players.first?.entitlements.first)
            #expect(owned.id == "no_ads" && owned.isActive && owned.stores == [.xsolla])
            #expect(history.players.last?.entitlements.isEmpty == true)
            #expect(history.verification == ["txn-000001": .verified], "an open purchase is not signed yet")
            #expect(history.transactions.first { $0.id == "txn-000001" }?.locale == "en_US")
        }
    }
}
