import Foundation
import Ledger
import Testing

/// `withSignedTransaction(ofTransaction:)`, the read behind the App Store Server API's Get
/// Transaction Info: a transaction's JWS alone, as a reading connection finds it at each call,
/// so nothing it answers is older than the last commit.
@Suite("Reading a transaction's JWS alone")
struct SignedTransactionReadTests {
    /// The JWS as the call lends it, nil when it said there was none.
    private func jws(_ reader: LedgerDatabase, _ id: String) throws -> String? {
        var text: String?
        let found = try reader.withSignedTransaction(ofTransaction: id) { text = String(decoding: $0, as: UTF8.self) }
        #expect(found == (text != nil), "the answer says whether the bytes were lent")
        return text
    }

    @Test func itIsTheJWSAndEachSigningIsReadAtOnce() throws {
        try withTemporaryLedgerPath { path in
            let writer = try LedgerDatabase(path: path)
            try writer.insert(sampleTransaction(id: "t-1"))
            let reader = try LedgerDatabase(readingOnly: path)
            #expect(try jws(reader, "t-1") == nil, "a transaction another store made has no JWS")
            #expect(try jws(reader, "t-2") == nil, "nor has an id no transaction has")
            try writer.recordSignedTransaction("a.b.c", ofTransaction: "t-1")
            #expect(try jws(reader, "t-1") == "a.b.c")
            // A refund or a renewal signs it again: the very next read has the new one, as
            // the whole record read on the same connection does.
            try writer.recordSignedTransaction("d.e.f", ofTransaction: "t-1")
            #expect(try jws(reader, "t-1") == "d.e.f")
            #expect(try reader.transaction(id: "t-1")?.signedTransaction == "d.e.f")
            #expect(try jws(reader, "t-1") == "d.e.f", "a kept statement read again reads afresh")
            try writer.recordSignedTransaction("", ofTransaction: "t-1")
            #expect(try jws(reader, "t-1") == "", "an empty JWS is one, not none")
        }
    }
}
