import Foundation
import Synchronization

extension LedgerDatabase {
    /// The check every open makes before it writes (`refuseIfDamaged`), begun ahead of the open
    /// that needs its answer, on a read-only connection and a thread of its own.
    ///
    /// A file byte for byte what a check passed at the app's last clean close
    /// (`LedgerFingerprint`) is known whole from its digest, read in a fraction of the check's
    /// time; any other file is checked by SQLite's `integrity_check`, which reads every page and
    /// compares every index with its table, in time linear in the file (0.4-0.9 s for 100,000
    /// purchases, 36 MB). The app begins it before it loads the catalog, so the two run side by
    /// side, and `Ledger(path:checkedAhead:)` then waits for the answer where it would have run
    /// the check itself. Nothing is written before the answer is known: a damaged file is
    /// refused untouched. Where the check could not say (no file yet, a file of an older schema
    /// the open migrates, one it could not open, another file moved into place since), the open
    /// checks for itself.
    public final class CheckAhead: Sendable {
        /// The ledger file checked.
        public let path: String
        /// Left once `run` has set `outcome`: `wait()` waits on it.
        private let finished = DispatchGroup()
        /// The answer and the file it is about, once the check has run.
        private let outcome = Mutex<(answer: Answer, file: FileIdentity?)?>(nil)

        /// What the check found.
        enum Answer: Equatable, Sendable {
            /// integrity_check said ok.
            case whole
            /// The file holds the bytes a check passed at the last clean close (`LedgerFingerprint`),
            /// so it was not checked again.
            case unchanged
            /// Its first problem, and how many more.
            case damaged(problem: String)
            /// Not checked: no ledger of the current schema could be read there; the open checks.
            case unchecked
        }

        /// Starts checking the ledger at `path` on a thread of its own and returns at once.
        public static func begin(at path: String) -> CheckAhead {
            let check = CheckAhead(path: path)
            check.finished.enter()
            let thread = Thread { check.checkTheFile() }
            thread.qualityOfService = .userInitiated
            thread.start()
            return check
        }

        private init(path: String) {
            self.path = path
        }

        /// The answer, waiting for it if the check is still running.
        func wait() -> Answer {
            finished.wait()
            return outcome.withLock { $0?.answer } ?? .unchecked
        }

        /// The answer for the file now at `path`: a file put there since the check began (another
        /// ledger moved into place) was not the one checked.
        func answer(forFileAt path: String) -> Answer {
            let answer = wait()
            let checked = outcome.withLock { $0?.file }
            guard answer != .unchecked, let checked, FileIdentity(of: path) == checked else { return .unchecked }
            return answer
        }

        private func checkTheFile() {
            // A missing file is made new by the open, an empty one refused by it, and a FIFO or
            // a device is not read here (opening a FIFO would wait for a writer): nothing to check.
            let identity = FileIdentity(of: path)
            let answer = identity == nil ? .unchecked : Self.check(path)
            outcome.withLock { $0 = (answer, identity) }
            finished.leave()
        }

        private static func check(_ path: String) -> Answer {
            do {
                let database = try SQLiteDatabase(path: path, readOnly: true)
                // The check reads each page once, in order: a cache of 256 KB, not SQLite's 2 MB,
                // so that it adds next to nothing to the launch's peak memory.
                try database.execute("PRAGMA cache_size = -256")
                let version = try Schema.version(of: database)
                // The open's own refusals (another program's file, a newer schema) come first
                // there, and an older schema is checked by the open before it migrates.
                guard version == Schema.supportedVersion, try Schema.isLedger(database, version: version) else { return .unchecked }
                if LedgerFingerprint.fileIsAsChecked(by: database) { return .unchanged }
                let problems = try LedgerDatabase.problems(in: database, pragma: "integrity_check")
                return LedgerDatabase.summary(of: problems).map { .damaged(problem: $0) } ?? .whole
            } catch LedgerError.corrupt(_, let problem) {
                // SQLite refused a page outright (SQLITE_CORRUPT) before the check could list it.
                return .damaged(problem: problem)
            } catch {
                // Not a database, unreadable, locked past the wait: the open says why.
                return .unchecked
            }
        }
    }
}
