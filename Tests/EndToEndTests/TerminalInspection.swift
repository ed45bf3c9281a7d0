import Foundation
import Testing

/// Looking at a tmux pane from outside, as the signal tests need: which process runs in it, and
/// whether the program left the terminal as it found it. Read from tmux's own view of the pane
/// (alternate screen, mouse and keypad modes) and from the pty's termios (raw or cooked).
enum TerminalInspection {
    /// A tmux format (`#{pane_pid}`, `#{alternate_on}`) for the only pane on the private server
    /// `socket`; nil when tmux does not answer.
    static func paneValue(socket: String, _ format: String) -> String? {
        guard let tmux = TmuxSession.tmux else { return nil }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        guard let answer = try? Spawned.run(tmux, ["-L", socket, "-f", "/dev/null", "display-message", "-p", format],
                                            environment: environment, capturingOutput: true),
              answer.status == 0
        else { return nil }
        return answer.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The children of `parent` named `name` (the kernel's 15-character `comm`), from /proc.
    /// Matching the parent, not a command-line pattern: the tmux server's and the pane shell's
    /// command lines contain the binary's path too.
    static func children(of parent: pid_t, named name: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ")".
            let comm = String(stat[stat.index(after: open)..<close])
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, let ppid = pid_t(fields[1]), ppid == parent, comm == String(name.prefix(15)) else {
                return nil
            }
            return pid
        }
    }

    /// Polls every 50 ms for up to `timeout` seconds until `value` gives something; records an
    /// issue naming `description` and throws when it never does.
    static func poll<T>(_ description: String, timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation,
                        _ value: () -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = value() { return found }
            guard Date() < deadline else {
                Issue.record("Gave up after \(Int(timeout)) s waiting for \(description)", sourceLocation: sourceLocation)
                throw EndToEndStop("waiting for \(description)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// What a full-screen program must give back when it leaves: the shell's screen, no mouse
    /// reporting, a visible cursor, normal cursor keys, and a cooked tty (line editing, echo,
    /// Ctrl-C as a signal). Returns what is still wrong, empty when all is restored.
    static func unrestored(socket: String, checkingTTY: Bool = true) -> [String] {
        var wrong: [String] = []
        let expected = [
            ("alternate_on", "0", "still on the alternate screen"),
            ("mouse_any_flag", "0", "mouse reporting still on"),
            ("mouse_sgr_flag", "0", "SGR mouse mode still on"),
            ("cursor_flag", "1", "cursor still hidden"),
            ("keypad_cursor_flag", "0", "application cursor keys still on"),
        ]
        for (flag, value, problem) in expected {
            let actual = paneValue(socket: socket, "#{\(flag)}")
            if actual != value { wrong.append("\(problem) (\(flag)=\(actual ?? "no answer"))") }
        }
        guard checkingTTY else { return wrong }
        guard let tty = paneValue(socket: socket, "#{pane_tty}"), let modes = localModes(tty: tty) else {
            return wrong + ["cannot read the pane's tty modes"]
        }
        for (flag, name) in [(ICANON, "icanon"), (ECHO, "echo"), (ISIG, "isig")] where modes & tcflag_t(flag) == 0 {
            wrong.append("tty left with -\(name)")
        }
        return wrong
    }

    /// The local-mode flags (`c_lflag`) of a pty, read without becoming its controlling process.
    private static func localModes(tty: String) -> tcflag_t? {
        let descriptor = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var attributes = termios()
        guard tcgetattr(descriptor, &attributes) == 0 else { return nil }
        return attributes.c_lflag
    }
}

extension TmuxSession {
    /// The pid of the `storefront` process in the pane: a child of the pane's shell.
    func appProcess(sourceLocation: SourceLocation = #_sourceLocation) throws -> pid_t {
        try TerminalInspection.poll("the storefront process in the pane", sourceLocation: sourceLocation) {
            guard let shell = TerminalInspection.paneValue(socket: socket, "#{pane_pid}").flatMap({ pid_t($0) }) else {
                return nil
            }
            let found = TerminalInspection.children(of: shell, named: "storefront")
            return found.count == 1 ? found[0] : nil
        }
    }

    /// What the app left unrestored in the terminal; empty when all is as before it started.
    func unrestoredTerminal() -> [String] {
        TerminalInspection.unrestored(socket: socket)
    }
}
