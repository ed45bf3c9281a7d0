/// Exit codes after sysexits(3), as DESIGN.md §7 asks.
enum ExitCode: Int32 {
    case success = 0
    case usage = 64
    case dataError = 65
    case noInput = 66
    case ioError = 74
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
