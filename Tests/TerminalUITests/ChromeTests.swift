import Testing
@testable import TerminalUI

/// The help overlay lists the keys of DESIGN.md §6, and the screen layout maps clicks to panes.
@Suite("Chrome")
struct ChromeTests {
    @Test(arguments: ["Enter", "Esc", "Tab / Shift-Tab", "s / S", "t", "v", "i", "e", "r", "?", "q / Ctrl-C", "Ctrl-Z", "mouse"])
    func helpListsTheKey(key: String) {
        #expect(HelpOverlay.keys.contains { $0.0 == key })
    }

    @Test func helpFitsEveryKeyInItsBox() {
        var frame = Frame(width: 80, height: 24)
        HelpOverlay.render(theme: .dark, into: &frame)
        let text = frame.text
        #expect(text.contains("Ctrl-Z"))
        #expect(text.contains("Esc or ? closes"))
    }

    @Test(arguments: [(80, 24), (120, 40), (60, 18)])
    func everyPaneIsFoundWhereItIsDrawn(width: Int, height: Int) {
        let layout = ScreenLayout(width: width, height: height)
        for pane in Pane.allCases {
            let rect = layout.rect(of: pane)
            #expect(!rect.isEmpty)
            #expect(layout.pane(at: rect.x, rect.y) == pane)
            #expect(layout.pane(at: rect.maxX - 1, rect.maxY - 1) == pane)
        }
        #expect(layout.pane(at: 0, 0) == nil)  // the status bar is no pane
        #expect(layout.pane(at: 0, height - 1) == nil)  // nor is the hint bar
    }
}
