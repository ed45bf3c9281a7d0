import Foundation
import Testing
@testable import Ledger

/// What the engine's account reads at launch instead of every grant: currency summed by path,
/// and the lasting grants alone.
@Suite("Grant totals and lasting grants")
struct GrantTotalsTests {
    /// Six of user-42's transactions (two paths) and one of another player, each granted.
    private func fill(_ ledger: LedgerDatabase) throws -> [GrantRecord] {
        let paths = ["paystation", "storekit", "storekit", "paystation", "storekit", "paystation"]
        for (index, path) in paths.enumerated() {
            var transaction = sampleTransaction(id: "t-\(index + 1)", createdAt: date(Double(index + 1)))
            transaction.integrationPath = path
            try ledger.insert(transaction)
        }
        var stranger = sampleTransaction(id: "t-other")
        stranger.userId = "someone-else"
        try ledger.insert(stranger)
        let grants = [
            GrantRecord(transactionId: "t-1", kind: .currency, key: "gems", amount: 500, grantedAt: date(1)),
            GrantRecord(transactionId: "t-2", kind: .currency, key: "gems", amount: 1200, grantedAt: date(2)),
            GrantRecord(transactionId: "t-3", kind: .accessLevel, key: "premium", amount: 1, expiresAt: date(90),
                        grantedAt: date(3)),
            GrantRecord(transactionId: "t-4", kind: .currency, key: "coins", amount: 75, grantedAt: date(4)),
            GrantRecord(transactionId: "t-5", kind: .nonConsumable, key: "no_ads", amount: 1, grantedAt: date(5)),
            GrantRecord(transactionId: "t-6", kind: .currency, key: "gems", amount: 300, grantedAt: date(6)),
            GrantRecord(transactionId: "t-other", kind: .currency, key: "gems", amount: 9999, grantedAt: date(7)),
        ]
        for grant in grants { try ledger.recordGrant(grant) }
        return grants
    }

    @Test func currencyIsSummedByPathAndKeyLeavingRefundsOut() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                _ = try fill(ledger)
                #expect(try ledger.currencyTotals(user: "user-42") == [
                    CurrencyTotal(integrationPath: "paystation", key: "coins", amount: 75, grants: 1),
                    CurrencyTotal(integrationPath: "paystation", key: "gems", amount: 800, grants: 2),
                    CurrencyTotal(integrationPath: "storekit", key: "gems", amount: 1200, grants: 1),
                ])
                // A refund takes its grant out of the sum, and a currency with none left has no row.
                #expect(try ledger.recordRevocation(ofTransaction: "t-2", reason: "other", at: date(50)))
                #expect(try ledger.recordRevocation(ofTransaction: "t-4", reason: "other", at: date(50)))
                #expect(try ledger.currencyTotals(user: "user-42") == [
                    CurrencyTotal(integrationPath: "paystation", key: "gems", amount: 800, grants: 2),
                ])
            }
        }
    }

    @Test func lastingGrantsAreTheNonCurrencyOnesOldestFirstWithTheirOrigins() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                let grants = try fill(ledger)
                let lasting = grants.filter { $0.kind != .currency }
                #expect(try ledger.lastingGrants(user: "user-42") == lasting)
                #expect(try ledger.lastingGrants(user: "someone-else").isEmpty)
                #expect(try ledger.lastingGrantOrigins(user: "user-42") == [
                    "t-3": GrantOrigin(productId: "com.example.gems.500", integrationPath: "storekit"),
                    "t-5": GrantOrigin(productId: "com.example.gems.500", integrationPath: "storekit"),
                ])
            }
        }
    }

    /// The sums as SQLite adds them up from every grant: what the kept totals must equal.
    private func summed(_ ledger: LedgerDatabase, user: String) throws -> [CurrencyTotal] {
        let statement = try ledger.database.prepare("""
            SELECT t.integration_path, g.key, SUM(g.amount), COUNT(*) FROM grants g
            JOIN transactions t ON t.id = g.transaction_id
            WHERE t.user_id = ?1 AND g.kind = 'currency' AND g.revoked_at IS NULL
            GROUP BY t.integration_path, g.key ORDER BY t.integration_path, g.key
            """)
        try statement.bind(user, at: 1)
        var totals: [CurrencyTotal] = []
        while try statement.step() {
            totals.append(CurrencyTotal(integrationPath: statement.string(column: 0), key: statement.string(column: 1),
                                        amount: statement.int(column: 2), grants: statement.int(column: 3)))
        }
        return totals
    }

    /// A fixed sequence of pseudo-random numbers, so a failure replays.
    private struct Dice {
        var state: UInt64
        mutating func roll(_ sides: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(sides))
        }
    }

    /// Purchases granted, refunded, deleted (with their grants) and grants changed or deleted by
    /// hand, for two players on three paths: after each of 400 changes the kept totals are what
    /// summing every grant gives.
    @Test func theKeptTotalsAreTheSumsAfterEveryKindOfChange() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                var dice = Dice(state: 2026)
                var ids: [String] = []
                let users = ["user-42", "someone-else"], paths = ["paystation", "storekit", "play"]
                let keys = ["gems", "coins"]
                var changes: [String: Int] = [:]
                for step in 1...400 {
                    let change = ids.isEmpty ? 0 : dice.roll(6)
                    let id = ids.isEmpty ? "" : ids[dice.roll(ids.count)]
                    switch change {
                    case 0, 1:
                        var transaction = sampleTransaction(id: "t-\(step)")
                        transaction.userId = users[dice.roll(2)]
                        transaction.integrationPath = paths[dice.roll(3)]
                        try ledger.insert(transaction)
                        let kind: GrantKind = dice.roll(4) == 0 ? .nonConsumable : .currency
                        try ledger.recordGrant(GrantRecord(transactionId: transaction.id, kind: kind, key: keys[dice.roll(2)],
                                                           amount: 1 + dice.roll(500), grantedAt: date(Double(step))))
                        ids.append(transaction.id)
                    case 2:
                        _ = try ledger.recordRevocation(ofTransaction: id, reason: "other", at: date(Double(step)))
                    case 3:
                        try ledger.deleteTransaction(id: id)
                        ids.removeAll { $0 == id }
                    case 4:
                        try ledger.database.execute("UPDATE grants SET amount = amount + 7, key = 'coins' WHERE transaction_id = '\(id)'")
                    default:
                        try ledger.database.execute("DELETE FROM grants WHERE transaction_id = '\(id)'")
                    }
                    changes[String(change), default: 0] += 1
                    for user in users {
                        let kept = try ledger.currencyTotals(user: user)
                        #expect(kept == (try summed(ledger, user: user)), "after change \(change) at step \(step)")
                        if kept != (try summed(ledger, user: user)) { return }
                    }
                }
                #expect(changes.count == 6, "every kind of change was made: \(changes)")
                #expect(try !ledger.currencyTotals(user: "user-42").isEmpty)
            }
        }
    }

    /// A ledger of schema 15 (totals summed at each launch) gains the kept totals from the
    /// grants it holds, refunds left out.
    @Test func aLedgerOfSchema15GainsTotalsFromItsGrants() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                _ = try fill(ledger)
                #expect(try ledger.recordRevocation(ofTransaction: "t-6", reason: "other", at: date(50)))
            }
            let database = try SQLiteDatabase(path: path)
            try database.execute(undoingSchema20 + undoingSchema19 + undoingSchema18 + undoingSchema17 + undoingSchema16 + "PRAGMA user_version = 15;")
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.schemaVersion() == LedgerDatabase.supportedSchemaVersion)
                #expect(try ledger.currencyTotals(user: "user-42") == [
                    CurrencyTotal(integrationPath: "paystation", key: "coins", amount: 75, grants: 1),
                    CurrencyTotal(integrationPath: "paystation", key: "gems", amount: 500, grants: 1),
                    CurrencyTotal(integrationPath: "storekit", key: "gems", amount: 1200, grants: 1),
                ])
                #expect(try ledger.currencyTotals(user: "someone-else") == (try summed(ledger, user: "someone-else")))
            }
        }
    }
}
