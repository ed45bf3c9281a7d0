import TestFixtures
import Testing
@testable import TerminalUI

/// A demo's caption over the top rows: whole at 80x24, wrapped at spaces, never past three rows.
@Suite("Caption bar")
struct CaptionBarTests {
    @Test("a short caption takes the top row only, a space in from each edge, in the selection's colors")
    func oneRow() {
        var frame = Frame(width: 80, height: 24)
        frame.write("status bar", x: 0, y: 0, style: .plain)
        frame.write("paywall heading", x: 0, y: 1, style: .plain)
        frame.render(CaptionBar("Pay with a test card", theme: .dark), in: frame.area)
        #expect(frame.lines[0].hasPrefix(" Pay with a test card"))
        #expect(!frame.lines[0].contains("status bar"))
        #expect(frame.lines[1].hasPrefix("paywall heading"), "the row below is left as drawn")
        #expect(frame[1, 0].style.background == Theme.dark.selectionStyle.background)
        #expect(frame[1, 0].style.bold)
    }

    @Test("a caption longer than 80 columns wraps at spaces, every word shown")
    func wrapsAt80() {
        let text = "Paid, but not granted yet: the gems come with the redirect back to the game, which Pay Station sends two seconds after the payment."
        let lines = CaptionBar.lines(for: text, width: 80)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 78 })
        #expect(lines.joined(separator: " ") == text)
        var frame = Frame(width: 80, height: 24)
        frame.render(CaptionBar(text, theme: .dark), in: frame.area)
        #expect(frame.lines[0].hasPrefix(" Paid, but not granted yet"))
        #expect(frame.lines[1].contains("two seconds after the payment."))
    }

    @Test("past three rows the rest is cut with …")
    func atMostThreeRows() {
        let text = String(repeating: "word ", count: 100)
        let lines = CaptionBar.lines(for: text, width: 40)
        #expect(lines.count == CaptionBar.maximumLines)
        #expect(lines.last?.hasSuffix("…") == true)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 38 })
    }

    @Test("a note goes beside the caption's last row where both fit, else on a row of its own; the caption is never cut")
    func noteBesideOrUnder() {
        let note = "End of the demo · ← plays it again · q quits"
        let short = CaptionBar.lines(for: "Paid.", note: note, width: 80)
        #expect(short.count == 1)
        #expect(short[0].hasPrefix("Paid.") && short[0].hasSuffix(note) && DisplayWidth.of(short[0]) == 78)
        let long = "The parent approved: the purchase arrives on Transaction.updates, is unlocked and finished, and the gems are in."
        let lines = CaptionBar.lines(for: long, note: note, width: 80)
        #expect(Array(lines.prefix(2)) == CaptionBar.lines(for: long, width: 80))
        #expect(lines.count == 3 && lines[2] == note)
        let narrow = CaptionBar.lines(for: long, note: note, width: 30)
        #expect(narrow.dropLast() == ArraySlice(CaptionBar.lines(for: long, width: 30)))
        #expect(narrow.last?.hasSuffix("…") == true && DisplayWidth.of(narrow.last ?? "") <= 28)
        var frame = Frame(width: 80, height: 24)
        frame.render(CaptionBar(nil, note: note, theme: .dark), in: frame.area)
        #expect(frame.lines[0].hasPrefix(" " + note))
    }

    @Test("without color the caption is drawn reversed, so it still stands out")
    func monochrome() {
        var frame = Frame(width: 80, height: 24)
        frame.render(CaptionBar("Hello", theme: .dark.monochrome, colorEnabled: false), in: frame.area)
        #expect(frame[1, 0].style.reverse)
    }

    @Test("without Events, the live panes are two and Events is never hit, side by side or tabbed")
    func layoutWithoutEvents() throws {
        let wide = ScreenLayout(width: 120, height: 40, showsEvents: false)
        #expect(wide.livePanes == [.transactions, .entitlements])
        #expect(wide.events.isEmpty)
        #expect(wide.transactions.width + wide.entitlements.width == 120)
        #expect(layoutHits(wide).contains(.events) == false)
        let narrow = ScreenLayout(width: 80, height: 24, shownPane: .events, showsEvents: false)
        let tabs = try #require(narrow.tabs)
        #expect(tabs.labels.map(\.pane) == [.transactions, .entitlements])
        #expect(tabs.shown == .transactions, "a hidden pane is never the one shown")
        #expect(layoutHits(narrow).contains(.events) == false)
    }

    /// Every pane a click anywhere on the screen finds.
    private func layoutHits(_ layout: ScreenLayout) -> Set<Pane> {
        var hits: Set<Pane> = []
        let width = layout.statusBar.width
        let height = layout.hintBar.maxY
        for y in 0..<height { for x in 0..<width { if let pane = layout.pane(at: x, y) { hits.insert(pane) } } }
        return hits
    }
}
