import Foundation
import Ledger

/// What can go wrong in the engine, each with a sentence a person can act on. Ledger failures
/// arrive here already in words (which file, what to do), so nothing above the engine needs to
/// know the ledger exists.
public enum StoreError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The ledger could not be opened or written; the text names the file and the way out.
    case storage(String)
    /// The state directory could not be made or used.
    case stateDirectory(path: String, reason: String)
    /// `history` found no ledger file where it looked (`--state-dir`), and created none.
    case noLedger(path: String)
    /// A storefront id that is not in the catalog.
    case unknownStorefront(String)

    public var description: String {
        switch self {
        case .storage(let sentence):
            return sentence
        case let .stateDirectory(path, reason):
            return "\(path): cannot create the state directory (\(reason)); pass --state-dir DIR."
        case .noLedger(let path):
            return LedgerError.noLedger(path: path).description
        case .unknownStorefront(let id):
            return "Storefront \(id) is not in the catalog."
        }
    }

    public var errorDescription: String? { description }

    /// Any error from below, in the engine's words.
    init(_ error: any Error) {
        switch error {
        case let error as StoreError: self = error
        case LedgerError.noLedger(let path): self = .noLedger(path: path)
        case let error as LedgerError: self = .storage(error.description)
        default: self = .storage("The ledger failed: \(error).")
        }
    }
}
