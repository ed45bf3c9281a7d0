import Catalog
import Foundation
import StoreEngine
import Testing
@testable import Scenarios

/// A scenario whose ledger cannot be used (damaged, empty, read-only, on a full disk) did not
/// go wrong as a script: it ends with an I/O error on the line that launched the app (exit 74,
/// like the app), not a script error (64), and the ledger is left as it was.
@Suite("Runner: a ledger that cannot be used")
struct LedgerFailureTests {
    private func run(on state: StateDirectory, in scratch: ScratchDirectory) throws -> ScenarioResult {
        var options = try options(in: scratch)
        options.stateDirectory = state.path
        let file = try scratch.write("on-state.scenario", "size 80x24\nexpect transactions 0\n")
        return ScenarioRunner.run(file, options: options)
    }

    @Test func aDamagedLedgerIsAnIOError() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let state = StateDirectory(path: scratch.file("state"))
        // A ledger made and closed here, so all of it is in the file (the log folded in at close).
        do {
            let lock = try state.lock()
            defer { lock.release() }
            _ = try state.openStore(catalog: try CatalogFile.load(text: tinyCatalog, file: "tiny.json"), user: "qa", lock: lock)
        }
        try #require(!FileManager.default.fileExists(atPath: state.ledgerPath + "-wal"))
        // Every page after the first scribbled over: the check at open finds it.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: state.ledgerPath))
        try (bytes.prefix(4096) + Data(repeating: 0xA5, count: bytes.count - 4096)).write(to: URL(fileURLWithPath: state.ledgerPath))
        let damaged = try Data(contentsOf: URL(fileURLWithPath: state.ledgerPath))

        let result = try run(on: state, in: scratch)
        guard case .ioError(let error) = result.outcome else {
            Issue.record("not an I/O error: \(result.summary)")
            return
        }
        #expect(error.line == 2)
        #expect(error.message.hasPrefix("\(state.ledgerPath) is damaged ("), "\(error.message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: state.ledgerPath)) == damaged)
    }

    @Test func anEmptyLedgerIsAnIOError() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let state = StateDirectory(path: scratch.file("state"))
        try state.create()
        #expect(FileManager.default.createFile(atPath: state.ledgerPath, contents: Data()))
        let result = try run(on: state, in: scratch)
        guard case .ioError(let error) = result.outcome else {
            Issue.record("not an I/O error: \(result.summary)")
            return
        }
        #expect(error.message.contains("is empty (0 bytes)"))
    }

    /// What the runner's outcome is decided by: the engine's failures that are the disk's or
    /// the ledger's, not the script's.
    @Test func whichEngineErrorsAreTheLedgers() {
        #expect(StoreError.diskFull(path: "/s/storefront.sqlite").isStorageFailure)
        #expect(StoreError.storage("/s/storefront.sqlite is damaged").isStorageFailure)
        #expect(StoreError.stateLock(path: "/s/storefront.lock", reason: "the disk is full").isStorageFailure)
        #expect(StoreError.clockOffTheCalendar(path: "/s/storefront.sqlite").isStorageFailure)
        #expect(!StoreError.unknownStorefront("XYZ").isStorageFailure)
        #expect(!StoreError.stateDirectoryInUse(path: "/s", pid: 1).isStorageFailure)
    }
}
