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
        pane.render(count: count, emptyText: "empty", focused: focused, theme: .dark, in: area, into: &frame) { index in
            rows.append(index)
            return ListPane.Row("row \(index)", .text)
        }
        asked = rows
        return frame
    }

    @Test func scrollStopsAtZeroAndAtTheLastRow() {
        var pane = ListPane(.events)
        pane.scroll(by: -3, rowCount: 7)
        #expect(pane.scroll == 0)
        for _ in 0..<10 { pane.scroll(by: 1, rowCount: 7) }
        #expect(pane.scroll == 6)  // the last row stays in reach, so one press back moves
        pane.scroll(by: -1, rowCount: 7)
        #expect(pane.scroll == 5)
    }

    @Test func anEmptyListDoesNotScroll() {
        var pane = ListPane(.transactions)
        pane.scroll(by: 1, rowCount: 0)
        #expect(pane.scroll == 0)
    }

    /// The rows shrank under the offset (a new report): the next step starts from the end.
    @Test func scrollingAfterTheListShrankComesBackOntoIt() {
        var pane = ListPane(.events)
        pane.scroll(by: 50, rowCount: 100)
        pane.scroll(by: 1, rowCount: 3)
        #expect(pane.scroll == 2)
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
        pane.scroll(by: 10, rowCount: 100_000)
        var asked: [Int] = []
        let frame = draw(pane, count: 100_000, asked: &asked)
        #expect(asked == [10, 11, 12, 13])
        #expect(frame.lines[1] == "│ row 10   │")
    }

    /// Scrolled to the last row, the pane still shows a full last screenful.
    @Test func nearTheEndTheLastScreenfulShows() {
        var pane = ListPane(.events)
        pane.scroll(by: 9, rowCount: 10)
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
        ListPane(.events).render(count: 2, emptyText: "", focused: false, theme: .dark, in: area, into: &frame) {
            $0 == 0 ? ListPane.Row("ok", .success) : ListPane.Row("bad", .error)
        }
        #expect(frame[2, 1].style == Theme.dark.style(.success))
        #expect(frame[2, 2].style == Theme.dark.style(.error))
    }
}
