import Foundation

// A full disk, on demand: SQLite's page limit (`PRAGMA max_page_count`, per connection) makes a
// write that needs a new page fail with SQLITE_FULL exactly as a full disk does, so tests can
// show that nothing is claimed before it is committed and that nothing is lost once space is back.
extension Ledger {
    /// The test-only hook: `STOREFRONT_TEST_LEDGER_SPARE_PAGES=N` lets every ledger the process
    /// opens for writing grow by at most N pages (of 4 KiB) past its size once opened; the
    /// end-to-end tests run the real binary with it. Not for users: nothing says "test mode".
    static let sparePagesVariable = "STOREFRONT_TEST_LEDGER_SPARE_PAGES"

    static func sparePages(in environment: [String: String]) -> Int? {
        environment[sparePagesVariable].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Lets the file grow by at most `pages` more pages from its size now; nil lifts the limit
    /// (space freed).
    func limitGrowth(toSparePages pages: Int?) throws {
        // SQLite's own ceiling for the limit; it never lowers the limit below the current size.
        let limit = try pages.map { try database.singleInt("PRAGMA page_count") + $0 } ?? 4_294_967_294
        _ = try database.singleInt("PRAGMA max_page_count = \(limit)")
    }
}
