import Catalog
import Foundation

/// Entry point: pick the command, run it, map failures to a message and a sysexits code.
let arguments = Array(CommandLine.arguments.dropFirst())

/// A subcommand: what runs it and how many arguments it takes after its name.
struct Subcommand {
    var run: (Options) throws(CommandFailure) -> Void
    var arguments: ClosedRange<Int>
}

/// The subcommands by name; the app itself runs when none is named.
let subcommands: [String: Subcommand] = [
    "lint": Subcommand(run: LintCommand.run, arguments: 0...1),
    "import": Subcommand(run: ImportCommand.run, arguments: 1...1),
    "history": Subcommand(run: HistoryCommand.run, arguments: 0...0),
    "reset": Subcommand(run: ResetCommand.run, arguments: 0...0),
    "public-key": Subcommand(run: PublicKeyCommand.run, arguments: 0...0),
    "keys": Subcommand(run: KeysCommand.run, arguments: 0...0),
    "open-url": Subcommand(run: OpenURLCommand.run, arguments: 1...1),
    "promote": Subcommand(run: PromoteCommand.run, arguments: 1...1),
    "bench": Subcommand(run: BenchCommand.run, arguments: 0...0),
    // Demo says itself how to call it without a script.
    "demo": Subcommand(run: DemoCommand.run, arguments: 0...1),
    "export": Subcommand(run: ExportCommand.run, arguments: 0...0),
    "receive": Subcommand(run: ReceiveCommand.run, arguments: 0...0),
    // Scenario says itself how to call it without files.
    "scenario": Subcommand(run: ScenarioSubcommand.run, arguments: 0...Int.max),
]

func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
    // A command with help of its own prints that: `storefront export --help`.
    print(arguments.first == "export" || arguments.dropFirst().first == "export" ? Help.export : Help.text)
    exit(ExitCode.success.rawValue)
}
if arguments.contains("--version") {
    print(Help.version)
    exit(ExitCode.success.rawValue)
}

// Before any ledger opens: the crash and full-disk tests' faults, from the environment.
LedgerFaultVariables.apply(from: ProcessInfo.processInfo.environment)

do throws(CommandFailure) {
    var options = try Options.parse(arguments)
    if let name = options.positional.first {
        guard let command = subcommands[name] else {
            throw CommandFailure(.usage, "unknown command \(name). See storefront --help.")
        }
        options.positional.removeFirst()
        guard command.arguments.contains(options.positional.count) else {
            let range = command.arguments
            let expected = range.upperBound == 0 ? "no arguments"
                : range.upperBound == Int.max ? "at least " + English.count(range.lowerBound, "argument")
                : range.lowerBound == range.upperBound ? English.count(range.lowerBound, "argument")
                : "at most " + English.count(range.upperBound, "argument")
            let given = options.positional.isEmpty ? "none" : options.positional.joined(separator: " ")
            throw CommandFailure(.usage, "\(name) takes \(expected), not \(given). See storefront --help.")
        }
        try command.run(options)
    } else {
        try AppCommand.run(options)
    }
    exit(ExitCode.success.rawValue)
} catch {
    // Whatever a message quotes (a file name, a theme's name, a line of a script) reaches the
    // terminal as text, never as a control sequence.
    standardError("storefront: " + ControlCharacters.escaped(error.message, keepingNewlines: true))
    exit(error.code.rawValue)
}
