import Foundation
import Ledger

/// What can go wrong in the engine, each with a sentence a person can act on. Ledger failures
/// arrive here already in words (which file, what to do), so nothing above the engine needs to
/// know the ledger exists.
public enum StoreError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The ledger could not be opened or written; the text names the file and the way out.
    case storage(String)
    /// A write failed on a full disk; nothing of it was kept. The ledger's file.
    case diskFull(path: String)
    /// The state directory could not be made or used.
    case stateDirectory(path: String, reason: String)
    /// The state path names something that is not a directory (`kind`: a file, a FIFO, a
    /// device, a socket), so no state directory can be made or read there; it is left alone.
    case stateDirectoryNotADirectory(path: String, kind: String)
    /// Others may write in the state directory and it may not be made private (sticky and
    /// shared, such as /tmp, or not this user's): nothing is made in it.
    case sharedStateDirectory(path: String, mode: Int)
    /// Another app holds the state directory's lock; `pid` is the one its lock file names.
    case stateDirectoryInUse(path: String, pid: Int32?)
    /// The lock file could not be opened or locked (not another app: a directory in its place,
    /// a file system without locks).
    case stateLock(path: String, reason: String)
    /// A storefront id that is not in the catalog.
    case unknownStorefront(String)
    /// The ledger's signing key could not be made, read or used (libcrypto's words).
    case signing(path: String, reason: String)
    /// The app could not listen for URLs from outside at this socket.
    case urlSocket(path: String, reason: String)
    /// The ledger's simulated clock is off the calendar (past 9999-12-31, or before year 1): the
    /// store is not opened on it.
    case clockOffTheCalendar(path: String)
    /// A paywall SDK's `getPaywall`: no paywall of the catalog has this placement.
    case noPaywall(placement: String, placements: [String])

    public var description: String {
        switch self {
        case .storage(let sentence):
            return sentence
        case .diskFull(let path):
            return LedgerError.diskFull(path: path).description
        case let .stateDirectory(path, reason):
            return "\(path): cannot create the state directory (\(reason)); pass --state-dir DIR."
        case let .stateDirectoryNotADirectory(path, kind):
            return "\(path) is \(kind), not a directory, so it cannot be the state directory; move it away, or pass "
                + "--state-dir DIR naming a directory (one that is missing is made)."
        case let .sharedStateDirectory(path, mode):
            return "\(path) can be written by other users (mode \(String(mode, radix: 8)): a shared directory), so they could "
                + "replace the ledger; pass a --state-dir of your own (one storefront makes is 0700)."
        case let .stateDirectoryInUse(path, pid):
            return "\(path) is in use by another storefront\(pid.map { " (pid \($0))" } ?? ""); quit that one first, "
                + "or pass --state-dir DIR to run on another state directory."
        case let .stateLock(path, reason):
            return "\(path): cannot lock the state directory (\(reason)); pass --state-dir DIR."
        case .unknownStorefront(let id):
            return "Storefront \(id) is not in the catalog."
        case let .signing(path, reason):
            return "\(path): cannot sign transactions (\(reason)); move the ledger away to get a new key, or pass --state-dir."
        case let .urlSocket(path, reason):
            return "\(path): cannot listen for URLs from outside (\(reason)); storefront open-url will not reach this app."
        case let .noPaywall(placement, placements):
            return "No paywall of the catalog has the placement \(QuotedText.part(placement)); "
                + (placements.isEmpty ? "the catalog has no paywalls." : "its placements: \(placements.joined(separator: ", ")).")
        case .clockOffTheCalendar(let path):
            return "\(path) keeps a simulated clock off the calendar, which ends at 9999-12-31 23:59:59 UTC, so it was "
                + "not opened; storefront history still reads it; run storefront reset to start again, or pass --state-dir."
        }
    }

    public var errorDescription: String? { description }

    /// Whether the ledger, its file or its state directory failed (damaged, empty, read-only, a
    /// full disk, a directory that cannot be made or locked), rather than what was asked of the
    /// engine: an I/O error (exit 74) wherever it ends a command or a scenario.
    public var isStorageFailure: Bool {
        switch self {
        case .storage, .diskFull, .stateDirectory, .stateDirectoryNotADirectory, .sharedStateDirectory, .stateLock, .signing, .clockOffTheCalendar:
            return true
        case .stateDirectoryInUse, .unknownStorefront, .urlSocket, .noPaywall:
            return false
        }
    }

    /// Any error from below, in the engine's words.
    init(_ error: any Error) {
        switch error {
        case let error as StoreError: self = error
        case LedgerError.diskFull(let path): self = .diskFull(path: path)
        case let error as LedgerError: self = .storage(error.description)
        default: self = .storage("The ledger failed: \(error).")
        }
    }
}
