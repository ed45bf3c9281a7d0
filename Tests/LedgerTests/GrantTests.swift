import Foundation
import Testing
import Ledger

@Suite("Grants and balances")
struct GrantTests {
    @Test func aTransactionIsGrantedOnceEvenAcrossReopening() throws {
        try withTemporaryLedgerPath { path throws in
            let grant = GrantRecord(
                transactionId: "t-1", kind: .currency, key: "gems", amount: 500, grantedAt: date(100.25))
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1"))
                #expect(try ledger.recordGrant(grant) == true)
                // The redelivered transaction is granted again, with whatever the engine computes now.
                var again = grant
                again.amount = 999
                again.grantedAt = date(200)
                #expect(try ledger.recordGrant(again) == false)
                #expect(try ledger.balances() == ["gems": 500])
            }
            try withLedger(at: path) { ledger throws in
                // As after a crash between grant and finish.
                #expect(try ledger.recordGrant(grant) == false)
                #expect(try ledger.grant(forTransaction: "t-1") == grant)
                #expect(try ledger.grants() == [grant])
                #expect(try ledger.balances() == ["gems": 500])
            }
        }
    }

    @Test func balancesSumEveryCurrencyGrantPerKey() throws {
        try withTemporaryLedgerPath { path throws in
            let grants = [
                GrantRecord(transactionId: "t-1", kind: .currency, key: "gems", amount: 500, grantedAt: date(1)),
                GrantRecord(transactionId: "t-2", kind: .currency, key: "gems", amount: 1200, grantedAt: date(2)),
                GrantRecord(transactionId: "t-3", kind: .currency, key: "coins", amount: 75, grantedAt: date(3)),
                GrantRecord(transactionId: "t-4", kind: .currency, key: "gems", amount: -100, grantedAt: date(4)),
                GrantRecord(transactionId: "t-5", kind: .nonConsumable, key: "gems", amount: 1, grantedAt: date(5)),
                GrantRecord(
                    transactionId: "t-6", kind: .accessLevel, key: "premium", amount: 1,
                    expiresAt: date(86_400.5), grantedAt: date(6)),
            ]
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.balances().isEmpty)
                for grant in grants {
                    try ledger.insert(sampleTransaction(id: grant.transactionId))
                    #expect(try ledger.recordGrant(grant))
                }
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.balances() == ["gems": 1600, "coins": 75])
                #expect(try ledger.grant(forTransaction: "t-6")?.expiresAt == date(86_400.5))
                #expect(try ledger.grant(forTransaction: "t-missing") == nil)
            }
        }
    }

    @Test func grantsAreListedOldestFirst() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            for (id, time) in [("t-b", 20.0), ("t-a", 10.0), ("t-c", 30.0), ("t-d", 10.0)] {
                try ledger.insert(sampleTransaction(id: id))
                try ledger.recordGrant(GrantRecord(
                    transactionId: id, kind: .nonConsumable, key: "level.\(id)", amount: 1, grantedAt: date(time)))
            }
            #expect(try ledger.grants().map(\.transactionId) == ["t-a", "t-d", "t-b", "t-c"])
        }
    }

    @Test func aGrantNeedsAKnownTransaction() throws {
        try withTemporaryLedgerPath { path throws in
            let ledger = try LedgerDatabase(path: path)
            let orphan = GrantRecord(transactionId: "t-ghost", kind: .currency, key: "gems", amount: 5, grantedAt: date(1))
            #expect(throws: LedgerError.unknownTransaction(id: "t-ghost")) { try ledger.recordGrant(orphan) }
            #expect(try ledger.grants().isEmpty)
            #expect(try ledger.balances().isEmpty)
        }
    }
}
