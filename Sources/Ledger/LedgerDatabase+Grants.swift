import CSQLite
import Foundation

// Grants: what the app unlocked for each transaction. The table allows one grant per
// transaction, so "grant, crash, redeliver, grant again" grants once.
extension LedgerDatabase {
    /// Records the grant for its transaction unless that transaction already has one.
    /// Returns true when this call granted, false when an earlier one had (nothing is changed).
    /// Throws `unknownTransaction` when the transaction was never inserted.
    @discardableResult
    public func recordGrant(_ grant: GrantRecord) throws -> Bool {
        let statement = try database.prepare("""
            INSERT OR IGNORE INTO grants (transaction_id, kind, key, amount, expires_at, granted_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        try statement.bind(grant.transactionId, at: 1)
        try statement.bind(grant.kind.rawValue, at: 2)
        try statement.bind(grant.key, at: 3)
        try statement.bind(grant.amount, at: 4)
        try statement.bind(grant.expiresAt, at: 5)
        try statement.bind(grant.grantedAt, at: 6)
        do {
            try statement.step()
        } catch let LedgerError.sqlite(code, _) where code == SQLiteExtendedCode.foreignKeyConstraint {
            // OR IGNORE does not cover foreign keys, which is what we want: a grant must come
            // from a transaction the ledger knows.
            throw LedgerError.unknownTransaction(id: grant.transactionId)
        }
        return database.changes == 1
    }

    public func grant(forTransaction id: String) throws -> GrantRecord? {
        let statement = try database.prepare("SELECT \(Self.grantColumns) FROM grants WHERE transaction_id = ?1")
        try statement.bind(id, at: 1)
        return try statement.step() ? try Self.grantRecord(from: statement) : nil
    }

    /// Every grant, of one user's transactions or of all, oldest first (ties keep insertion order).
    public func grants(user: String? = nil) throws -> [GrantRecord] {
        let statement = try database.prepare("""
            SELECT \(Self.grantColumns) FROM grants
            WHERE ?1 IS NULL OR transaction_id IN (SELECT id FROM transactions WHERE user_id = ?1)
            ORDER BY granted_at, rowid
            """)
        try statement.bind(user, at: 1)
        var records: [GrantRecord] = []
        while try statement.step() {
            records.append(try Self.grantRecord(from: statement))
        }
        return records
    }

    /// The product and the path of every granted transaction of one user, in one query: what
    /// entitlements are named after and which store they come from, without a lookup per grant.
    public func grantOrigins(user: String) throws -> [String: GrantOrigin] {
        let statement = try database.prepare("""
            SELECT grants.transaction_id, transactions.product_id, transactions.integration_path FROM grants
            JOIN transactions ON transactions.id = grants.transaction_id WHERE transactions.user_id = ?1
            """)
        try statement.bind(user, at: 1)
        var origins: [String: GrantOrigin] = [:]
        while try statement.step() {
            origins[statement.string(column: 0)] = GrantOrigin(productId: statement.string(column: 1),
                                                               integrationPath: statement.string(column: 2))
        }
        return origins
    }

    /// Virtual-currency balances, of one user or of all: each currency key with the sum of its grants
    /// that were not refunded.
    public func balances(user: String? = nil) throws -> [String: Int] {
        let statement = try database.prepare("""
            SELECT key, SUM(amount) FROM grants WHERE kind = ?1 AND revoked_at IS NULL
            AND (?2 IS NULL OR transaction_id IN (SELECT id FROM transactions WHERE user_id = ?2))
            GROUP BY key
            """)
        try statement.bind(GrantKind.currency.rawValue, at: 1)
        try statement.bind(user, at: 2)
        var balances: [String: Int] = [:]
        while try statement.step() {
            balances[statement.string(column: 0)] = statement.int(column: 1)
        }
        return balances
    }

    static let grantColumns = "transaction_id, kind, key, amount, expires_at, granted_at, revoked_at"

    static func grantRecord(from row: SQLiteStatement) throws -> GrantRecord {
        let transactionId = row.string(column: 0)
        let kindText = row.string(column: 1)
        // The table's CHECK constraint keeps unknown kinds out; this only trips on a file edited by hand.
        guard let kind = GrantKind(rawValue: kindText) else {
            throw LedgerError.sqlite(
                code: SQLITE_CORRUPT, message: "the grant for transaction \(transactionId) has an unknown kind \"\(kindText)\"")
        }
        return GrantRecord(
            transactionId: transactionId,
            kind: kind,
            key: row.string(column: 2),
            amount: row.int(column: 3),
            expiresAt: row.optionalDate(column: 4),
            grantedAt: row.date(column: 5),
            revokedAt: row.optionalDate(column: 6)
        )
    }
}

/// What a granted transaction bought, and on which path.
public struct GrantOrigin: Sendable, Equatable {
    public var productId: String
    public var integrationPath: String
    /// Whether the transaction is a family member's share of another's purchase.
    public var isFamilyShared: Bool

    public init(productId: String, integrationPath: String, isFamilyShared: Bool = false) {
        self.productId = productId
        self.integrationPath = integrationPath
        self.isFamilyShared = isFamilyShared
    }
}
