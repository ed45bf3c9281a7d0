import Foundation
import StoreEngine

/// `STOREFRONT_CRASH_AT=STEP` (`opened`, `paid`, `purchased`, `granted`, `finished`) sends the
/// process SIGKILL the moment that step is committed: no cleanup, no terminal restore, as a
/// power cut. The app and `storefront scenario` honour it. Tests use it to prove that the next
/// launch loses no purchase, delivers every unfinished transaction again and finishes it, and
/// grants exactly once. (Its twin for moments between the steps, `STOREFRONT_CRASH_AFTER_COMMITS`,
/// counts the ledger's commits, in `Ledger/CommitCrash.swift`.)
enum CrashInjection {
    static func checkpoint(from environment: [String: String]) -> @Sendable (StoreCheckpoint) -> Void {
        guard let name = environment["STOREFRONT_CRASH_AT"], let target = StoreCheckpoint(rawValue: name) else {
            return { _ in }
        }
        return { reached in
            if reached == target { kill(getpid(), SIGKILL) }
        }
    }
}
