import Foundation
import StoreEngine

/// `storefront reset`: removes the ledger of a state directory (the SQLite file and its WAL
/// and shared-memory files), so QA can start over. Says what it removed; nothing else is touched.
enum ResetCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        guard options.positional.isEmpty else {
            throw CommandFailure(.usage, "reset takes no arguments; choose the ledger with --state-dir DIR.")
        }
        let directory = Environment.stateDirectory(options)
        var removed: [String] = []
        for path in directory.ledgerFiles where FileManager.default.fileExists(atPath: path) {
            do {
                try FileManager.default.removeItem(atPath: path)
                removed.append(path)
            } catch {
                throw CommandFailure(.ioError, "\(path): cannot be removed (\(error.localizedDescription)).")
            }
        }
        print(removed.isEmpty ? "Nothing to reset: no ledger in \(directory.path)." : "Removed " + removed.joined(separator: ", ") + ".")
    }
}
