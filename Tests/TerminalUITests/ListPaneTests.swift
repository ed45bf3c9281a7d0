import TestFixtures
import Testing
@testable import TerminalUI

/// A live pane as a widget: its scroll offset is its own state, and drawing asks only for the
/// rows that fit, so a history of 100,000 rows costs one screenful.
@Suite("List pane")
struct ListPaneTests {
    /// A 12x6 box: four rows of content.
    private let area = Rect(x: 0, y: 0, width: 12, height: 6)

    private func draw(_ pane: ListPane, count: Int, focused: Bool = false, asked: inout [Int]) -> Frame {
        var frame = Frame(width: area.width, height: area.height)
        var rows: [Int] = []
        frame.render(ListPaneView(pane, count: count, emptyText: "empty", focused: focused, theme: .dark) { index in
            rows.append(index)
            return ListPane.Row("row \(index)", .text)
        }, in: area)
        asked = rows
        return frame
    }

    @Test func theSelectionStopsAtTheFirstAndTheLastRow() {
        var pane = ListPane(.events)
        pane.move(by: -3, rowCount: 7, visibleRows: 4)
        #expect(pane.selection == 0 && pane.scroll == 0)
        for _ in 0..<10 { pane.move(by: 1, rowCount: 7, visibleRows: 4) }
        #expect(pane.selection == 6)
        #expect(pane.scroll == 3, "scrolled just enough for the last row to show")
        pane.move(by: -1, rowCount: 7, visibleRows: 4)
        #expect(pane.selection == 5)
        #expect(pane.scroll == 3, "moving back inside the screen does not scroll")
    }

    @Test func movingAboveTheScreenScrollsBackToTheSelection() {
        var pane = ListPane(.events)
        pane.move(by: 9, rowCount: 10, visibleRows: 4)
        #expect(pane.scroll == 6)
        pane.move(by: -4, rowCount: 10, visibleRows: 4)
        #expect(pane.selection == 5)
        #expect(pane.scroll == 5)
    }

    @Test func anEmptyListHasNothingToSelect() {
        var pane = ListPane(.transactions)
        pane.move(by: 1, rowCount: 0, visibleRows: 4)
        #expect(pane.selection == 0 && pane.scroll == 0)
    }

    /// The rows shrank under the selection (a new report): the next step starts from the end.
    @Test func movingAfterTheListShrankComesBackOntoIt() {
        var pane = ListPane(.events)
        pane.move(by: 50, rowCount: 100, visibleRows: 4)
        pane.move(by: 1, rowCount: 3, visibleRows: 4)
        #expect(pane.selection == 2)
        #expect(pane.scroll == 0)
    }

    @Test func onlyTheVisibleRowsAreAskedFor() {
        var asked: [Int] = []
        let frame = draw(ListPane(.events), count: 100_000, asked: &asked)
        #expect(asked == [0, 1, 2, 3])
        #expect(frame.lines[1] == "│ row 0    │")
        #expect(frame.lines[4] == "│ row 3    │")
    }

    @Test func theScrollOffsetPicksTheFirstRowShown() {
        var pane = ListPane(.events)
        pane.move(by: 13, rowCount: 100_000, visibleRows: 4)
        var asked: [Int] = []
        let frame = draw(pane, count: 100_000, asked: &asked)
        #expect(asked == [10, 11, 12, 13])
        #expect(frame.lines[1] == "│ row 10   │")
    }

    /// Scrolled to the last row, the pane still shows a full last screenful.
    @Test func nearTheEndTheLastScreenfulShows() {
        var pane = ListPane(.events)
        pane.move(by: 9, rowCount: 10, visibleRows: 4)
        var asked: [Int] = []
        _ = draw(pane, count: 10, asked: &asked)
        #expect(asked == [6, 7, 8, 9])
    }

    @Test func anEmptyListSaysSoAndAsksForNothing() {
        var asked: [Int] = []
        let frame = draw(ListPane(.transactions), count: 0, asked: &asked)
        #expect(asked.isEmpty)
        #expect(frame.lines[1] == "│ empty    │")
    }

    /// The focused pane's border is in the accent color: a lost highlight fails here, where
    /// a text snapshot would not notice.
    @Test func theFocusedPaneIsDrawnInTheAccentColor() {
        var asked: [Int] = []
        let focused = draw(ListPane(.events), count: 1, focused: true, asked: &asked)
        let plain = draw(ListPane(.events), count: 1, focused: false, asked: &asked)
        #expect(focused[0, 1].style == Theme.dark.style(.accent))
        #expect(plain[0, 1].style == Theme.dark.style(.border))
        #expect(focused.lines == plain.lines)
    }

    @Test func eachRowIsDrawnInItsRole() {
        var frame = Frame(width: area.width, height: area.height)
        frame.render(ListPaneView(ListPane(.events), count: 2, emptyText: "", focused: false, theme: .dark) {
            $0 == 0 ? ListPane.Row("ok", .success) : ListPane.Row("bad", .error)
        }, in: area)
        #expect(frame[2, 1].style == Theme.dark.style(.success))
        #expect(frame[2, 2].style == Theme.dark.style(.error))
    }

    /// The row Enter would open is highlighted, only while the pane has the focus.
    @Test func theSelectedRowIsHighlightedWhenFocused() {
        var pane = ListPane(.events)
        pane.move(by: 1, rowCount: 3, visibleRows: 4)
        var asked: [Int] = []
        let focused = draw(pane, count: 3, focused: true, asked: &asked)
        let plain = draw(pane, count: 3, focused: false, asked: &asked)
        #expect(focused[2, 2].style == Theme.dark.selectionStyle)
        #expect(focused[2, 1].style != Theme.dark.selectionStyle)
        #expect(plain[2, 2].style != Theme.dark.selectionStyle)
    }
}
