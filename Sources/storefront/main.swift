import Foundation

/// Entry point: pick the command, run it, map failures to a message and a sysexits code.
let arguments = Array(CommandLine.arguments.dropFirst())

/// The subcommands by name; the app itself runs when none is named.
let subcommands: [String: (Options) throws(CommandFailure) -> Void] = [
    "lint": LintCommand.run,
    "import": ImportCommand.run,
    "history": HistoryCommand.run,
    "reset": ResetCommand.run,
    "bench": BenchCommand.run,
    "scenario": ScenarioSubcommand.run,
]

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
    if let name = options.positional.first {
        guard let command = subcommands[name] else {
            throw CommandFailure(.usage, "unknown command \(name). See storefront --help.")
        }
        options.positional.removeFirst()
        try command(options)
    } else {
        try AppCommand.run(options)
    }
    exit(ExitCode.success.rawValue)
} catch {
    standardError("storefront: \(error.message)")
    exit(error.code.rawValue)
}
