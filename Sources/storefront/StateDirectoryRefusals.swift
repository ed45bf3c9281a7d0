import Catalog
import StoreEngine

// The refusals only the state directory's commands meet (reset, history, public-key, open-url),
// in the words and with the exit codes of the command line. The engine says what it found
// (`ResetOutcome`, `LedgerReading`, `URLDelivery`); these say what to do about it.
extension CommandFailure {
    /// No ledger where `history`, `history --check` or `public-key` looked: 66, and nothing was made.
    static func noLedger(in directory: StateDirectory) -> CommandFailure {
        CommandFailure(.noInput, "There is no ledger at \(directory.ledgerPath), and nothing was created; check "
            + "--state-dir (is it the one the app ran with?).")
    }

    /// An engine error of a command that only reads (`history`, `history --check`,
    /// `public-key`): a state path that is not a directory is no ledger to read, 66, as a
    /// missing one is; the rest as any command's.
    static func reading(_ error: StoreError) -> CommandFailure {
        if case .stateDirectoryNotADirectory = error { return CommandFailure(.noInput, error.description) }
        return CommandFailure(error)
    }

    /// `public-key` on a ledger that has no key of the kind asked for yet: 66, saying how one
    /// is made. The ledger's own key is made by the first app or scenario that opens it; Google
    /// Play's licence key by the first purchase on Google Play, or a launch whose catalog sells there.
    static func noSigningKey(in directory: StateDirectory, of path: IntegrationPath?) -> CommandFailure {
        guard path == .play else {
            return CommandFailure(.noInput, "\(directory.ledgerPath) has no signing key yet: it is made when the app or a "
                + "scenario first opens the ledger.")
        }
        return CommandFailure(.noInput, "\(directory.ledgerPath) has no Google Play licence key yet: it is made when a "
            + "purchase first goes through Google Play here (path play in a scenario, i in the app), or the app or a "
            + "scenario opens it with a catalog that sells on Google Play.")
    }

    /// `history --check` found problems: 74, each problem on a line of its own.
    static func damagedLedger(in directory: StateDirectory, problems: [String]) -> CommandFailure {
        CommandFailure(.ioError, "\(directory.ledgerPath) is damaged (SQLite's integrity_check found "
            + "\(English.count(problems.count, "problem", one: "a"))); move it aside, keeping it for a bug report, or run "
            + "storefront reset to start again:\n" + problems.map { "  " + $0 }.joined(separator: "\n"))
    }

    /// `reset` while an app runs on the directory: 75, try again once it has quit.
    static func resetWhileInUse(_ directory: StateDirectory, pid: Int32?) -> CommandFailure {
        CommandFailure(.tempFailure, "Cannot reset \(directory.path) while a storefront runs on it\(Self.naming(pid)); "
            + "quit that one first, then reset again.")
    }

    /// `reset` could not remove a file: 74.
    static func cannotRemove(_ file: String, reason: String) -> CommandFailure {
        CommandFailure(.ioError, "\(file): cannot be removed (\(reason)); nothing after it was removed.")
    }

    /// `open-url` or `promote` to an app that takes no URLs (a scenario run): 75.
    static func takesNoURLs(_ directory: StateDirectory, pid: Int32?) -> CommandFailure {
        CommandFailure(.tempFailure, "The storefront running on \(directory.path)\(Self.naming(pid)) takes no URLs from "
            + "outside (a scenario run?); give the URL to the scenario with open-url, or wait until it has finished.")
    }

    /// `open-url` or `promote` whose URL did not reach the running app: 74, nothing kept.
    static func urlNotDelivered(_ directory: StateDirectory, reason: String) -> CommandFailure {
        CommandFailure(.ioError, "The URL did not reach the storefront running on \(directory.path) (\(reason)); nothing "
            + "was kept, try again.")
    }

    private static func naming(_ pid: Int32?) -> String {
        pid.map { " (pid \($0))" } ?? ""
    }
}
