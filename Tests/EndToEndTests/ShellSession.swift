import Foundation
import Testing

/// An interactive bash (`bash --norc -i`, prompt `$ `) in a detached tmux session on a private
/// server: the user's shell, with job control, for typing commands and Ctrl-Z / `fg`. Polls like
/// TmuxSession; never sleeps to synchronize.
final class ShellSession {
    let socket: String
    private let target = "shell"
    private var closed = false

    init(width: Int = 120, height: Int = 40) throws {
        guard TmuxSession.tmux != nil else { throw EndToEndStop("tmux is not installed") }
        socket = "storefront-e2e-shell-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
        // The same terminal settings as TmuxSession gives the app; no history file is written.
        let shell = "env TERM=xterm-256color LANG=C.UTF-8 NO_COLOR= PS1='$ ' HISTFILE=/dev/null bash --norc -i"
        let started = try run("new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)", shell)
        guard started.status == 0 else { throw EndToEndStop("tmux new-session exited with \(started.status)") }
    }

    deinit { close() }

    /// Kills the private server: bash gets SIGHUP and passes it on to its jobs.
    func close() {
        guard !closed else { return }
        let socketPath = try? run("display-message", "-p", "#{socket_path}").output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        closed = true
        _ = try? run("kill-server")
        if let socketPath, socketPath.hasSuffix("/" + socket) { unlink(socketPath) }
    }

    /// Keys by tmux name (`Enter`, `C-z`, `j`).
    func sendKeys(_ keys: String...) {
        _ = try? run(["send-keys", "-t", target] + keys)
    }

    /// Literal text, as if typed.
    func type(_ text: String) {
        _ = try? run("send-keys", "-t", target, "-l", text)
    }

    /// Types a command line and presses Enter, as a user does.
    func enter(_ command: String) {
        type(command)
        sendKeys("Enter")
    }

    /// The visible screen, one string per row.
    func capture() -> [String] {
        guard let text = try? run("capture-pane", "-p", "-t", target).output else { return [] }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The last row with anything on it: where bash's prompt is when it waits for a command.
    var lastLine: String {
        capture().last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    /// Polls the screen every 50 ms until `predicate` holds; after `timeout` seconds records the
    /// screen with `description` and throws.
    @discardableResult
    func waitUntil(_ description: String, timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation,
                   _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = capture()
        while !predicate(screen) {
            guard Date() < deadline else {
                let numbered = screen.enumerated().map { String(format: "%2d|", $0.offset + 1) + $0.element }
                Issue.record(Comment(rawValue: "Gave up after \(Int(timeout)) s waiting until \(description). The screen:\n"
                                     + numbered.joined(separator: "\n")), sourceLocation: sourceLocation)
                throw EndToEndStop("waiting until \(description); in ASCII:\n" + numbered.map(\.asciiSketch).joined(separator: "\n"))
            }
            Thread.sleep(forTimeInterval: 0.05)
            screen = capture()
        }
        return screen
    }

    /// Waits for bash's prompt on the last line, with no program in the foreground.
    func waitForPrompt(_ description: String = "bash shows its prompt", sourceLocation: SourceLocation = #_sourceLocation) throws {
        try waitUntil(description, sourceLocation: sourceLocation) { screen in
            screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == "$"
        }
    }

    /// A tmux format for the pane, such as `#{alternate_on}`.
    func paneValue(_ format: String) -> String? {
        TerminalInspection.paneValue(socket: socket, format)
    }

    /// What the program in the foreground left unrestored; empty when all is as before.
    func unrestoredTerminal(checkingTTY: Bool = true) -> [String] {
        TerminalInspection.unrestored(socket: socket, checkingTTY: checkingTTY)
    }

    /// A word quoted for bash.
    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    @discardableResult
    private func run(_ arguments: String...) throws -> (status: Int32, output: String) {
        try run(arguments)
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let tmux = TmuxSession.tmux else { throw EndToEndStop("tmux is not installed") }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        return try Spawned.run(tmux, ["-L", socket, "-f", "/dev/null"] + arguments, environment: environment,
                               capturingOutput: ["capture-pane", "display-message"].contains(arguments[0]))
    }
}
