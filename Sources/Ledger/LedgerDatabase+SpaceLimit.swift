import Foundation

// A full disk, on demand: SQLite's page limit (`PRAGMA max_page_count`, per connection) makes a
// write that needs a new page fail with SQLITE_FULL exactly as a full disk does, so tests can
// show that nothing is claimed before it is committed and that nothing is lost once space is back
// (`Ledger.Faults.sparePages` asks it of every ledger opened for writing).
extension LedgerDatabase {
    /// Lets the file grow by at most `pages` more pages from its size now; nil lifts the limit
    /// (space freed).
    func limitGrowth(toSparePages pages: Int?) throws {
        // SQLite's own ceiling for the limit; it never lowers the limit below the current size.
        let limit = try pages.map { try database.singleInt("PRAGMA page_count") + $0 } ?? 4_294_967_294
        _ = try database.singleInt("PRAGMA max_page_count = \(limit)")
    }
}
