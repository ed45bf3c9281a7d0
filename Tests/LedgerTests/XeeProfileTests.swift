import Foundation
import Testing
@testable import Ledger

/// Schema 7: the Xee server's profiles, one row per player and access level.
@Suite("Xee profiles")
struct XeeProfileTests {
    private func access(_ level: String, user: String = "u-1", source: String, at seconds: TimeInterval) -> XeeAccessRecord {
        XeeAccessRecord(userId: user, level: level, transactionId: "t-1", expiresAt: date(1_700_100_000),
                        willRenew: true, source: source, updatedAt: date(seconds))
    }

    @Test func aLevelIsRecordedThenReplacedAndReadBackPerPlayer() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                try ledger.recordXeeAccess(access("premium", source: "notification", at: 1_700_000_000))
                try ledger.recordXeeAccess(access("premium", source: "verifiedWithApple", at: 1_700_000_010))
                try ledger.recordXeeAccess(access("vip", source: "restore", at: 1_700_000_020))
                try ledger.recordXeeAccess(access("premium", user: "u-2", source: "notification", at: 1_700_000_030))
            }
            let read = try withLedger(at: path) { try $0.xeeAccess(user: "u-1") }
            #expect(read.map(\.level) == ["premium", "vip"])
            #expect(read.first?.source == "verifiedWithApple")
            #expect(read.first?.updatedAt == date(1_700_000_010))
            #expect(read.first?.expiresAt == date(1_700_100_000))
            #expect(try withLedger(at: path) { try $0.xeeAccess(user: "u-2") }.count == 1)
            #expect(try withLedger(at: path) { try $0.xeeAccess(user: "nobody") }.isEmpty)
        }
    }
}
