import Foundation
import StoreEngine
import Testing

/// `--state-dir` naming a regular file: the app said `cannot create the state directory (File
/// exists)` and `history` `There is no ledger at afile/storefront.sqlite`, both true of
/// something else. Every use of the state directory now says the path is a file, not a
/// directory, and what to do; the file is left as it was.
@Suite("A state path that is a file")
struct StatePathIsAFileTests {
    private func withFile(_ body: (String) throws -> Void) throws {
        try withTemporaryDirectory { root in
            let file = root + "/afile"
            try "not a folder\n".write(toFile: file, atomically: true, encoding: .utf8)
            try body(file)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder\n")
        }
    }

    @Test func everyUseOfTheDirectorySaysItIsAFile() throws {
        try withFile { file in
            let directory = StateDirectory(path: file)
            let refusal = StoreError.stateDirectoryNotADirectory(path: file, kind: "a file")
            #expect(throws: refusal) { try directory.create() }
            #expect(throws: refusal) { try directory.lock() }
            #expect(throws: refusal) { try directory.openStore(catalog: try defaultCatalog(), user: "qa") }
            #expect(throws: refusal) { try directory.history() }
            #expect(throws: refusal) { try directory.checkLedger() }
            #expect(throws: refusal) { try directory.publicKeyPEM() }
            #expect(throws: refusal) { try directory.reset() }
            #expect(refusal.description == "\(file) is a file, not a directory, so it cannot be the state directory; move "
                + "it away, or pass --state-dir DIR naming a directory (one that is missing is made).")
            #expect(refusal.isStorageFailure)
        }
    }
}
