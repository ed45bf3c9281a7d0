import Foundation

/// Entry point: pick the command, run it, map failures to a message and a sysexits code.
let arguments = Array(CommandLine.arguments.dropFirst())

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

if arguments.contains("--help") || arguments.contains("-h") {
    print(Help.text)
    exit(ExitCode.success.rawValue)
}
if arguments.contains("--version") {
    print(Help.version)
    exit(ExitCode.success.rawValue)
}

do throws(CommandFailure) {
    var options = try Options.parse(arguments)
    let command = options.positional.first
    switch command {
    case nil:
        try AppCommand.run(options)
    case "lint":
        options.positional.removeFirst()
        try LintCommand.run(options)
    case "import":
        options.positional.removeFirst()
        try ImportCommand.run(options)
    case "bench":
        options.positional.removeFirst()
        try BenchCommand.run(options)
    case "history":
        options.positional.removeFirst()
        try HistoryCommand.run(options)
    case let other?:
        throw CommandFailure(.usage, "unknown command \(other). See storefront --help.")
    }
    exit(ExitCode.success.rawValue)
} catch {
    standardError("storefront: \(error.message)")
    exit(error.code.rawValue)
}
