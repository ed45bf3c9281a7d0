import Foundation
import Platform
import StoreEngine

/// The test-only faults asked of every ledger the process writes, read from the environment
/// once at launch and passed to the engine (`StorageFaults`). Not for users: nothing says
/// "test mode".
///
/// - `STOREFRONT_CRASH_AFTER_COMMITS=N`: the process sends itself SIGKILL as its commit number
///   N + 1 begins, so exactly N commits reached the disk; counted over every ledger the process
///   opens for writing. A process that ends before it says how many it made on standard error
///   (`storefront: 12 commits; STOREFRONT_CRASH_AFTER_COMMITS=40 was not reached`), so a driver
///   learns how many moments a run has. The crash matrix's "random moments".
/// - `STOREFRONT_TEST_LEDGER_SPARE_PAGES=N`: every ledger may grow by at most N pages of 4 KiB
///   past its size once opened, so the next write that needs one fails as on a full disk; the
///   end-to-end tests run the real binary with it.
///
/// Its twin for the steps of a purchase, `STOREFRONT_CRASH_AT`, is `CrashInjection`.
enum LedgerFaultVariables {
    static let crashAfterCommits = "STOREFRONT_CRASH_AFTER_COMMITS"
    static let sparePages = "STOREFRONT_TEST_LEDGER_SPARE_PAGES"

    /// Asks the engine for the faults `environment` names; nothing when it names none.
    static func apply(from environment: [String: String]) {
        let limit = count(environment[crashAfterCommits])
        let spare = count(environment[sparePages])
        guard limit != nil || spare != nil else { return }
        var commitBegins: (@Sendable (Int) -> Void)?
        if let limit {
            commitBegins = { begun in
                if begun > limit { SuddenEnd.now() }
            }
        }
        StorageFaults.ask(commitBegins: commitBegins, sparePages: spare)
        guard limit != nil else { return }
        // A C function: it captures nothing, and reads the count when the process exits.
        atexit {
            let limit = LedgerFaultVariables.count(ProcessInfo.processInfo.environment[LedgerFaultVariables.crashAfterCommits]) ?? 0
            FileHandle.standardError.write(Data(("storefront: \(StorageFaults.commitsBegun) commits; "
                                                  + "\(LedgerFaultVariables.crashAfterCommits)=\(limit) was not reached\n").utf8))
        }
    }

    /// A count of 0 or more; nil (no fault) for anything else.
    static func count(_ text: String?) -> Int? {
        text.flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }
}
