import Foundation
import Testing

/// A signal and how the shell reports the app's end: 128 + the signal's number.
struct QuitSignal: Sendable, CustomTestStringConvertible {
    var name: String
    var number: Int32
    var status: Int32

    var testDescription: String { "\(name) → EXIT=\(status)" }
}

extension EndToEnd {
    /// Signals from outside and job control, as a user's system sends them: SIGTERM (shutdown,
    /// `kill`), SIGHUP (the terminal window closed), SIGINT (`kill -INT`; the Ctrl-C key is
    /// a key in raw mode), SIGQUIT (`kill -QUIT`: no backtrace drawn over the screen), a
    /// terminal that goes away with no signal at all, and Ctrl-Z in an interactive shell.
    @Suite("Signals", .needsTmux)
    struct Signals {
        @Test("a signal ends the app with the terminal restored; a purchase made before it is kept",
              arguments: [QuitSignal(name: "SIGTERM", number: SIGTERM, status: 143),
                          QuitSignal(name: "SIGHUP", number: SIGHUP, status: 129),
                          QuitSignal(name: "SIGINT", number: SIGINT, status: 130),
                          QuitSignal(name: "SIGQUIT", number: SIGQUIT, status: 131)])
        func quitOnSignal(signal: QuitSignal) throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()
            try Purchases.openPayStation(app)
            try app.pay(withCard: Purchases.succeeds)
            try app.waitUntil("the purchase is granted and shows in the panes") { screen in
                screen.pane("Pay Station") == nil
                    && screen.pane("Transactions")?.first?.hasPrefix("txn-000001 gems_100    purchased  ✓") == true
                    && screen.pane("Entitlements")?.first == "gems: 100"
            }

            // The app's own process, not the pane's shell (whose command line names the binary too).
            let pid = try app.appProcess()
            #expect(kill(pid, signal.number) == 0)
            let screen = try app.waitUntil("the shell reports EXIT=\(signal.status)") { $0.contains("EXIT=\(signal.status)") }
            // The alternate screen is gone: the shell's own screen, empty before the app, shows
            // only the exit line (an app that does not restore leaves its frame around it).
            #expect(screen.first == "EXIT=\(signal.status)")
            #expect(screen.dropFirst().allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty },
                    "the app's frame is still on screen:\n\(screen.joined(separator: "\n"))")
            #expect(app.unrestoredTerminal() == [])

            // The ledger was closed cleanly: `history` reads the purchase and the balance.
            let history = try Finished.run(try BuiltBinary.path(), ["history", "--state-dir", state.path])
            #expect(history.status == 0, "\(history.standardError)")
            let row = history.standardOutput.split(separator: "\n").first { $0.hasPrefix("txn-000001  ") }
            #expect(row?.contains("com.example.stardust.gems_100") == true, "\(history.standardOutput)")
            #expect(row?.contains("  purchased  finished  ") == true, "\(history.standardOutput)")
            #expect(history.standardOutput.contains("balance gems: 100"), "\(history.standardOutput)")
        }

        /// The app is in a session of its own, so closing the terminal (the tmux server killed)
        /// sends it no SIGHUP: it must notice the terminal itself, not poll a dead one for ever
        /// holding the state directory.
        @Test("a terminal that goes away without a SIGHUP ends the app as SIGHUP does; the lock is let go")
        func terminalGoneWithoutSignal() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            defer { unlink(state.path + ".exit") }
            let app = try TmuxSession(stateDirectory: state.path, sessionOfItsOwn: true)
            defer { app.close() }
            try app.waitForLaunch()
            try Purchases.openPayStation(app)
            try app.pay(withCard: Purchases.succeeds)
            try app.waitUntil("the purchase is granted") { $0.pane("Entitlements")?.first == "gems: 100" }
            let pid = try app.appProcess()
            // Whatever happens, the app this test started does not outlive it.
            defer { if kill(pid, 0) == 0 { kill(pid, SIGKILL) } }

            app.close()
            let status = try TerminalInspection.poll("the app's exit status in \(app.exitFile)", timeout: 30) {
                (try? String(contentsOfFile: app.exitFile, encoding: .utf8))
                    .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                    .flatMap { $0.isEmpty ? nil : $0 }
            }
            #expect(status == "EXIT=129")
            // The lock went with it: reset is not refused as "in use".
            let reset = try Finished.run(try BuiltBinary.path(), ["reset", "--state-dir", state.path])
            #expect(reset.status == 0, "\(reset.standardError)")
        }

        @Test("the restore check is not blind: SIGKILL, which no program can handle, leaves the terminal raw")
        func killedIsNotRestored() throws {
            // Without this, the test above could pass because the check sees nothing at all.
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()
            let pid = try app.appProcess()
            #expect(kill(pid, SIGKILL) == 0)
            try app.waitUntil("the shell reports EXIT=137") { $0.joined().contains("EXIT=137") }
            let wrong = app.unrestoredTerminal()
            #expect(wrong.contains { $0.hasPrefix("still on the alternate screen") }, "\(wrong)")
            #expect(wrong.contains("tty left with -icanon"), "\(wrong)")
        }

        @Test("Ctrl-Z stops the app in an interactive shell; fg brings the whole screen back and it still works")
        func suspendAndResume() throws {
            let binary = try BuiltBinary.path()
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let shell = try ShellSession()
            defer { shell.close() }
            try shell.waitForPrompt()
            shell.enter([binary, "--catalog", BuiltBinary.catalog, "--state-dir", state.path, "--user", "qa-e2e"]
                .map(ShellSession.quoted).joined(separator: " "))
            // Settled: the products request has been answered, after which nothing changes by itself.
            let before = try shell.waitUntil("the app shows its status bar, its panes and the answered products request") { screen in
                screen.statusBar.hasPrefix(" Stardust Quest │ ") && screen.pane("Transactions") != nil
                    && screen.pane("Entitlements") != nil
                    && screen.pane("Events")?.contains { $0.contains("prod.answered") } == true
            }

            shell.sendKeys("C-z")
            // bash's job-control line, and the shell's own screen back with its prompt.
            let stopped = try shell.waitUntil("bash says the job is stopped and shows its prompt") { screen in
                screen.contains { $0.hasPrefix("[1]+") && $0.contains("Stopped") }
                    && screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == "$"
            }
            #expect(!stopped.statusBar.hasPrefix(" Stardust Quest"))
            #expect(shell.paneValue("#{alternate_on}") == "0")
            #expect(shell.paneValue("#{mouse_any_flag}") == "0", "a stopped app must not leave mouse reporting on")

            shell.enter("fg")
            // Every row as it was before Ctrl-Z: curses repainted all of it, not only what changed.
            do {
                // The status bar's clock may have turned a minute meanwhile; every other cell is compared.
                try shell.waitUntil("fg brings back the screen as it was before Ctrl-Z") { Self.withoutClock($0) == Self.withoutClock(before) }
            } catch {
                Issue.record(Comment(rawValue: Self.difference(from: before, to: shell.capture())))
                throw error
            }
            #expect(shell.paneValue("#{alternate_on}") == "1")
            #expect(shell.paneValue("#{mouse_any_flag}") == "1", "the mouse works again after fg")

            // Keys reach the app again: j moves the selection.
            let marked = before.first { $0.contains("▸ ") }
            shell.sendKeys("j")
            try shell.waitUntil("j moves the selection on from \(marked ?? "nothing")") { screen in
                screen.first { $0.contains("▸ ") } != marked && screen.contains { $0.contains("▸ ") }
            }

            shell.sendKeys("q")
            try shell.waitForPrompt("q quits to the shell's prompt")
            // bash's readline keeps the tty raw at its prompt, so only the screen modes are the app's to restore.
            #expect(shell.unrestoredTerminal(checkingTTY: false) == [])
            // $? is 0 only if the job ran to its end: a job still stopped would give 148.
            shell.enter("echo EXIT=$?")
            try shell.waitUntil("the app's exit status is 0") { $0.contains("EXIT=0") }
        }

        /// The rows that differ between two screens, both versions in ASCII, for a failure message.
        /// The screen with the status bar's wall clock (`12-07 02:31`) blanked.
        static func withoutClock(_ screen: [String]) -> [String] {
            screen.enumerated().map { index, row in
                index == 0 ? row.replacing(#/\d\d-\d\d \d\d:\d\d/#, with: "MM-DD hh:mm") : row
            }
        }

        static func difference(from before: [String], to now: [String]) -> String {
            let row = { (screen: [String], index: Int) in screen.indices.contains(index) ? screen[index] : "(none)" }
            let changed = (0..<max(before.count, now.count)).filter { row(before, $0) != row(now, $0) }
            return "rows that differ from before Ctrl-Z: " + changed.map { index in
                "\nbefore \(index + 1)|\(row(before, index).asciiSketch)\nnow    \(index + 1)|\(row(now, index).asciiSketch)"
            }.joined()
        }
    }
}
