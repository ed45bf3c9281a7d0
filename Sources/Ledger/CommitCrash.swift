import Foundation

/// The test-only hook behind the crash matrix's "random moments": with
/// `STOREFRONT_CRASH_AFTER_COMMITS=N`, the process sends itself SIGKILL as its commit number
/// N + 1 begins (SQLite's commit hook, before anything of that commit is written), so exactly N
/// commits reached the disk; counted over every ledger the process opens for writing. A process
/// that ends before it says how many it made on standard error (`storefront: 12 commits;
/// STOREFRONT_CRASH_AFTER_COMMITS=40 was not reached`), so a driver learns how many moments a run has.
/// Counting commits rather than time makes a kill point the same on any machine, at any load.
/// Not for users: nothing says "test mode".
enum CommitCrash {
    static let variable = "STOREFRONT_CRASH_AFTER_COMMITS"

    /// N, read once; nil (the hook does nothing) when the variable is unset or not a count.
    private static let limit: Int? = {
        guard let text = ProcessInfo.processInfo.environment[variable], let count = Int(text), count >= 0 else {
            return nil
        }
        // A C function: it captures nothing, and reads the tally when the process exits.
        atexit {
            let made = CommitCrash.tally.count
            FileHandle.standardError.write(Data("storefront: \(made) commits; \(CommitCrash.variable)=\(CommitCrash.limit ?? 0) was not reached\n".utf8))
        }
        return count
    }()

    private static let tally = Tally()

    /// Called by every writing connection's commit hook as a commit begins.
    static func commitBegins() {
        guard let limit else { return }
        if tally.increment() > limit { kill(getpid(), SIGKILL) }
    }

    /// The process's count of commits begun; ledgers on several threads (scenario jobs) share it.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        var count: Int { lock.withLock { value } }

        func increment() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}
