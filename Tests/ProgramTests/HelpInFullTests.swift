import Program
import TerminalUI
import TestFixtures
import Testing

/// Issue 7 item 6: help lines were cut at any width. The help wraps each description under
/// itself and scrolls when the screen is short: at 60x18 every key and every word of its
/// description can be read, and nothing is cut with "…".
@Suite("Help in full")
struct HelpInFullTests {
    @Test("Every key, whole, by scrolling", arguments: [ScreenSize(width: 60, height: 18), ScreenSize(width: 80, height: 24)])
    func everyKey(size: ScreenSize) throws {
        var app = makeApp(width: size.width, height: size.height)
        app.receive(.key(.character("?")))
        #expect(app.showsHelp)
        var lines: [Int: String] = [:]
        var last = -1
        while let scroll = app.overlay?.scroll, scroll != last {
            last = scroll
            let frame = app.view()
            let box = try #require(frame.box(titled: "Keys"), "\(frame.text)")
            let inside = frame.inside(box)
            #expect(!inside.contains { $0.contains("…") }, "\(inside.joined(separator: "\n"))")
            for (row, line) in inside.dropLast().enumerated() { lines[scroll + row] = line }
            app.receive(.key(.down))
        }
        let text = lines.keys.sorted().compactMap { lines[$0] }.joined().filter { !$0.isWhitespace }
        for line in Keymap.help {
            #expect(text.contains(line.keys.filter { !$0.isWhitespace }), "\(line.keys)")
            #expect(text.contains(line.text.filter { !$0.isWhitespace }), "\(line.text)")
        }
        app.receive(.key(.escape))
        #expect(!app.showsHelp)
    }

    /// At 60x18 the keys do not fit: the footer says how many lines wait below, and ↑ comes back.
    @Test func theFooterCountsWhatIsBelow() throws {
        var app = makeApp(width: 60, height: 18)
        app.receive(.key(.character("?")))
        let frame = app.view()
        let box = try #require(frame.box(titled: "Keys"))
        #expect(frame.inside(box).last?.contains("▼") == true)
        app.receive(.key(.down), .key(.down), .key(.up))
        #expect(app.overlay?.scroll == 1)
    }
}
