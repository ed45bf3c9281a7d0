import Foundation

// Family Sharing: the family (every player of the ledger, from its first launch), the shares its
// members hold of each other's purchases, and the purchases whose purchaser stopped sharing them.
extension LedgerDatabase {
    /// Makes `user` a member of the family from `time`; a member already changes nothing.
    public func joinFamily(user: String, at time: Date) throws {
        let statement = try database.prepare(
            "INSERT INTO family_members (user_id, joined_at) SELECT ?1, ?2 "
            + "WHERE NOT EXISTS (SELECT 1 FROM family_members WHERE user_id = ?1)")
        try statement.bind(user, at: 1)
        try statement.bind(time, at: 2)
        try statement.step()
    }

    /// The family's members, in the order they joined.
    public func familyMembers() throws -> [String] {
        let statement = try database.prepare("SELECT user_id FROM family_members ORDER BY joined_at, user_id")
        var members: [String] = []
        while try statement.step() { members.append(statement.string(column: 0)) }
        return members
    }

    /// Every member's share of the purchase `originalId` (its first share and, of a
    /// subscription, each renewal's), oldest first.
    public func familyShares(ofPurchase originalId: String) throws -> [TransactionRecord] {
        let statement = try database.prepare("""
            SELECT \(Self.transactionColumns) FROM transactions
            WHERE ownership IS NOT NULL AND original_transaction_id = ?1
            ORDER BY created_at, rowid
            """)
        try statement.bind(originalId, at: 1)
        return try Self.transactionRecords(from: statement)
    }

    /// The purchases of `products` other players made that `user` holds no share of: bought
    /// (not restored, not a renewal, not a share), not refunded, still shared; oldest first.
    public func purchasesToShare(with user: String, products: [String]) throws -> [TransactionRecord] {
        guard !products.isEmpty else { return [] }
        let productList = (0..<products.count).map { "?\($0 + 2)" }.joined(separator: ", ")
        let statement = try database.prepare("""
            SELECT \(Self.transactionColumns) FROM transactions t
            WHERE t.product_id IN (\(productList)) AND t.original_transaction_id IS NULL AND t.ownership IS NULL
              AND t.state = 'purchased' AND t.user_id <> ?1 AND t.revoked_at IS NULL
              AND t.family_sharing_stopped_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM transactions s
                              WHERE s.ownership IS NOT NULL AND s.original_transaction_id = t.id AND s.user_id = ?1)
            ORDER BY t.created_at, t.rowid
            """)
        try statement.bind(user, at: 1)
        for (offset, product) in products.enumerated() { try statement.bind(product, at: Int32(offset + 2)) }
        return try Self.transactionRecords(from: statement)
    }

    /// Records that the purchaser stopped sharing the purchase `id`, once: false (and nothing
    /// changed) when it had already stopped.
    @discardableResult
    public func stopFamilySharing(ofPurchase id: String, at time: Date) throws -> Bool {
        let statement = try database.prepare("""
            UPDATE transactions SET family_sharing_stopped_at = ?2
            WHERE id = ?1 AND family_sharing_stopped_at IS NULL
            """)
        try statement.bind(id, at: 1)
        try statement.bind(time, at: 2)
        try statement.step()
        guard database.changes == 1 else {
            if try transaction(id: id) == nil { throw LedgerError.unknownTransaction(id: id) }
            return false
        }
        return true
    }
}
