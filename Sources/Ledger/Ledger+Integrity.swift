import Foundation

/// Checking that the ledger's file is whole, with SQLite's own checks. `quick_check` walks every
/// page of every tree and the free list, in time linear in the file, and runs at every open but
/// the check's own (`Ledger(checking:)`); `integrity_check` also compares each index with its
/// table (a missing index row, a duplicate key), which costs more, so it runs when asked
/// (`storefront history --check`), and lists every problem where the open would stop at one.
extension Ledger {
    /// What `PRAGMA integrity_check` finds wrong, one problem a line; empty when the file is whole.
    public func integrityProblems() throws -> [String] {
        try Self.problems(in: database, pragma: "integrity_check")
    }

    /// Refuses a file `quick_check` finds damaged, before anything is written to it; with the
    /// answer of a check begun ahead on the same file, when it has one.
    static func checkQuickly(_ database: SQLiteDatabase, checkedAhead check: Ledger.QuickCheck? = nil) throws {
        switch check?.answer(forFileAt: database.path) {
        case .whole?, .unchanged?: return
        case .damaged(let problem)?: throw LedgerError.corrupt(path: database.path, problem: problem)
        case .unchecked?, nil: if LedgerFingerprint.fileIsAsChecked(by: database) { return }
        }
        guard let problem = summary(of: try problems(in: database, pragma: "quick_check")) else { return }
        throw LedgerError.corrupt(path: database.path, problem: problem)
    }

    /// What a refusal says of a check's problems: the first, and how many more; nil for none.
    static func summary(of problems: [String]) -> String? {
        guard let first = problems.first else { return nil }
        return first + (problems.count > 1 ? "; and \(problems.count - 1) more" : "")
    }

    /// The check's answer without its "ok" and its "*** in database main ***" heading lines.
    static func problems(in database: SQLiteDatabase, pragma: String) throws -> [String] {
        let statement = try database.prepare("PRAGMA \(pragma)")
        var lines: [String] = []
        while try statement.step() {
            lines += statement.string(column: 0).split(separator: "\n").map(String.init)
        }
        return lines.filter { $0 != "ok" && !$0.hasPrefix("*** in database ") }
    }
}
