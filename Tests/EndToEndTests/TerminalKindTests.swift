import Foundation
import Testing

extension EndToEnd {
    /// The app on terminals other than the tests' xterm-256color: a TERM this machine has no
    /// description for, 8 colors, no color, a locale that is not UTF-8. What the terminal was
    /// sent is read back from tmux, colors included (`capture-pane -e`).
    @Suite("Terminal kinds", .needsTmux)
    struct TerminalKinds {
        @Test("An unknown TERM draws as xterm-256color and says so once", arguments: ["xterm-kitty", "xterm-ghostty", "alacritty"])
        func unknownTerm(term: String) throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, environment: ["TERM": term])
            defer { app.close() }
            let screen = try app.waitUntil("the app starts and names the fallback") {
                $0.statusBar.contains("theme dark") && $0.bottomLine == "TERM \(term) is not known here; drawing as xterm-256color."
            }
            #expect(screen.shows("Paywall main"))
            #expect(!screen.shows("Error opening terminal"))
            // Said once: the next notice replaces it, and nothing brings it back.
            app.sendKeys("t")
            try app.waitUntil("t shows its own line") { $0.bottomLine == "Theme light." }
            try app.quit()
            try app.waitUntil("the app exits 0") { $0.shows("EXIT=0") }
        }

        /// Box lines included: the dark theme's card borders were once black on black.
        @Test("8 colors: every character differs from its ground, in every theme", arguments: ["dark", "light", "high-contrast", "neon", "calm"])
        func eightColors(theme: String) throws {
            // The paywall, then the Pay Station page over it in its own look.
            for opensPayStation in [false, true] {
                let cells = try styledScreen(term: "xterm", theme: theme, opensPayStation: opensPayStation)
                let hidden = cells.filter { $0.character != " " && ($0.foreground == nil || $0.foreground == $0.background) }
                #expect(hidden.isEmpty, "\(hidden.prefix(5).map(\.description))")
                #expect(Set(cells.compactMap(\.foreground)).isSubset(of: Set(0..<8)))
            }
        }

        @Test("256 colors: letters and digits keep 4.5:1 against their ground, in every theme",
              arguments: ["dark", "light", "high-contrast", "neon", "calm"])
        func indexedColors(theme: String) throws {
            let cells = try styledScreen(term: "xterm-256color", theme: theme)
            let faint = cells.filter { cell in
                guard cell.isVisibleText, let fore = cell.foreground, let back = cell.background else { return cell.isVisibleText }
                return XtermPalette.contrast(fore, back) < 4.5
            }
            #expect(faint.isEmpty, "\(faint.prefix(5).map(\.description))")
        }

        /// A direct-color description, compiled for the test with `tic` as Debian's ncurses-term
        /// would install it: with `COLORTERM=truecolor` the dark theme's accent and ground reach
        /// tmux as the theme writes them; without it, as 256-color indexes.
        @Test func trueColorWhereTheTerminalSaysSo() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let source = directory.path + "/xterm-direct.src"
            try """
                xterm-direct|xterm with direct-color indexing (a test's copy),
                \tuse=xterm-256color, RGB, colors#0x1000000, pairs#0x10000, initc@, ccc@, oc@,
                \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48\\:2\\:\\:%p1%{65536}%/%d\\:%p1%{256}%/%{255}%&%d\\:%p1%{255}%&%d%;m,
                \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38\\:2\\:\\:%p1%{65536}%/%d\\:%p1%{256}%/%{255}%&%d\\:%p1%{255}%&%d%;m,

                """.write(toFile: source, atomically: true, encoding: .utf8)
            let tic = try #require(["/usr/bin/tic", "/bin/tic"].first { FileManager.default.isExecutableFile(atPath: $0) })
            let compiled = try Spawned.run(tic, ["-x", "-o", directory.path + "/terminfo", source],
                                           environment: ProcessInfo.processInfo.environment, capturingOutput: true)
            try #require(compiled.status == 0, "\(compiled.output)")
            for colorTerm in ["truecolor", ""] {
                let state = try TemporaryDirectory()
                defer { state.remove() }
                let app = try TmuxSession(stateDirectory: state.path, environment: [
                    "TERMINFO": directory.path + "/terminfo", "COLORTERM": colorTerm,
                ])
                defer { app.close() }
                try app.waitForLaunch()
                let screen = app.captureWithEscapes().joined(separator: "\n")
                // accent #7cc4ff on background #12141c
                #expect(screen.contains("38;2;124;196;255") == !colorTerm.isEmpty)
                #expect(screen.contains("48;2;18;20;28") == !colorTerm.isEmpty)
                #expect(screen.contains("38;5;") == colorTerm.isEmpty)
                try app.quit()
            }
        }

        @Test func noColorStillDrawsWithoutColor() throws {
            let cells = try styledScreen(term: "xterm", theme: "light", environment: ["NO_COLOR": "1"])
            #expect(cells.allSatisfy { $0.foreground == nil && $0.background == nil })
            #expect(cells.contains { $0.isVisibleText })
        }

        @Test("LANG=C: ASCII borders and marks, never a byte of UTF-8")
        func asciiLocale() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, width: 80, height: 24, environment: ["LANG": "C", "LC_ALL": "C"])
            defer { app.close() }
            let screen = try app.waitUntil("the paywall in ASCII") { $0.contains { $0.hasPrefix("+- Paywall main . store_open") } }
            #expect(screen.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(screen.joined(separator: "\n"))")
            #expect(screen.shows("| v Double rewards") && screen.shows("Restore purchases . Terms . Privacy"))
            try app.quit()
        }

        /// Launches with `TERM=term` in `theme`, waits for the paywall, and reads every cell back.
        private func styledScreen(term: String, theme: String, environment: [String: String] = [:],
                                  opensPayStation: Bool = false) throws -> [StyledCell] {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path, width: 120, height: 40, arguments: ["--theme", theme],
                                      environment: environment.merging(["TERM": term]) { first, _ in first })
            defer { app.close() }
            try app.waitUntil("the paywall and its links are drawn") {
                $0.statusBar.contains("theme \(theme)") && $0.shows("Restore purchases · Terms · Privacy")
            }
            if opensPayStation {
                app.sendKeys("Enter")
                try app.waitUntil("the Pay Station page is drawn whole") { $0.shows("Sandbox test cards") && $0.shows("Esc cancel") }
            }
            let cells = StyledCell.parse(app.captureWithEscapes())
            // With the page open `q` types into its card form; closing the session ends the app.
            if !opensPayStation { try app.quit() }
            return cells
        }
    }
}

/// One character of a captured line and the colors in effect for it: ANSI 0–7 (30–37 and
/// 90–97 fold onto them), or a 256-color index; nil for the terminal's default. tmux writes only
/// what changes from one cell to the next, across lines too, so a capture is read as one stream.
struct StyledCell: CustomStringConvertible {
    var character: Character
    var row: Int
    var foreground: Int?
    var background: Int?
    var reverse = false

    /// Letters and digits: what must be read. Box lines and marks may be faint by design.
    var isVisibleText: Bool { character.isLetter || character.isNumber }

    var description: String {
        "'\(character)' row \(row) fg \(foreground.map(String.init) ?? "default") bg \(background.map(String.init) ?? "default")"
    }

    static func parse(_ lines: [String]) -> [StyledCell] {
        var state = StyledCell(character: " ", row: 0)
        return lines.enumerated().flatMap { row, line in
            state.row = row
            return parse(line, continuing: &state)
        }
    }

    private static func parse(_ line: String, continuing state: inout StyledCell) -> [StyledCell] {
        var cells: [StyledCell] = []
        let row = state.row
        var scalars = Array(line.unicodeScalars)[...]
        var text = ""
        func flush() {
            for character in text { cells.append(StyledCell(character: character, row: row, foreground: state.foreground,
                                                             background: state.background, reverse: state.reverse)) }
            text = ""
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            guard scalar == "\u{1B}", scalars.first == "[" else { text.unicodeScalars.append(scalar); continue }
            flush()
            scalars = scalars.dropFirst()
            var parameters = ""
            while let next = scalars.first, !("@"..."~").contains(next) { parameters.unicodeScalars.append(next); scalars = scalars.dropFirst() }
            let final = scalars.first
            scalars = scalars.dropFirst()
            guard final == "m" else { continue }
            state.apply(parameters)
        }
        flush()
        if cells.contains(where: \.reverse) {
            cells = cells.map { cell in
                guard cell.reverse else { return cell }
                var swapped = cell
                swapped.foreground = cell.background
                swapped.background = cell.foreground
                return swapped
            }
        }
        return cells
    }

    private mutating func apply(_ parameters: String) {
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        if codes.isEmpty { codes = [0] }
        while let code = codes.first {
            codes = codes.dropFirst()
            switch code {
            case 0: foreground = nil; background = nil; reverse = false
            case 7: reverse = true
            case 27: reverse = false
            case 30...37: foreground = code - 30
            case 90...97: foreground = code - 90
            case 39: foreground = nil
            case 40...47: background = code - 40
            case 100...107: background = code - 100
            case 49: background = nil
            case 38, 48:
                guard codes.first == 5, codes.count >= 2 else { continue }
                let index = codes.dropFirst().first ?? 0
                codes = codes.dropFirst(2)
                if code == 38 { foreground = index } else { background = index }
            default: continue
            }
        }
    }
}

/// xterm's colors, to judge contrast as a reader of that terminal sees it (WCAG 2's formula).
enum XtermPalette {
    static let basic: [(Int, Int, Int)] = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
                                           (0, 205, 205), (229, 229, 229)]

    static func rgb(_ index: Int) -> (Int, Int, Int) {
        let levels = [0, 95, 135, 175, 215, 255]
        switch index {
        case 232...255: return (8 + (index - 232) * 10, 8 + (index - 232) * 10, 8 + (index - 232) * 10)
        case 16...231: return (levels[(index - 16) / 36], levels[(index - 16) / 6 % 6], levels[(index - 16) % 6])
        default: return basic[index & 7]
        }
    }

    static func contrast(_ first: Int, _ second: Int) -> Double {
        func luminance(_ color: (Int, Int, Int)) -> Double {
            func linear(_ value: Int) -> Double {
                let v = Double(value) / 255
                return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(color.0) + 0.7152 * linear(color.1) + 0.0722 * linear(color.2)
        }
        let a = luminance(rgb(first)), b = luminance(rgb(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
