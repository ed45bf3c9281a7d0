import StoreEngine
import TerminalUI
import Testing

/// Issue 35 item 5: every widget renders the same way, into a rectangle of a frame, and draws
/// inside that rectangle only, so a view composes widgets by placing them.
@Suite("Widgets render into their rectangle")
struct WidgetTests {
    /// Where a frame holds anything but blanks.
    private func drawn(_ frame: Frame) -> Set<Int> {
        Set(frame.lines.enumerated().filter { !$0.element.trimmingCharacters(in: .whitespaces).isEmpty }.map(\.offset))
    }

    @Test func theBottomLineDrawsOnTheRowItIsGiven() {
        var frame = Frame(width: 40, height: 6)
        frame.render(HintBar(notice: StoreNotice(.info, "Purchased."), hint: nil, theme: .dark),
                     in: Rect(x: 0, y: 4, width: 40, height: 1))
        #expect(drawn(frame) == [4])
        #expect(frame.lines[4].hasPrefix(" Purchased."))
    }

    @Test func aCaptionStartsAtTheTopOfItsRectangle() {
        var frame = Frame(width: 40, height: 6)
        frame.render(CaptionBar("Pay with a test card", theme: .dark), in: Rect(x: 0, y: 2, width: 40, height: 4))
        #expect(drawn(frame) == [2])
        #expect(frame.lines[2].hasPrefix(" Pay with a test card"))
    }

    @Test func aPaneDrawsItsBoxInItsRectangleOnly() {
        var frame = Frame(width: 40, height: 10)
        let area = Rect(x: 0, y: 5, width: 20, height: 5)
        frame.render(ListPaneView(ListPane(.transactions), count: 1, emptyText: "", focused: false, theme: .dark) { _ in
            ListPane.Row("txn-1", .text)
        }, in: area)
        #expect(drawn(frame) == Set(5..<10))
        #expect(frame.lines[6].contains("txn-1"))
        #expect(frame.lines.allSatisfy { $0.dropFirst(20).trimmingCharacters(in: .whitespaces).isEmpty })
    }
}
