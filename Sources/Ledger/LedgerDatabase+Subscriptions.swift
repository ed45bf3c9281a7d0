import Foundation

// Auto-renewable subscriptions on the simulated calendar: the engine writes the whole row on
// every change (a renewal, a cancellation, a billing issue), in the commit of that change.
extension LedgerDatabase {
    /// Inserts the subscription, or replaces the row of the same original transaction.
    public func saveSubscription(_ subscription: SubscriptionRecord) throws {
        let statement = try database.prepare("""
            INSERT OR REPLACE INTO subscriptions (original_transaction_id, user_id, product_id, latest_transaction_id,
                expires_at, auto_renew, billing_issue, billing_issue_at, unsubscribed_at, renewals, ended_at, end_reason,
                updated_at, pending_product_id, price_increase, renewal_rate, rate_renewals,
                scheduled_pause, paused_until, level, period)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
            """)
        try statement.bind(subscription.originalTransactionId, at: 1)
        try statement.bind(subscription.userId, at: 2)
        try statement.bind(subscription.productId, at: 3)
        try statement.bind(subscription.latestTransactionId, at: 4)
        try statement.bind(subscription.expiresAt, at: 5)
        try statement.bind(subscription.autoRenew ? 1 : 0, at: 6)
        try statement.bind(subscription.billingIssue ? 1 : 0, at: 7)
        try statement.bind(subscription.billingIssueAt, at: 8)
        try statement.bind(subscription.unsubscribedAt, at: 9)
        try statement.bind(subscription.renewals, at: 10)
        try statement.bind(subscription.endedAt, at: 11)
        try statement.bind(subscription.endReason, at: 12)
        try statement.bind(subscription.updatedAt, at: 13)
        try statement.bind(subscription.pendingProductId, at: 14)
        try statement.bind(subscription.priceIncrease, at: 15)
        try statement.bind(subscription.renewalRate, at: 16)
        try statement.bind(subscription.renewalsAtRate, at: 17)
        try statement.bind(subscription.scheduledPause, at: 18)
        try statement.bind(subscription.pausedUntil, at: 19)
        try statement.bind(subscription.level, at: 20)
        try statement.bind(subscription.period, at: 21)
        try statement.step()
    }

    /// The player's subscriptions, oldest first.
    public func subscriptions(user: String) throws -> [SubscriptionRecord] {
        let statement = try database.prepare("""
            SELECT s.original_transaction_id, s.user_id, s.product_id, s.latest_transaction_id, s.expires_at,
                s.auto_renew, s.billing_issue, s.billing_issue_at, s.unsubscribed_at, s.renewals, s.ended_at,
                s.end_reason, s.updated_at, s.pending_product_id, s.price_increase, s.renewal_rate, s.rate_renewals,
                t.integration_path, s.scheduled_pause, s.paused_until, s.level, s.period
            FROM subscriptions s LEFT JOIN transactions t ON t.id = s.original_transaction_id
            WHERE s.user_id = ?1 ORDER BY s.rowid
            """)
        try statement.bind(user, at: 1)
        var records: [SubscriptionRecord] = []
        while try statement.step() {
            records.append(SubscriptionRecord(
                originalTransactionId: statement.string(column: 0), userId: statement.string(column: 1),
                productId: statement.string(column: 2), latestTransactionId: statement.string(column: 3),
                expiresAt: statement.date(column: 4), autoRenew: statement.int(column: 5) != 0,
                billingIssue: statement.int(column: 6) != 0, billingIssueAt: statement.optionalDate(column: 7),
                unsubscribedAt: statement.optionalDate(column: 8), renewals: statement.int(column: 9),
                endedAt: statement.optionalDate(column: 10), endReason: statement.optionalString(column: 11),
                updatedAt: statement.date(column: 12), pendingProductId: statement.optionalString(column: 13),
                priceIncrease: statement.optionalString(column: 14), renewalRate: statement.optionalString(column: 15),
                renewalsAtRate: statement.int(column: 16), integrationPath: statement.optionalString(column: 17),
                scheduledPause: statement.optionalString(column: 18), pausedUntil: statement.optionalDate(column: 19),
                level: statement.optionalString(column: 20), period: statement.optionalString(column: 21)))
        }
        return records
    }

    /// Deletes a transaction with everything hanging off it (its grant, history, signed form),
    /// and the subscription it started or last renewed, as Xcode's transaction manager deletes
    /// one: the player is then eligible again for what it used up, and no subscription is left
    /// speaking through a transaction that is gone.
    public func deleteTransaction(id: String) throws {
        for sql in ["DELETE FROM subscriptions WHERE original_transaction_id = ?1 OR latest_transaction_id = ?1",
                    "DELETE FROM transactions WHERE id = ?1"] {
            let statement = try database.prepare(sql)
            try statement.bind(id, at: 1)
            try statement.step()
        }
    }

    /// Moves a grant's expiry to `time`, earlier or later: the renewal rate changed while its
    /// period ran, and what was left of it now lasts as long as the new rate makes it.
    public func moveGrantExpiry(ofTransaction id: String, to time: Date) throws {
        let statement = try database.prepare("UPDATE grants SET expires_at = ?2 WHERE transaction_id = ?1")
        try statement.bind(id, at: 1)
        try statement.bind(time, at: 2)
        try statement.step()
    }

    /// Ends a grant's access at `time` (QA expired the subscription, or renewed it early):
    /// an expiry already earlier stays.
    public func cutGrant(ofTransaction id: String, at time: Date) throws {
        let statement = try database.prepare("""
            UPDATE grants SET expires_at = ?2 WHERE transaction_id = ?1 AND (expires_at IS NULL OR expires_at > ?2)
            """)
        try statement.bind(id, at: 1)
        try statement.bind(time, at: 2)
        try statement.step()
    }
}
