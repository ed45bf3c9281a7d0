import Foundation
import StoreEngine

/// `STOREFRONT_CRASH_AT=purchased` (or `granted`) kills the process the moment that step is
/// committed, as a power cut would: no cleanup, no terminal restore. Tests use it to prove that
/// the next launch finishes the transaction and grants exactly once.
enum CrashInjection {
    static func checkpoint(from environment: [String: String]) -> (StoreCheckpoint) -> Void {
        guard let name = environment["STOREFRONT_CRASH_AT"], let target = StoreCheckpoint(rawValue: name) else {
            return { _ in }
        }
        return { reached in
            if reached == target { _exit(137) }
        }
    }
}
