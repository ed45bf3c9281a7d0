import Catalog
import Foundation
import StoreEngine

/// `storefront reset`: removes the ledger of a state directory (the SQLite file and its WAL
/// and shared-memory files), so QA can start over. Says what it removed; nothing else is touched.
/// Refused while an app runs on the state directory (exit 75): its ledger is not pulled away.
enum ResetCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        guard options.positional.isEmpty else {
            throw CommandFailure(.usage, "reset takes no arguments; choose the ledger with --state-dir DIR.")
        }
        let directory = Environment.stateDirectory(options)
        let outcome: ResetOutcome
        do {
            outcome = try directory.reset()
        } catch {
            throw CommandFailure(error)
        }
        let removed: [String]
        switch outcome {
        case .removed(let files): removed = files
        case .inUse(let pid): throw .resetWhileInUse(directory, pid: pid)
        case let .stopped(file, reason, _): throw .cannotRemove(file, reason: reason)
        }
        print(ControlCharacters.escaped(removed.isEmpty ? "Nothing to reset: no ledger in \(directory.path)."
                                        : "Removed " + removed.joined(separator: ", ") + "."))
    }
}
