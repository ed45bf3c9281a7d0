import Ledger

/// The faults the crash matrix and the full-disk tests ask of the ledger (`Ledger.Faults`),
/// passed in by the executable, which reads them from its environment: nothing above the
/// engine reaches the ledger itself.
public enum StorageFaults {
    /// Every ledger the process opens for writing from now on calls `commitBegins` as each of
    /// its commits begins, with the process's count of commits begun (this one included), and
    /// grows by at most `sparePages` pages of 4 KiB past its size once opened (nil: no limit).
    public static func ask(commitBegins: (@Sendable (Int) -> Void)?, sparePages: Int?) {
        LedgerDatabase.faults = LedgerDatabase.Faults(commitBegins: commitBegins, sparePages: sparePages)
    }

    /// Commits begun so far by this process's ledgers, counted while `commitBegins` is set.
    public static var commitsBegun: Int { LedgerDatabase.commitsBegun }
}
