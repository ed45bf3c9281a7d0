import CSQLite
import Foundation

// Transactions and their history. A transaction stays "unfinished" until `markFinished`, and the
// engine delivers every unfinished one again at launch: that is what survives a crash.
extension LedgerDatabase {
    /// Stores a new transaction and the first entry of its history, atomically.
    public func insert(_ transaction: TransactionRecord) throws {
        try inTransaction {
            let statement = try database.prepare("""
                INSERT INTO transactions (id, product_id, user_id, storefront, integration_path, state,
                    quantity, price, currency, invoice_id, variation_id, error, created_at, updated_at, finished_at,
                    purchased_at, amount_charged, offer_type, offer_id, original_transaction_id, locale, period_end, ownership)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22,
                        ?23)
                """)
            try statement.bind(transaction.id, at: 1)
            try statement.bind(transaction.productId, at: 2)
            try statement.bind(transaction.userId, at: 3)
            try statement.bind(transaction.storefront, at: 4)
            try statement.bind(transaction.integrationPath, at: 5)
            try statement.bind(transaction.state.rawValue, at: 6)
            try statement.bind(transaction.quantity, at: 7)
            try statement.bind(transaction.price, at: 8)
            try statement.bind(transaction.currency, at: 9)
            try statement.bind(transaction.invoiceId, at: 10)
            try statement.bind(transaction.variationId, at: 11)
            try statement.bind(transaction.error, at: 12)
            try statement.bind(transaction.createdAt, at: 13)
            try statement.bind(transaction.updatedAt, at: 14)
            try statement.bind(transaction.finishedAt, at: 15)
            try statement.bind(transaction.purchasedAt, at: 16)
            try statement.bind(transaction.amountCharged, at: 17)
            try statement.bind(transaction.offerType, at: 18)
            try statement.bind(transaction.offerId, at: 19)
            try statement.bind(transaction.originalTransactionId, at: 20)
            try statement.bind(transaction.locale, at: 21)
            try statement.bind(transaction.periodEnd, at: 22)
            try statement.bind(transaction.isFamilyShared ? Self.familySharedOwnership : nil, at: 23)
            do {
                try statement.step()
            } catch let LedgerError.sqlite(code, _) where code == SQLiteExtendedCode.primaryKeyConstraint {
                throw LedgerError.duplicateTransaction(id: transaction.id)
            }
            try appendHistory(transaction.id, state: transaction.state, at: transaction.createdAt, note: transaction.error)
        }
    }

    /// Moves a transaction to `state`, sets (or clears) its error, and records the change in its
    /// history. Throws `unknownTransaction` for an id that was never inserted.
    public func updateState(ofTransaction id: String, to state: TransactionState, error: String?, at time: Date) throws {
        try inTransaction {
            let statement = try database.prepare(
                "UPDATE transactions SET state = ?2, error = ?3, updated_at = ?4 WHERE id = ?1")
            try statement.bind(id, at: 1)
            try statement.bind(state.rawValue, at: 2)
            try statement.bind(error, at: 3)
            try statement.bind(time, at: 4)
            try statement.step()
            guard database.changes == 1 else { throw LedgerError.unknownTransaction(id: id) }
            try appendHistory(id, state: state, at: time, note: error)
        }
    }

    /// Records when the player paid, once: a later call keeps the first date.
    public func recordPurchaseDate(_ date: Date, ofTransaction id: String) throws {
        let statement = try database.prepare(
            "UPDATE transactions SET purchased_at = ?2 WHERE id = ?1 AND purchased_at IS NULL")
        try statement.bind(id, at: 1)
        try statement.bind(date, at: 2)
        try statement.step()
        if database.changes == 0, try transaction(id: id) == nil {
            throw LedgerError.unknownTransaction(id: id)
        }
    }

    /// Sets where the period a transaction paid for ends, apart from its product's period: a
    /// plan change that credits time or keeps the old billing date, in the payment's commit.
    public func recordPeriodEnd(_ date: Date, ofTransaction id: String) throws {
        let statement = try database.prepare("UPDATE transactions SET period_end = ?2 WHERE id = ?1")
        try statement.bind(id, at: 1)
        try statement.bind(date, at: 2)
        try statement.step()
        guard database.changes == 1 else { throw LedgerError.unknownTransaction(id: id) }
    }

    /// Keeps the signed form of a transaction (a compact JWS), replacing any earlier one: a
    /// refund or a renewal signs the transaction again.
    public func recordSignedTransaction(_ jws: String, ofTransaction id: String) throws {
        let statement = try database.prepare("UPDATE transactions SET signed_transaction = ?2 WHERE id = ?1")
        try statement.bind(id, at: 1)
        try statement.bind(jws, at: 2)
        try statement.step()
        if database.changes == 0 { throw LedgerError.unknownTransaction(id: id) }
    }

    /// Records a refund: the transaction's revocation date and reason, its grant revoked, and an
    /// entry in its history, in one commit. Only the first refund counts; returns false (and
    /// changes nothing) for a transaction already refunded.
    @discardableResult
    public func recordRevocation(ofTransaction id: String, reason: String, at time: Date) throws -> Bool {
        try inTransaction {
            let changed = try updateNotingHistory(of: id, at: time, note: "refunded: \(reason)", sql: """
                UPDATE transactions SET revoked_at = ?2, revocation_reason = ?3, updated_at = ?2
                WHERE id = ?1 AND revoked_at IS NULL
                """, binding: reason)
            guard changed else { return false }
            let grant = try database.prepare("UPDATE grants SET revoked_at = ?2 WHERE transaction_id = ?1")
            try grant.bind(id, at: 1)
            try grant.bind(time, at: 2)
            try grant.step()
            return true
        }
    }

    /// Runs one update of a transaction's row (`?1` its id, `?2` the time, `?3` the value) and,
    /// when it changed the row, notes it in the transaction's history; false when it changed
    /// nothing (the row was not in the state the update expects).
    func updateNotingHistory(of id: String, at time: Date, note: String, sql: String, binding value: String) throws -> Bool {
        try inTransaction {
            let statement = try database.prepare(sql)
            try statement.bind(id, at: 1)
            try statement.bind(time, at: 2)
            try statement.bind(value, at: 3)
            try statement.step()
            guard database.changes == 1 else {
                if try transaction(id: id) == nil { throw LedgerError.unknownTransaction(id: id) }
                return false
            }
            guard let state = try transaction(id: id)?.state else { throw LedgerError.unknownTransaction(id: id) }
            try appendHistory(id, state: state, at: time, note: note)
            return true
        }
    }

    /// Records that the app finished the transaction, so it is no longer redelivered.
    /// Only the first call counts: finishing again keeps the first time (finishing is something
    /// every code path does, so it must be harmless to repeat).
    public func markFinished(transaction id: String, at time: Date) throws {
        let statement = try database.prepare("""
            UPDATE transactions SET finished_at = ?2, updated_at = ?2
            WHERE id = ?1 AND finished_at IS NULL
            """)
        try statement.bind(id, at: 1)
        try statement.bind(time, at: 2)
        try statement.step()
        if database.changes == 0, try transaction(id: id) == nil {
            throw LedgerError.unknownTransaction(id: id)
        }
    }

    public func transaction(id: String) throws -> TransactionRecord? {
        try database.withKeptStatement(Self.transactionById) { statement in
            try statement.bind(id, at: 1)
            return try statement.step() ? try Self.transactionRecord(from: statement) : nil
        }
    }

    private static let transactionById = "SELECT \(transactionColumns) FROM transactions WHERE id = ?1"

    /// Runs `body` with a transaction's signed form (its compact JWS, UTF-8) and nothing else;
    /// nil, without calling it, when no transaction has the id or it has none. What Get
    /// Transaction Info answers, the API's busiest call: one column read, where
    /// `transaction(id:)` decodes all 25 into a record, and its bytes lent where SQLite holds
    /// them (valid during `body` only), for the answer to copy once, not through a string
    /// first. Read afresh each call, so a refund or a renewal that signs it again is answered
    /// at once.
    ///
    /// Not generic, which a call from another module would run unspecialized: `body` keeps
    /// what it makes of the bytes, and the answer is whether there were any.
    public func withSignedTransaction(ofTransaction id: String, _ body: (UnsafeRawBufferPointer) -> Void) throws -> Bool {
        try database.withKeptStatement(Self.signedTransactionById) { statement in
            try statement.bind(id, at: 1)
            guard try statement.step(), !statement.isNull(column: 0) else { return false }
            statement.withText(column: 0, body)
            return true
        }
    }

    private static let signedTransactionById = "SELECT signed_transaction FROM transactions WHERE id = ?1"

    /// The newest `limit` transactions, of one user or of all; ties in time keep insertion
    /// order (newest first).
    public func transactions(newestFirst limit: Int, user: String? = nil) throws -> [TransactionRecord] {
        guard limit > 0 else { return [] }
        let statement = try database.prepare("""
            SELECT \(Self.transactionColumns) FROM transactions
            WHERE ?2 IS NULL OR user_id = ?2
            ORDER BY created_at DESC, rowid DESC LIMIT ?1
            """)
        try statement.bind(limit, at: 1)
        try statement.bind(user, at: 2)
        return try Self.transactionRecords(from: statement)
    }

    /// One user's paid transactions (purchased, not refunded) through the given integration
    /// paths, newest first, of `products` only when given, at most `limit`: what a store reports
    /// for its customer, read from the whole ledger rather than from the panes' window.
    public func paidTransactions(user: String, paths: [String], products: [String]? = nil,
                                 limit: Int = .max) throws -> [TransactionRecord] {
        guard limit > 0, !paths.isEmpty, products?.isEmpty != true else { return [] }
        // Placeholders for the lists: paths from ?3, then products.
        let pathList = (0..<paths.count).map { "?\($0 + 3)" }.joined(separator: ", ")
        let productList = products.map { products in
            "AND product_id IN (" + (0..<products.count).map { "?\($0 + 3 + paths.count)" }.joined(separator: ", ") + ")"
        } ?? ""
        let statement = try database.prepare("""
            SELECT \(Self.transactionColumns) FROM transactions
            WHERE user_id = ?2 AND state = 'purchased' AND revoked_at IS NULL
                AND integration_path IN (\(pathList)) \(productList)
            ORDER BY created_at DESC, rowid DESC LIMIT ?1
            """)
        try statement.bind(limit, at: 1)
        try statement.bind(user, at: 2)
        for (offset, value) in (paths + (products ?? [])).enumerated() {
            try statement.bind(value, at: Int32(offset + 3))
        }
        return try Self.transactionRecords(from: statement)
    }

    /// The transactions the app has not finished, oldest first: the ones to deliver again.
    public func unfinishedTransactions() throws -> [TransactionRecord] {
        let statement = try database.prepare("""
            SELECT \(Self.transactionColumns) FROM transactions
            WHERE finished_at IS NULL ORDER BY created_at, rowid
            """)
        return try Self.transactionRecords(from: statement)
    }

    public func transactionCount() throws -> Int {
        try database.singleInt("SELECT count(*) FROM transactions")
    }

    /// How many transactions one user made.
    public func transactionCount(user: String) throws -> Int {
        let statement = try database.prepare("SELECT count(*) FROM transactions WHERE user_id = ?1")
        try statement.bind(user, at: 1)
        _ = try statement.step()
        return statement.int(column: 0)
    }

    /// Every state the transaction entered, in the order it entered them (its insert first).
    /// Empty for an unknown id.
    public func history(ofTransaction id: String) throws -> [TransactionStateChange] {
        let statement = try database.prepare(
            "SELECT state, time, note FROM transaction_history WHERE transaction_id = ?1 ORDER BY id")
        try statement.bind(id, at: 1)
        var changes: [TransactionStateChange] = []
        while try statement.step() {
            let state = try Self.state(statement.string(column: 0), transaction: id)
            changes.append(TransactionStateChange(
                state: state, time: statement.date(column: 1), note: statement.optionalString(column: 2)))
        }
        return changes
    }

    // MARK: Rows

    private func appendHistory(_ id: String, state: TransactionState, at time: Date, note: String?) throws {
        let statement = try database.prepare(
            "INSERT INTO transaction_history (transaction_id, state, time, note) VALUES (?1, ?2, ?3, ?4)")
        try statement.bind(id, at: 1)
        try statement.bind(state.rawValue, at: 2)
        try statement.bind(time, at: 3)
        try statement.bind(note, at: 4)
        try statement.step()
    }

    /// The select list `transactionRecord(from:)` reads, in its column order.
    static let transactionColumns = """
        id, product_id, user_id, storefront, integration_path, state, quantity, price, currency,
        invoice_id, variation_id, error, created_at, updated_at, finished_at, purchased_at, amount_charged,
        offer_type, offer_id, signed_transaction, revoked_at, revocation_reason, original_transaction_id, locale,
        period_end, refund_request_reason, refund_requested_at, refund_decision, ownership, family_sharing_stopped_at
        """

    /// The `ownership` of a family member's share, in the App Store's word; NULL is purchased.
    static let familySharedOwnership = "FAMILY_SHARED"

    static func transactionRecords(from statement: SQLiteStatement) throws -> [TransactionRecord] {
        var records: [TransactionRecord] = []
        while try statement.step() {
            records.append(try transactionRecord(from: statement))
        }
        return records
    }

    private static func transactionRecord(from row: SQLiteStatement) throws -> TransactionRecord {
        let id = row.string(column: 0)
        return TransactionRecord(
            id: id,
            productId: row.string(column: 1),
            userId: row.string(column: 2),
            storefront: row.string(column: 3),
            integrationPath: row.string(column: 4),
            state: try state(row.string(column: 5), transaction: id),
            quantity: row.int(column: 6),
            price: row.string(column: 7),
            currency: row.string(column: 8),
            invoiceId: row.optionalString(column: 9),
            variationId: row.optionalString(column: 10),
            error: row.optionalString(column: 11),
            createdAt: row.date(column: 12),
            updatedAt: row.date(column: 13),
            finishedAt: row.optionalDate(column: 14),
            purchasedAt: row.optionalDate(column: 15),
            amountCharged: row.optionalString(column: 16),
            offerType: row.optionalString(column: 17),
            offerId: row.optionalString(column: 18),
            signedTransaction: row.optionalString(column: 19),
            originalTransactionId: row.optionalString(column: 22),
            revokedAt: row.optionalDate(column: 20),
            revocationReason: row.optionalString(column: 21),
            locale: row.optionalString(column: 23),
            periodEnd: row.optionalDate(column: 24),
            refundRequest: row.optionalString(column: 25).map {
                RefundRequestRecord(reason: $0, requestedAt: row.date(column: 26), decision: row.optionalString(column: 27))
            },
            isFamilyShared: row.optionalString(column: 28) == familySharedOwnership,
            familySharingStoppedAt: row.optionalDate(column: 29)
        )
    }

    /// The table's CHECK constraint keeps unknown states out; this only trips on a file edited by hand.
    private static func state(_ text: String, transaction id: String) throws -> TransactionState {
        guard let state = TransactionState(rawValue: text) else {
            throw LedgerError.sqlite(code: SQLITE_CORRUPT, message: "transaction \(id) has an unknown state \"\(text)\"")
        }
        return state
    }
}
