import CSQLite
import Foundation

// What a player's grants add up to, summed by SQLite, and the few grants worth reading one by
// one: the engine's account reads these at launch instead of every grant, so its memory and its
// launch do not grow with a history of consumable purchases.
extension LedgerDatabase {
    /// The grants that last, of one user: non-consumables and access levels, oldest first (ties
    /// keep insertion order), as `grants(user:)` orders them. Currency grants are left out: what
    /// they give is a sum (`currencyTotals(user:)`).
    public func lastingGrants(user: String) throws -> [GrantRecord] {
        let statement = try database.prepare("""
            SELECT \(Self.grantColumns) FROM grants
            WHERE kind IN (\(Self.lastingKinds)) AND transaction_id IN (SELECT id FROM transactions WHERE user_id = ?1)
            ORDER BY granted_at, rowid
            """)
        try statement.bind(user, at: 1)
        var records: [GrantRecord] = []
        while try statement.step() {
            records.append(try Self.grantRecord(from: statement))
        }
        return records
    }

    /// The product and the path of each of one user's transactions with a grant that lasts
    /// (`lastingGrants(user:)`), in one query.
    public func lastingGrantOrigins(user: String) throws -> [String: GrantOrigin] {
        let statement = try database.prepare("""
            SELECT grants.transaction_id, transactions.product_id, transactions.integration_path,
                   transactions.ownership IS NOT NULL FROM grants
            JOIN transactions ON transactions.id = grants.transaction_id
            WHERE transactions.user_id = ?1 AND grants.kind IN (\(Self.lastingKinds))
            """)
        try statement.bind(user, at: 1)
        var origins: [String: GrantOrigin] = [:]
        while try statement.step() {
            origins[statement.string(column: 0)] = GrantOrigin(productId: statement.string(column: 1),
                                                               integrationPath: statement.string(column: 2),
                                                               isFamilyShared: statement.int(column: 3) != 0)
        }
        return origins
    }

    /// One user's virtual currency that was not refunded, by the path each purchase was made
    /// on and the currency: the sum of the grants and how many there are (a currency whose
    /// every grant was refunded has none, and no row).
    public func currencyTotals(user: String) throws -> [CurrencyTotal] {
        // Kept by SQLite as grants change (schema 16's triggers), not summed here.
        let statement = try database.prepare("""
            SELECT integration_path, key, amount, grants FROM currency_totals
            WHERE user_id = ?1 ORDER BY integration_path, key
            """)
        try statement.bind(user, at: 1)
        var totals: [CurrencyTotal] = []
        while try statement.step() {
            totals.append(CurrencyTotal(integrationPath: statement.string(column: 0), key: statement.string(column: 1),
                                        amount: statement.int(column: 2), grants: statement.int(column: 3)))
        }
        return totals
    }
}

extension LedgerDatabase {
    /// The kinds of grant that last, as SQL's list: named, so the query reads the index on
    /// kind (`kind <> 'currency'` read every grant, 47 ms for 100,000 purchases).
    static var lastingKinds: String {
        GrantKind.allCases.filter { $0 != .currency }.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }
}

/// The unrefunded grants of one currency bought on one path, summed.
public struct CurrencyTotal: Sendable, Equatable {
    public var integrationPath: String
    public var key: String
    public var amount: Int
    /// How many grants the sum is of.
    public var grants: Int

    public init(integrationPath: String, key: String, amount: Int, grants: Int) {
        self.integrationPath = integrationPath
        self.key = key
        self.amount = amount
        self.grants = grants
    }
}
