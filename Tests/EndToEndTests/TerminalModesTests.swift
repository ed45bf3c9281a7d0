import Foundation
import Testing

extension EndToEnd {
    /// What the app tells the terminal at start and at exit, read from the bytes it wrote
    /// (`script` between tmux and the app keeps a copy): the BiDi convention's explicit mode,
    /// so a terminal that reorders right-to-left text leaves the app's visual order alone, and
    /// the width probe's questions; the terminal's implicit mode again when the app quits.
    @Suite("Terminal modes", .needsTmux)
    struct TerminalModes {
        @Test("BiDi explicit mode while the app runs, implicit after; the width probe asks and leaves nothing on screen")
        func bidiModeAndProbe() throws {
            let binary = try BuiltBinary.path()
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let log = state.path + "/typescript"
            let shell = try ShellSession()
            defer { shell.close() }
            try shell.waitForPrompt()
            let app = [binary, "--catalog", BuiltBinary.catalog, "--state-dir", state.path + "/state", "--user", "qa-e2e",
                       "--storefront", "SAU"].map(ShellSession.quoted).joined(separator: " ")
            shell.enter("script -q -f -c \(ShellSession.quoted(app)) \(ShellSession.quoted(log))")
            let screen = try shell.waitUntil("the app shows the Arabic storefront") { screen in
                screen.statusBar.contains("│ SAU ar_SA SAR │") && screen.pane("Transactions") != nil
            }
            // The probe's samples were erased: the first row is the status bar alone.
            #expect(screen.statusBar.hasPrefix(" Stardust Quest │ "), "\(screen.statusBar)")
            let running = try String(contentsOfFile: log, encoding: .utf8)
            #expect(running.contains("\u{1B}[8l"), "BiDi explicit mode is set at start")
            #expect(running.contains("\u{1B}[?2027$p") && running.contains("\u{1B}[6n"), "the width probe asks")
            #expect(!running.contains("\u{1B}[8h"))

            shell.sendKeys("q")
            try shell.waitForPrompt("the shell's prompt after q")
            let ended = try String(contentsOfFile: log, encoding: .utf8)
            let explicit = try #require(ended.range(of: "\u{1B}[8l", options: .backwards))
            let implicit = try #require(ended.range(of: "\u{1B}[8h", options: .backwards), "implicit mode is given back")
            #expect(explicit.upperBound <= implicit.lowerBound)
        }
    }
}
