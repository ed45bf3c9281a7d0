import Catalog
import Foundation
import Platform
import StoreEngine

/// `STOREFRONT_CRASH_AT=STEP` (`opened`, `paid`, `finished`: a purchase's three commits) sends
/// the process SIGKILL the moment that step is committed: no cleanup, no terminal restore, as a
/// power cut. The app and `storefront scenario` honour it. Tests use it to prove that the next
/// launch loses no purchase, delivers every unfinished transaction again and finishes it, and
/// grants exactly once. (Its twin for moments between the steps, `STOREFRONT_CRASH_AFTER_COMMITS`,
/// counts the ledger's commits: `LedgerFaultVariables`.)
enum CrashInjection {
    static let variable = "STOREFRONT_CRASH_AT"

    /// What the process does at each step; a name that is no step is refused, so a crash test
    /// never waits for a kill that cannot come.
    static func checkpoint(from environment: [String: String]) throws(CommandFailure) -> @Sendable (StoreCheckpoint) -> Void {
        guard let name = environment[variable], !name.isEmpty else { return { _ in } }
        guard let target = StoreCheckpoint(rawValue: name) else {
            let steps = StoreCheckpoint.allCases.map(\.rawValue)
            throw CommandFailure(.usage, "\(variable)=\(ControlCharacters.escaped(name)) is not a step of a purchase; the steps are "
                                 + "\(English.list(steps, joinedBy: "and")) (each one commit), or unset it.")
        }
        return { reached in
            if reached == target { SuddenEnd.now() }
        }
    }
}
