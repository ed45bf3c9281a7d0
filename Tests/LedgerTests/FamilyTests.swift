import Foundation
import Testing
@testable import Ledger

/// Schema 19, Family Sharing: the family's members, a member's share of a purchase kept with its
/// ownership, the purchases a member has no share of yet, and a purchase no longer shared.
@Suite("Family Sharing in the ledger")
struct FamilyTests {
    private let time = Date(timeIntervalSinceReferenceDate: 800_000_000)

    private func purchase(_ id: String, of user: String, product: String = "remove_ads",
                          at created: Date) -> TransactionRecord {
        var record = sampleTransaction(id: id, state: .purchased, createdAt: created, finishedAt: created)
        record.userId = user
        record.productId = product
        record.originalTransactionId = nil
        record.revokedAt = nil
        record.revocationReason = nil
        return record
    }

    private func share(_ id: String, of purchase: TransactionRecord, for member: String) -> TransactionRecord {
        var record = self.purchase(id, of: member, product: purchase.productId, at: purchase.createdAt.addingTimeInterval(1))
        record.originalTransactionId = purchase.id
        record.isFamilyShared = true
        record.amountCharged = "0"
        return record
    }

    @Test func membersJoinOnceInTheOrderTheyCame() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                try ledger.joinFamily(user: "ana", at: time)
                try ledger.joinFamily(user: "ben", at: time.addingTimeInterval(5))
                try ledger.joinFamily(user: "ana", at: time.addingTimeInterval(9))
                #expect(try ledger.familyMembers() == ["ana", "ben"])
            }
        }
    }

    @Test func aShareKeepsItsOwnershipAndIsFoundByItsPurchase() throws {
        try withTemporaryLedgerPath { path in
            let bought = purchase("txn-000001", of: "ana", at: time)
            let shared = share("txn-000002", of: bought, for: "ben")
            try withLedger(at: path) { ledger throws in
                try ledger.insert(bought)
                try ledger.insert(shared)
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.transaction(id: "txn-000002") == shared)
                #expect(try ledger.transaction(id: "txn-000001")?.isFamilyShared == false)
                #expect(try ledger.familyShares(ofPurchase: "txn-000001").map(\.id) == ["txn-000002"])
                #expect(try ledger.familyShares(ofPurchase: "txn-000002").isEmpty)
                // Its grant says where it came from.
                try ledger.recordGrant(GrantRecord(transactionId: "txn-000002", kind: .nonConsumable, key: "no_ads",
                                                   amount: 1, grantedAt: time))
                #expect(try ledger.lastingGrantOrigins(user: "ben")["txn-000002"]?.isFamilyShared == true)
            }
        }
    }

    @Test func aMemberIsOfferedOnlyWhatOthersBoughtAndItHoldsNoShareOf() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                let anas = purchase("txn-000001", of: "ana", at: time)
                try ledger.insert(anas)
                try ledger.insert(purchase("txn-000002", of: "ben", at: time.addingTimeInterval(1)))
                try ledger.insert(purchase("txn-000003", of: "ana", product: "gems", at: time.addingTimeInterval(2)))
                var refunded = purchase("txn-000004", of: "cy", at: time.addingTimeInterval(3))
                refunded.revokedAt = time
                try ledger.insert(refunded)
                _ = try ledger.recordRevocation(ofTransaction: "txn-000004", reason: "other", at: time)
                try ledger.insert(purchase("txn-000005", of: "dee", at: time.addingTimeInterval(4)))
                try ledger.stopFamilySharing(ofPurchase: "txn-000005", at: time)
                let products = ["remove_ads"]
                #expect(try ledger.purchasesToShare(with: "ben", products: products).map(\.id) == ["txn-000001"])
                try ledger.insert(share("txn-000006", of: anas, for: "ben"))
                #expect(try ledger.purchasesToShare(with: "ben", products: products).isEmpty)
                // Another member still has it to come, and a share is never shared on.
                #expect(try ledger.purchasesToShare(with: "eve", products: products).map(\.id) == ["txn-000001", "txn-000002"])
                #expect(try ledger.purchasesToShare(with: "eve", products: []).isEmpty)
            }
        }
    }

    @Test func sharingStopsOnceAndAnUnknownPurchaseIsAnError() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(purchase("txn-000001", of: "ana", at: time))
                #expect(try ledger.stopFamilySharing(ofPurchase: "txn-000001", at: time))
                #expect(try !ledger.stopFamilySharing(ofPurchase: "txn-000001", at: time.addingTimeInterval(60)))
                #expect(try ledger.transaction(id: "txn-000001")?.familySharingStoppedAt == time)
                #expect(throws: LedgerError.unknownTransaction(id: "txn-nope")) {
                    try ledger.stopFamilySharing(ofPurchase: "txn-nope", at: time)
                }
            }
        }
    }

    /// A file from before Family Sharing: its players are the family, from their first purchase.
    @Test func aVersionEighteenFileMakesItsPlayersTheFamily() throws {
        try withTemporaryLedgerPath { path in
            let database = try SQLiteDatabase(path: path)
            for migration in Schema.migrations.prefix(18) { try database.execute(migration) }
            try database.execute("PRAGMA user_version = 18")
            for (id, user, created) in [("txn-000001", "ben", 20), ("txn-000002", "ana", 10), ("txn-000003", "ben", 5)] {
                try database.execute("""
                    INSERT INTO transactions (id, product_id, user_id, storefront, integration_path, state, quantity,
                        price, currency, created_at, updated_at)
                    VALUES ('\(id)', 'p', '\(user)', 'USA', 'storekit', 'purchased', 1, '0.99', 'USD', \(created), \(created))
                    """)
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.schemaVersion() == 20)
                #expect(try ledger.familyMembers() == ["ben", "ana"])
                #expect(try ledger.transaction(id: "txn-000001")?.isFamilyShared == false)
            }
        }
    }
}
