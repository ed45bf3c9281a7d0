import Foundation
import Testing

/// The app running in a detached tmux session on a private server (`tmux -L`), after fzf's
/// `test/lib/common.rb`: send keys, capture the screen, and poll until it shows what the user
/// expects. Nothing here sleeps to synchronize; `waitUntil` polls every 50 ms for up to a minute and
/// records the whole screen when it gives up.
final class TmuxSession {
    static let tmux: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var isInstalled: Bool { tmux != nil }

    let socket: String
    let stateDirectory: String
    /// Where a session started with `sessionOfItsOwn` writes `EXIT=<status>`.
    var exitFile: String { stateDirectory + ".exit" }
    private let target = "storefront"
    private var socketPath: String?
    private var closed = false

    /// Starts `storefront` at width x height on the default catalog, its ledger in
    /// `stateDirectory`, as user qa-e2e. After the app ends the pane shows `EXIT=<status>`.
    /// `environment` adds variables for the app alone (such as `STOREFRONT_CRASH_AT`).
    ///
    /// `sessionOfItsOwn` runs the app in a session of its own (`setsid`), under a shell that
    /// ignores SIGHUP: when the terminal goes, no SIGHUP reaches the app, as for one started
    /// with `setsid` or whose parent blocked the signal. Its status then goes to `exitFile`.
    ///
    /// `command` replaces everything after the binary (a subcommand that takes no state
    /// directory, such as `demo`), run from the package's root. `directory` runs the app from
    /// there instead (outside the checkout, where no `Themes/` folder is at hand).
    init(stateDirectory: String, width: Int = 120, height: Int = 40, arguments: [String] = [],
         environment: [String: String] = [:], sessionOfItsOwn: Bool = false, command: [String]? = nil,
         directory: String? = nil) throws {
        let binary = try BuiltBinary.path()
        socket = "storefront-e2e-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())"
        self.stateDirectory = stateDirectory
        let app = command.map { [binary] + $0 }
            ?? [binary, "--catalog", BuiltBinary.catalog, "--state-dir", stateDirectory, "--user", "qa-e2e"] + arguments
        let extra = environment.sorted { $0.key < $1.key }.map { Self.quoted("\($0.key)=\($0.value)") + " " }.joined()
        let start = directory ?? (command == nil ? nil : BuiltBinary.root)
        let launch = (start.map { "cd \(Self.quoted($0)) && " } ?? "") + "env TERM=xterm-256color LANG=C.UTF-8 NO_COLOR= \(extra)"
        let command = sessionOfItsOwn
            ? "trap '' HUP; \(launch)setsid \(app.map(Self.quoted).joined(separator: " ")); echo \"EXIT=$?\" > \(Self.quoted(exitFile))"
            : "\(launch)\(app.map(Self.quoted).joined(separator: " ")); echo \"EXIT=$?\"; sleep 60"
        try tmux("new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)", command)
        socketPath = try? tmux("display-message", "-p", "-t", target, "#{socket_path}")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit { close() }

    /// Kills the private tmux server and with it the app (or the `sleep` after it).
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? tmux("kill-server")
        // tmux leaves the socket file behind; remove it once nothing answers on it.
        if let socketPath, socketPath.hasSuffix("/" + socket) { unlink(socketPath) }
    }

    /// Keys by tmux name, sent as one burst: `Enter`, `Escape`, `Tab`, `j`, `?`.
    func sendKeys(_ keys: String...) {
        _ = try? tmux(["send-keys", "-t", target] + keys)
    }

    /// Literal text, as if typed.
    func type(_ text: String) {
        _ = try? tmux("send-keys", "-t", target, "-l", text)
    }

    /// A left click at a 0-based screen cell, as an xterm sends it in SGR mouse mode.
    func click(column: Int, row: Int) {
        type("\u{1B}[<0;\(column + 1);\(row + 1)M")
        type("\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    /// The mouse wheel turned down one notch over a cell.
    func wheelDown(column: Int, row: Int) {
        type("\u{1B}[<65;\(column + 1);\(row + 1)M")
    }

    /// Resizes the window, as a user dragging the terminal would.
    func resize(width: Int, height: Int) {
        _ = try? tmux("resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)")
    }

    /// The visible screen, one string per row (trailing blanks trimmed by tmux).
    func capture() -> [String] {
        guard let text = try? tmux("capture-pane", "-p", "-t", target) else { return [] }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The visible screen with the SGR escapes tmux keeps for each cell's colors and attributes
    /// (`capture-pane -e`), for tests of what colors the terminal was sent.
    func captureWithEscapes() -> [String] {
        guard let text = try? tmux("capture-pane", "-p", "-e", "-t", target) else { return [] }
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the screen every 50 ms until `predicate` holds and returns that screen. After
    /// `timeout` seconds records an issue with `description` and the whole screen, and throws.
    /// The limit is a minute: far beyond what any step takes on an idle machine, so a loaded one
    /// (two test runs on two cores) is slower but never fails for it; only a stuck app does.
    @discardableResult
    func waitUntil(_ description: String, timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation,
                   _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = capture()
        while !predicate(screen) {
            guard Date() < deadline else {
                let numbered = screen.enumerated().map { String(format: "%2d|", $0.offset + 1) + $0.element }
                let report = "Gave up after \(Int(timeout)) s waiting until \(description). The screen:\n"
                    + numbered.joined(separator: "\n")
                let saved = Self.save(report)
                Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
                // `swift test` (6.3, Linux) drops output when a pipe read splits a UTF-8 character, which
                // a screen of box drawing often makes it do: the error repeats the screen in ASCII.
                throw EndToEndStop("waiting until \(description)" + (saved.map { "; the screen is saved in \($0)" } ?? "")
                                   + "; in ASCII:\n" + numbered.map(\.asciiSketch).joined(separator: "\n"))
            }
            Thread.sleep(forTimeInterval: 0.05)
            screen = capture()
        }
        return screen
    }

    /// Keeps a copy of a failure's screen in the temporary directory; returns its path.
    private static func save(_ report: String) -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-e2e-screens")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let file = directory.appendingPathComponent("\(stamp)-\(UUID().uuidString.prefix(6)).txt")
        return (try? report.write(to: file, atomically: true, encoding: .utf8)) == nil ? nil : file.path
    }

    // MARK: Steps that recur in many tests, each waiting for its visible result.

    /// Waits for the first frame: the status bar of the USA storefront, and the products the
    /// launch asked for (on a loaded machine the first frame may come before the answer, and
    /// keys pressed then would move over a shorter shop than the one that follows).
    @discardableResult
    func waitForLaunch(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try waitUntil("the app shows its status bar and its products", sourceLocation: sourceLocation) {
            $0.statusBar.hasPrefix(" Stardust Quest │ ") && $0.pane("Transactions") != nil
                && !$0.joined().contains("Loading products…")
        }
    }

    /// Presses `i` until the status bar names the integration path `name` (`StoreKit 2`, `Xee`).
    func choosePath(named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for _ in 0..<3 where !capture().statusBar.contains(name) {
            let before = capture().statusBar
            sendKeys("i")
            try waitUntil("the status bar shows the next path", sourceLocation: sourceLocation) { $0.statusBar != before }
        }
        try waitUntil("the status bar shows the \(name) path", timeout: 0, sourceLocation: sourceLocation) {
            $0.statusBar.contains(name)
        }
    }

    /// Moves the paywall's selection (`▸`) onto the product named `name`, a key at a time, each
    /// towards the name as the screen shows it (`l` when it is further on in reading order, `h`
    /// when it is behind), waiting for each move to show before the next. On a loaded machine
    /// a capture can catch a frame half drawn and a move can go one too far; the next key then
    /// comes back, so the selection ends on the name whatever the timing. Left-to-right
    /// paywalls only.
    func select(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for _ in 0..<20 {
            let screen = capture()
            if screen.shows("▸ " + name) { return }
            let selection = screen.position(of: "▸ ")
            guard let target = screen.position(of: name) else { break }
            let forward = selection.map { $0 < target } ?? true
            sendKeys(forward ? "l" : "h")
            try waitUntil("the selection moves on from row \(selection.map { "\($0.row + 1)" } ?? "none") towards \(name)",
                          sourceLocation: sourceLocation) { $0.position(of: "▸ ") != selection }
        }
        try waitUntil("the selection reaches \(name)", timeout: 0, sourceLocation: sourceLocation) { $0.shows("▸ " + name) }
    }

    /// Fills the open Pay Station card form (expiry 12/40, CVV 123) and presses Enter on the last field.
    func pay(withCard number: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let grouped = stride(from: 0, to: number.count, by: 4).map { offset -> String in
            let start = number.index(number.startIndex, offsetBy: offset)
            return String(number[start..<number.index(start, offsetBy: min(4, number.count - offset))])
        }.joined(separator: " ")
        type(number)
        try waitUntil("the card number field shows \(grouped)", sourceLocation: sourceLocation) {
            $0.sheetLine(startingWith: "▸ Card number")?.contains(grouped) == true
        }
        sendKeys("Enter")
        try waitUntil("the Expiry field has the focus", sourceLocation: sourceLocation) {
            $0.sheetLine(startingWith: "▸ Expiry") != nil
        }
        type("1240")
        try waitUntil("the Expiry field shows 12/40", sourceLocation: sourceLocation) {
            $0.sheetLine(startingWith: "▸ Expiry")?.contains("12/40") == true
        }
        sendKeys("Enter")
        try waitUntil("the CVV field has the focus", sourceLocation: sourceLocation) {
            $0.sheetLine(startingWith: "▸ CVV") != nil
        }
        type("123")
        try waitUntil("the CVV field shows three dots", sourceLocation: sourceLocation) {
            $0.sheetLine(startingWith: "▸ CVV")?.contains("•••") == true
        }
        sendKeys("Enter")
    }

    /// Presses `q` and waits for the shell line after the app: `EXIT=0`.
    func quit(sourceLocation: SourceLocation = #_sourceLocation) throws {
        sendKeys("q")
        try waitUntil("the app quits with EXIT=0", sourceLocation: sourceLocation) { $0.contains("EXIT=0") }
    }

    // MARK: Running tmux

    @discardableResult
    private func tmux(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        guard let tmux = Self.tmux else { throw EndToEndStop("tmux is not installed") }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        let finished = try Spawned.run(tmux, ["-L", socket, "-f", "/dev/null"] + arguments, environment: environment,
                                       capturingOutput: ["capture-pane", "display-message"].contains(arguments[0]))
        if arguments.first == "new-session", finished.status != 0 {
            throw EndToEndStop("tmux new-session exited with \(finished.status)")
        }
        return finished.output
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Runs a program with `posix_spawn` and waits for it with `waitpid`. Not Foundation's `Process`
/// for tmux: on Linux it waits for an inherited socket to close, which the tmux server that
/// `new-session` leaves behind keeps open, and the child inherits a blocked signal mask.
enum Spawned {
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    capturingOutput: Bool) throws -> (status: Int32, output: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGCHLD, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pipeEnds: [Int32] = [-1, -1]
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capturingOutput {
            guard pipe(&pipeEnds) == 0 else { throw EndToEndStop("pipe failed: errno \(errno)") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        var output = Data()
        if capturingOutput {
            close(pipeEnds[1])
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(pipeEnds[0], &buffer, buffer.count)
                if count > 0 {
                    output.append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(pipeEnds[0])
        }
        guard spawned == 0 else { throw EndToEndStop("cannot run \(executable): errno \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { break }
        }
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }
}
