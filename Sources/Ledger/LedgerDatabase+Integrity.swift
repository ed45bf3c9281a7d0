import Foundation

/// Checking that the ledger's file is whole, with SQLite's own check. `integrity_check` walks
/// every page of every tree and the free list, and compares each index with its table (a row
/// missing from an index, a key that is not its row's), in time linear in the file. Every open
/// but the check's own (`Ledger(checking:)`) runs it before it writes or reads, unless the file
/// is byte for byte the one a check passed at the app's last clean close (`LedgerFingerprint`),
/// and stops at the first problem; `storefront history --check` lists every problem.
///
/// `quick_check`, which the open ran before, skips the comparison of indexes with their
/// tables: it passed a ledger whose only damage was four bytes of an index's key, and the app
/// opened it, where a refund then found no grant to take back and a redelivery no transaction
/// to finish. An index out of step with its table gives false answers to every query that
/// reads by it, so it is damage the open refuses like any other.
extension LedgerDatabase {
    /// What `PRAGMA integrity_check` finds wrong, one problem a line; empty when the file is whole.
    public func integrityProblems() throws -> [String] {
        try Self.problems(in: database, pragma: "integrity_check")
    }

    /// Refuses a file `integrity_check` finds damaged, before anything is written to it; with
    /// the answer of a check begun ahead on the same file, when it has one.
    static func refuseIfDamaged(_ database: SQLiteDatabase, checkedAhead check: LedgerDatabase.CheckAhead? = nil) throws {
        switch check?.answer(forFileAt: database.path) {
        case .whole?, .unchanged?: return
        case .damaged(let problem)?: throw LedgerError.corrupt(path: database.path, problem: problem)
        case .unchecked?, nil: if LedgerFingerprint.fileIsAsChecked(by: database) { return }
        }
        guard let problem = summary(of: try problems(in: database, pragma: "integrity_check")) else { return }
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
