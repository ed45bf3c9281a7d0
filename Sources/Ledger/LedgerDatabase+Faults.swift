import Synchronization

extension LedgerDatabase {
    /// Faults a test asks of every ledger the process opens for writing, which the executable
    /// passes in (it reads them from its environment) before the first ledger opens. Nothing is
    /// asked by default, and a library user asks nothing.
    public struct Faults: Sendable {
        /// Called as each commit begins (SQLite's commit hook, before anything of that commit is
        /// written) with the count of commits begun so far, this one included, over every ledger
        /// the process writes: the crash matrix kills the process at a counted moment, so a
        /// kill point is the same on any machine, at any load.
        public var commitBegins: (@Sendable (Int) -> Void)?
        /// How many pages of 4 KiB a ledger may grow by past its size once opened (SQLite's
        /// `max_page_count`): a write that needs one more fails with SQLITE_FULL exactly as on
        /// a full disk. Nil: no limit.
        public var sparePages: Int?

        public init(commitBegins: (@Sendable (Int) -> Void)? = nil, sparePages: Int? = nil) {
            self.commitBegins = commitBegins
            self.sparePages = sparePages
        }
    }

    /// The faults asked for; the process's, as its ledgers on several threads (scenario jobs)
    /// share them.
    public static var faults: Faults {
        get { FaultState.faults.withLock { $0 } }
        set { FaultState.faults.withLock { $0 = newValue } }
    }

    /// Commits begun so far by the ledgers of this process, counted while `commitBegins` is set.
    public static var commitsBegun: Int {
        FaultState.commits.withLock { $0 }
    }

    /// Called by every writing connection's commit hook as a commit begins.
    static func commitBegins() {
        guard let hook = FaultState.faults.withLock({ $0.commitBegins }) else { return }
        let begun = FaultState.commits.withLock { count in
            count += 1
            return count
        }
        hook(begun)
    }
}

/// The process's faults and its count of commits begun.
private enum FaultState {
    static let faults = Mutex(LedgerDatabase.Faults())
    static let commits = Mutex(0)
}
