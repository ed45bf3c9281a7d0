import StoreEngine

/// Exit codes after sysexits(3): 64 usage, 65 bad data, 66 no input, 69 unavailable, 74 I/O, 75 try again, 78 configuration.
enum ExitCode: Int32 {
    case success = 0
    case usage = 64
    case dataError = 65
    case noInput = 66
    /// EX_UNAVAILABLE: a program a command needs is not installed (`rsvg-convert` for PNG, `git`).
    case unavailable = 69
    case ioError = 74
    /// EX_TEMPFAIL: another app holds the state directory; try again once it has quit.
    case tempFailure = 75
    /// EX_CONFIG: no terminal description to draw with, not even a fallback, or one that cannot move the cursor.
    case configuration = 78
}

/// A failure that ends the command with a message on standard error and an exit code.
struct CommandFailure: Error {
    var code: ExitCode
    var message: String

    init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

extension CommandFailure {
    /// An engine error, with the exit code that fits it: 75 while another app holds the state
    /// directory, 74 for anything the ledger or the state directory could not do. (What only a
    /// command meets, such as no ledger to read, is in StateDirectoryRefusals.swift.)
    init(_ error: StoreError) {
        switch error {
        case .stateDirectoryInUse: self.init(.tempFailure, error.description)
        default: self.init(.ioError, error.description)
        }
    }
}
