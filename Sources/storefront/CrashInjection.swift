import Foundation
import StoreEngine

/// `STOREFRONT_CRASH_AT=STEP` (`opened`, `paid`, `purchased`, `granted`, `finished`) sends the
/// process SIGKILL the moment that step is committed: no cleanup, no terminal restore, as a
/// power cut. Tests use it to prove that the next launch loses no purchase, delivers every
/// unfinished transaction again and finishes it, and grants exactly once.
enum CrashInjection {
    static func checkpoint(from environment: [String: String]) -> (StoreCheckpoint) -> Void {
        guard let name = environment["STOREFRONT_CRASH_AT"], let target = StoreCheckpoint(rawValue: name) else {
            return { _ in }
        }
        return { reached in
            if reached == target { kill(getpid(), SIGKILL) }
        }
    }
}
