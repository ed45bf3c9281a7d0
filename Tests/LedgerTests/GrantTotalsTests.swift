import Foundation
import Testing
import Ledger

/// What the engine's account reads at launch instead of every grant: currency summed by path,
/// and the lasting grants alone.
@Suite("Grant totals and lasting grants")
struct GrantTotalsTests {
    /// Six of user-42's transactions (two paths) and one of another player, each granted.
    private func fill(_ ledger: Ledger) throws -> [GrantRecord] {
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
}
