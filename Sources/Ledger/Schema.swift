/// The ledger's tables, as an ordered list of migrations.
///
/// `PRAGMA user_version` holds how many migrations a file has had, so migration `i` (0-based)
/// takes a file from version `i` to `i + 1`. Migrations are only ever appended: a shipped step
/// never changes, because files out there already ran it.
///
/// Dates are REAL seconds since 2001-01-01 (see StoredDate.swift for why not 1970).
enum Schema {
    static let migrations: [String] = [
        // 1: the first schema.
        """
        CREATE TABLE transactions (
            id               TEXT PRIMARY KEY NOT NULL,
            product_id       TEXT NOT NULL,
            user_id          TEXT NOT NULL,
            storefront       TEXT NOT NULL,
            integration_path TEXT NOT NULL,
            state            TEXT NOT NULL
                             CHECK (state IN ('purchasing', 'purchased', 'failed', 'restored', 'deferred')),
            quantity         INTEGER NOT NULL,
            price            TEXT NOT NULL,   -- a decimal string, never a float
            currency         TEXT NOT NULL,
            invoice_id       TEXT,
            variation_id     TEXT,
            error            TEXT,
            created_at       REAL NOT NULL,
            updated_at       REAL NOT NULL,
            finished_at      REAL
        );
        -- Newest first for the transactions pane (the rowid, the tie-breaker, is in every index).
        CREATE INDEX transactions_by_created ON transactions (created_at);
        -- Redelivery on launch reads only the unfinished ones, which stay few.
        CREATE INDEX transactions_unfinished ON transactions (created_at) WHERE finished_at IS NULL;

        -- Every state a transaction entered, in order: the history QA attaches to a bug.
        CREATE TABLE transaction_history (
            id             INTEGER PRIMARY KEY,
            transaction_id TEXT NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
            state          TEXT NOT NULL,
            time           REAL NOT NULL,
            note           TEXT
        );
        CREATE INDEX transaction_history_by_transaction ON transaction_history (transaction_id, id);

        -- One grant per transaction: the primary key is what makes granting idempotent.
        CREATE TABLE grants (
            transaction_id TEXT PRIMARY KEY NOT NULL REFERENCES transactions (id) ON DELETE CASCADE,
            kind           TEXT NOT NULL CHECK (kind IN ('currency', 'nonConsumable', 'accessLevel')),
            key            TEXT NOT NULL,
            amount         INTEGER NOT NULL,
            expires_at     REAL,
            granted_at     REAL NOT NULL
        );
        CREATE INDEX grants_by_kind ON grants (kind, key);
        CREATE INDEX grants_by_time ON grants (granted_at);

        -- AUTOINCREMENT so an id is never reused, even after the newest events are deleted;
        -- newest first is a backwards walk of the primary key.
        CREATE TABLE events (
            id             INTEGER PRIMARY KEY AUTOINCREMENT,
            time           REAL NOT NULL,
            kind           TEXT NOT NULL,
            transaction_id TEXT,
            message        TEXT NOT NULL
        );

        -- The Pay Station redirect inbox. No foreign key: the invoice may be recorded before
        -- its transaction, and a redirect for it must still be recognised.
        CREATE TABLE invoices (
            invoice_id     TEXT PRIMARY KEY NOT NULL,
            transaction_id TEXT NOT NULL,
            user_id        TEXT NOT NULL,
            created_at     REAL NOT NULL,
            consumed_at    REAL
        );

        CREATE TABLE settings (
            key   TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        );
        """,
        // 2: what Pay Station said of each invoice, committed when it says it, so a redirect
        // URL claiming another outcome is refused and a paid purchase survives a crash
        // before its redirect arrives.
        """
        ALTER TABLE invoices ADD COLUMN payment_status TEXT;
        """,
        // 3: ids from a sequence that only grows, so an id is never taken twice even after a
        // transaction is deleted; the simulated clock, so a calendar moved on by QA stays moved
        // on across launches; when a payment happened, apart from when the app settled it, so a
        // subscription runs from the day it was paid; and what was charged and under which
        // offer, apart from the list price. The sequence starts past every id the file already
        // holds.
        """
        CREATE TABLE sequences (
            name  TEXT PRIMARY KEY NOT NULL,
            value INTEGER NOT NULL
        );
        INSERT INTO sequences (name, value) SELECT 'transaction', MAX(
            (SELECT count(*) FROM transactions),
            COALESCE((SELECT MAX(CAST(substr(id, 5) AS INTEGER)) FROM transactions WHERE id GLOB 'txn-[0-9]*'), 0));

        -- One row: the simulated time `simulated` was read at wall time `wall`; `rate` simulated
        -- seconds pass per wall second, NULL while the clock is paused.
        CREATE TABLE clock (
            id        INTEGER PRIMARY KEY CHECK (id = 1),
            simulated REAL NOT NULL,
            wall      REAL NOT NULL,
            rate      REAL CHECK (rate IS NULL OR rate > 0)
        );

        ALTER TABLE transactions ADD COLUMN purchased_at REAL;
        ALTER TABLE transactions ADD COLUMN amount_charged TEXT;  -- a decimal string, never a float
        ALTER TABLE transactions ADD COLUMN offer_type TEXT;
        ALTER TABLE transactions ADD COLUMN offer_id TEXT;
        ALTER TABLE invoices ADD COLUMN status_at REAL;
        """,
        // 4: each transaction as the store signed it (a compact JWS, ES256), from when it was
        // paid; validation verifies it before anything is granted. The signing key is a
        // setting (`signingKey`), made once per ledger.
        """
        ALTER TABLE transactions ADD COLUMN signed_transaction TEXT;
        """,
        // 5: URLs handed in from outside (`storefront open-url`) while no app ran, kept for
        // the next launch to open as a cold-start deep link, oldest first.
        """
        CREATE TABLE kept_urls (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            url         TEXT NOT NULL,
            received_at REAL NOT NULL
        );
        """,
        // 6: refunds. A refunded transaction keeps its row and its state (StoreKit keeps it
        // too, with a revocation date and reason); its grant is marked revoked, so access and
        // balances leave it out while the history still shows what was granted. And the
        // purchase a `restored` transaction restores.
        """
        ALTER TABLE transactions ADD COLUMN original_transaction_id TEXT;
        ALTER TABLE transactions ADD COLUMN revoked_at REAL;
        ALTER TABLE transactions ADD COLUMN revocation_reason TEXT;
        ALTER TABLE grants ADD COLUMN revoked_at REAL;
        """,
        // 7: the Xee server's profiles. On the Xee path the server decides access: each row is
        // an access level it recorded for a player, the purchase behind it, and where the last
        // change came from (verified with Apple, a notification, a restore).
        """
        CREATE TABLE xee_access (
            user_id        TEXT NOT NULL,
            level          TEXT NOT NULL,
            transaction_id TEXT,
            expires_at     REAL,
            will_renew     INTEGER NOT NULL,
            source         TEXT NOT NULL,
            updated_at     REAL NOT NULL,
            PRIMARY KEY (user_id, level)
        );
        """,
        // 8: auto-renewable subscriptions on the simulated calendar, one row per original
        // transaction: the period running, whether it renews, QA's billing issue and when a
        // renewal failed on it (grace, then billing retry), and how it ended.
        """
        CREATE TABLE subscriptions (
            original_transaction_id TEXT PRIMARY KEY NOT NULL,
            user_id               TEXT NOT NULL,
            product_id            TEXT NOT NULL,
            latest_transaction_id TEXT NOT NULL,
            expires_at            REAL NOT NULL,
            auto_renew            INTEGER NOT NULL,
            billing_issue         INTEGER NOT NULL,
            billing_issue_at      REAL,
            unsubscribed_at       REAL,
            renewals              INTEGER NOT NULL,
            ended_at              REAL,
            end_reason            TEXT,
            updated_at            REAL NOT NULL
        );
        CREATE INDEX subscriptions_by_user ON subscriptions (user_id);
        """,
        // 9: changes that wait for the next renewal: a downgrade (or a crossgrade to another
        // duration) to the product it renews into, and a price increase waiting for, or given,
        // the subscriber's consent.
        """
        ALTER TABLE subscriptions ADD COLUMN pending_product_id TEXT;
        ALTER TABLE subscriptions ADD COLUMN price_increase TEXT;
        """,
        // 10: work that falls due later on the simulated clock (a notification to the Xee
        // server, a payment Pay Station is still processing, the app's next poll), written in
        // the commit of the change that schedules it, so a relaunch or a crash loses none of it.
        // Each row belongs to the path that performs it, which alone reads its kind and payload;
        // the id keeps the order things were scheduled in when two fall due at once.
        """
        CREATE TABLE due_work (
            id       INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id  TEXT NOT NULL,
            path     TEXT NOT NULL,
            kind     TEXT NOT NULL,
            payload  TEXT NOT NULL,
            due_at   REAL NOT NULL
        );
        CREATE INDEX due_work_by_user ON due_work (user_id, due_at, id);
        """,
        // 11: the storefront's locale with each transaction, so `history` formats an amount
        // as the storefront did when it was charged, from the ledger alone.
        """
        ALTER TABLE transactions ADD COLUMN locale TEXT;
        """,
        // 12: the renewal rate a subscription last renewed at, and how many renewals in a row
        // it made at that rate: the sandbox's limit of 12 counts only renewals at its own rate,
        // so passing through it on the way to another rate ends nothing.
        """
        ALTER TABLE subscriptions ADD COLUMN renewal_rate TEXT;
        ALTER TABLE subscriptions ADD COLUMN rate_renewals INTEGER NOT NULL DEFAULT 0;
        """,
        // 13: what a path's simulated store keeps of its own (Google Play's purchases), one
        // value a key, read by the path alone, as due work's payloads are. The id keeps the order
        // the keys were first written in; writing a key again keeps its place.
        """
        CREATE TABLE path_records (
            id     INTEGER PRIMARY KEY AUTOINCREMENT,
            path   TEXT NOT NULL,
            key    TEXT NOT NULL,
            value  TEXT NOT NULL,
            UNIQUE (path, key)
        );
        """,
        // 14: a subscription's pause (a store that has one: Google Play): the pause scheduled for
        // the end of the period running (`1w`, `2w`, `1m`, `2m`, `3m`), and, once it started,
        // when it resumes. Access is off in between, and no renewal is charged.
        """
        ALTER TABLE subscriptions ADD COLUMN scheduled_pause TEXT;
        ALTER TABLE subscriptions ADD COLUMN paused_until REAL;
        """,
        // 15: where a transaction's period ends when a plan change set it apart from its
        // product's period (Google Play's replacement modes credit time or keep the billing date).
        "ALTER TABLE transactions ADD COLUMN period_end REAL;",
        // 16: each player's unrefunded virtual currency by path and currency, kept as grants are
        // written, refunded and deleted, so a launch reads a few rows where it summed every grant
        // (63 ms for 100,000 purchases, and growing with them). SQLite keeps it, in the write
        // that changes a grant, whatever statement makes the change. A transaction's player and
        // path never change once written. A deleted transaction takes its grant with it (the
        // foreign key's cascade), and the grant's trigger then no longer finds the transaction,
        // so the transaction's own trigger, before it goes, takes the grant out of the total.
        """
        CREATE TABLE currency_totals (
            user_id          TEXT NOT NULL,
            integration_path TEXT NOT NULL,
            key              TEXT NOT NULL,
            amount           INTEGER NOT NULL,
            grants           INTEGER NOT NULL,
            PRIMARY KEY (user_id, integration_path, key)
        ) WITHOUT ROWID;
        INSERT INTO currency_totals (user_id, integration_path, key, amount, grants)
            SELECT t.user_id, t.integration_path, g.key, SUM(g.amount), COUNT(*)
            FROM grants g JOIN transactions t ON t.id = g.transaction_id
            WHERE g.kind = 'currency' AND g.revoked_at IS NULL
            GROUP BY t.user_id, t.integration_path, g.key;
        CREATE TRIGGER currency_granted AFTER INSERT ON grants
        WHEN NEW.kind = 'currency' AND NEW.revoked_at IS NULL BEGIN \(addingToTotals("NEW")) END;
        CREATE TRIGGER currency_ungranted_by_change AFTER UPDATE OF transaction_id, kind, key, amount, revoked_at ON grants
        WHEN OLD.kind = 'currency' AND OLD.revoked_at IS NULL BEGIN \(takingFromTotals("OLD")) END;
        CREATE TRIGGER currency_regranted_by_change AFTER UPDATE OF transaction_id, kind, key, amount, revoked_at ON grants
        WHEN NEW.kind = 'currency' AND NEW.revoked_at IS NULL BEGIN \(addingToTotals("NEW")) END;
        CREATE TRIGGER currency_ungranted_by_delete AFTER DELETE ON grants
        WHEN OLD.kind = 'currency' AND OLD.revoked_at IS NULL BEGIN \(takingFromTotals("OLD")) END;
        CREATE TRIGGER currency_ungranted_with_transaction BEFORE DELETE ON transactions BEGIN
            UPDATE currency_totals
                SET amount = amount - (SELECT amount FROM grants WHERE transaction_id = OLD.id), grants = grants - 1
                WHERE user_id = OLD.user_id AND integration_path = OLD.integration_path
                AND key = (SELECT key FROM grants WHERE transaction_id = OLD.id AND kind = 'currency' AND revoked_at IS NULL);
            DELETE FROM currency_totals WHERE grants = 0;
        END;
        """,
        // 17: what a subscription's product was when it was sold (its access level and its
        // period), kept with its row, so a reader without the catalog (`history`) names the
        // level and measures grace exactly as the app did.
        """
        ALTER TABLE subscriptions ADD COLUMN level TEXT;
        ALTER TABLE subscriptions ADD COLUMN period TEXT;
        """,
        // 18: the outbox: what a store's server posts to the team's backend, written in the
        // commit of the change that causes it and kept with every attempt to deliver it, so a
        // kill between commit and send delivers it at the next launch, under the same id.
        """
        CREATE TABLE notifications (
            id              INTEGER PRIMARY KEY,
            store           TEXT NOT NULL,
            uuid            TEXT NOT NULL UNIQUE,   -- the id a backend de-duplicates by, on every attempt
            type            TEXT NOT NULL,
            subtype         TEXT,
            transaction_id  TEXT,                   -- none for a test; no reference, a deleted one stays named
            url             TEXT NOT NULL,          -- where it was meant for when it was written
            body            TEXT NOT NULL,
            headers         TEXT NOT NULL DEFAULT '',
            created_at      REAL NOT NULL,
            next_attempt_at REAL,                   -- NULL once delivered or given up
            delivered_at    REAL
        );
        CREATE INDEX notifications_pending ON notifications (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
        -- A notification history is a store's, by date or by a customer's transactions.
        CREATE INDEX notifications_by_date ON notifications (store, created_at);
        CREATE INDEX notifications_by_transaction ON notifications (store, transaction_id);
        CREATE TABLE notification_attempts (
            notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
            attempt         INTEGER NOT NULL,
            attempted_at    REAL NOT NULL,
            result          TEXT NOT NULL,          -- the store's word for how it went
            http_status     INTEGER,
            milliseconds    INTEGER NOT NULL,
            response        TEXT NOT NULL DEFAULT '',
            PRIMARY KEY (notification_id, attempt)
        );
        """,
        // 19: a refund the player asked for on the App Store's own sheet (`beginRefundRequest`):
        // the reason chosen and when, and how the App Store decided (approved, declined, or an
        // approved refund reversed later), kept on the transaction the request is for.
        """
        ALTER TABLE transactions ADD COLUMN refund_request_reason TEXT;
        ALTER TABLE transactions ADD COLUMN refund_requested_at REAL;
        ALTER TABLE transactions ADD COLUMN refund_decision TEXT
            CHECK (refund_decision IN ('approved', 'declined', 'reversed'));
        """,
        // 20: Family Sharing, the App Store's. The players of one ledger are one family, each a
        // member from its first launch (those of an older file from their first purchase). A
        // member's share of another's purchase is a transaction of its own, `ownership`
        // 'FAMILY_SHARED', naming the purchase as its original; a purchase its purchaser stopped
        // sharing keeps when. What a launch asks: the purchases it has no share of yet, found by
        // product among the purchases alone, and a purchase's shares by the purchase.
        """
        ALTER TABLE transactions ADD COLUMN ownership TEXT;
        ALTER TABLE transactions ADD COLUMN family_sharing_stopped_at REAL;
        -- A plain table, no key on the id: a family is a few players, and an id of any length then
        -- stays in the row's page rather than spilling from an index's (a full disk keeps
        -- failing where it did before).
        CREATE TABLE family_members (
            user_id   TEXT NOT NULL,
            joined_at REAL NOT NULL
        );
        INSERT INTO family_members (user_id, joined_at)
            SELECT user_id, MIN(created_at) FROM transactions GROUP BY user_id;
        CREATE INDEX transactions_shareable ON transactions (product_id)
            WHERE original_transaction_id IS NULL AND ownership IS NULL AND state = 'purchased';
        CREATE INDEX transactions_family_shares ON transactions (original_transaction_id, user_id)
            WHERE ownership IS NOT NULL;
        """,
    ]

    // Part of migration 16's text, so shipped: never edit these two, or a ledger migrated
    // before the edit and one migrated after would keep their totals differently.

    /// Schema 16's trigger body that adds the grant `row` (NEW) to its player's total.
    private static func addingToTotals(_ row: String) -> String {
        """
        INSERT INTO currency_totals (user_id, integration_path, key, amount, grants)
            SELECT user_id, integration_path, \(row).key, \(row).amount, 1 FROM transactions WHERE id = \(row).transaction_id
            ON CONFLICT (user_id, integration_path, key) DO UPDATE SET amount = amount + excluded.amount, grants = grants + 1;
        """
    }

    /// Schema 16's trigger body that takes the grant `row` (OLD) out of its player's total, and
    /// the total out when no grant is left in it.
    private static func takingFromTotals(_ row: String) -> String {
        """
        UPDATE currency_totals SET amount = amount - \(row).amount, grants = grants - 1
            WHERE (user_id, integration_path) = (SELECT user_id, integration_path FROM transactions WHERE id = \(row).transaction_id)
            AND key = \(row).key;
        DELETE FROM currency_totals WHERE grants = 0;
        """
    }

    static var supportedVersion: Int { migrations.count }

    static func version(of database: SQLiteDatabase) throws -> Int {
        try database.singleInt("PRAGMA user_version")
    }

    /// The tables the first migration made: every ledger at version 1 or later has them.
    static let firstTables: Set<String> = ["transactions", "transaction_history", "grants", "events", "invoices", "settings"]

    /// Whether a file at `version` is a ledger (or an empty database that may become one), read
    /// before anything is written. A migration sets its version in the same commit as its
    /// tables, so a version-0 file with tables, or a later one without ours, is another program's.
    static func isLedger(_ database: SQLiteDatabase, version: Int) throws -> Bool {
        let tables = try tableNames(database)
        return version == 0 ? tables.isEmpty : firstTables.isSubset(of: tables)
    }

    /// Whether the file has the tables every ledger has, whatever its version says.
    static func hasFirstTables(_ database: SQLiteDatabase) throws -> Bool {
        firstTables.isSubset(of: try tableNames(database))
    }

    private static func tableNames(_ database: SQLiteDatabase) throws -> Set<String> {
        let statement = try database.prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        var tables: Set<String> = []
        while try statement.step() { tables.insert(statement.string(column: 0)) }
        return tables
    }

    /// Brings the file up to `supportedVersion`, one migration per transaction, so a crash
    /// leaves the file at some whole version, never between two.
    static func migrate(_ database: SQLiteDatabase) throws {
        while try version(of: database) < supportedVersion {
            try database.execute("BEGIN IMMEDIATE")
            do {
                // Read again under the write lock: another process may have migrated meanwhile.
                let current = try version(of: database)
                if current < supportedVersion {
                    try database.execute(migrations[current])
                    try database.execute("PRAGMA user_version = \(current + 1)")
                }
                try database.execute("COMMIT")
            } catch {
                try? database.execute("ROLLBACK")
                throw error
            }
        }
    }
}
