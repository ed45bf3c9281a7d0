import Foundation
import Ledger

/// Runs `body` with the path of a ledger file that does not exist yet, in the temporary
/// directory, and removes the file and its WAL siblings afterwards. Tests run in parallel, so
/// every test gets its own UUID-named file; `:memory:` is never used because WAL does not apply.
func withTemporaryLedgerPath<T>(_ body: (String) throws -> T) rethrows -> T {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("ledger-test-\(UUID().uuidString).sqlite").path
    defer {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
    return try body(path)
}

/// Opens the ledger at `path` for the duration of `body` only. Reopening a file this way is how
/// the tests show that something was really written to it, not just kept in memory.
func withLedger<T>(at path: String, _ body: (LedgerDatabase) throws -> T) throws -> T {
    let ledger = try LedgerDatabase(path: path)
    return try body(ledger)
}

/// Dates with fractional seconds, so a lossy date encoding would show.
func date(_ secondsSince1970: TimeInterval) -> Date {
    Date(timeIntervalSince1970: secondsSince1970)
}

/// A transaction with every optional set; tests override what they are about.
func sampleTransaction(
    id: String,
    state: TransactionState = .purchasing,
    createdAt: Date = date(1_700_000_000.125),
    finishedAt: Date? = nil
) -> TransactionRecord {
    TransactionRecord(
        id: id,
        productId: "com.example.gems.500",
        userId: "user-42",
        storefront: "DEU",
        integrationPath: "paystation",
        state: state,
        quantity: 2,
        price: "4.99",
        currency: "EUR",
        invoiceId: "inv-\(id)",
        variationId: "variant-b",
        error: state == .failed ? "card declined" : nil,
        createdAt: createdAt,
        updatedAt: createdAt,
        finishedAt: finishedAt
    )
}

/// A plain error for tests that need a block to throw.
struct Abort: Error, Equatable {}

/// SQL that takes a ledger of schema 20 back to 19 (without setting the version): Family Sharing gone.
let undoingSchema20 = """
    DROP INDEX transactions_shareable; DROP INDEX transactions_family_shares; DROP TABLE family_members;
    ALTER TABLE transactions DROP COLUMN ownership; ALTER TABLE transactions DROP COLUMN family_sharing_stopped_at;
    """

/// SQL that takes a ledger of schema 18 back to 17 (without setting the version): the outbox gone.
let undoingSchema18 = "DROP TABLE notification_attempts; DROP TABLE notifications;"
/// SQL that takes a ledger of schema 19 back to 18: the refund-request columns gone.
let undoingSchema19 = """
    ALTER TABLE transactions DROP COLUMN refund_decision; ALTER TABLE transactions DROP COLUMN refund_requested_at;
    ALTER TABLE transactions DROP COLUMN refund_request_reason;
    """

/// SQL that takes a ledger of schema 17 back to 16 (without setting the version): a
/// subscription's kept level and period gone.
let undoingSchema17 = "ALTER TABLE subscriptions DROP COLUMN level; ALTER TABLE subscriptions DROP COLUMN period;"

/// SQL that takes a ledger of schema 16 back to 15 (without setting the version): the kept
/// currency totals and their triggers gone, as a build before them left the file.
let undoingSchema16 = """
    DROP TRIGGER currency_granted; DROP TRIGGER currency_ungranted_by_change; DROP TRIGGER currency_regranted_by_change;
    DROP TRIGGER currency_ungranted_by_delete; DROP TRIGGER currency_ungranted_with_transaction;
    DROP TABLE currency_totals;
    """
