import TerminalUI
import Testing
@testable import CursesBackend

/// A blank is drawn in the style of the cell before it wherever it would look the same, so a
/// row's attribute runs change where its text's style does, not around every gap; never where
/// the blank would show its new style (underlined, reversed, another background).
@Suite("Blank cells join the run before them")
struct BlankCellsTests {
    private let border = Style(foreground: RGB(68, 68, 68), background: RGB(18, 18, 18))
    private let title = Style(foreground: RGB(228, 228, 228), background: RGB(18, 18, 18),
                              bold: true)
    private let plain = Style(foreground: RGB(228, 228, 228), background: RGB(18, 18, 18))

    private func cells(_ parts: [(String, Style)]) -> [Cell] {
        parts.flatMap { text, style in text.map { Cell(String($0), style: style) } }
    }

    /// How many times the style changes along the row: what ncurses pays for in attributes.
    private func changes(_ styles: [Style]) -> Int {
        zip(styles, styles.dropFirst()).filter { $0 != $1 }.count
    }

    @Test func aBorderedTitleRowChangesStyleOnlyAtTheText() {
        let row = cells([("│", border), (" ", plain), ("Yearly Pass", title), ("    ", plain), ("│", border)])
        let styles = BlankCells.drawnStyles(ofRow: row)
        #expect(changes(row.map(\.style)) == 4)
        #expect(changes(styles) == 2)
        // Every cell that shows something keeps its own style.
        for (cell, style) in zip(row, styles) where !BlankCells.showsOnlyBackground(cell) {
            #expect(style == cell.style)
        }
        // The blanks keep their background: on screen nothing differs.
        #expect(zip(row, styles).allSatisfy { $0.style.background == $1.background })
    }

    @Test func spacesBetweenBoldWordsStayBold() {
        let row = cells([("Monthly", title), (" ", plain), ("Pass", title)])
        #expect(changes(BlankCells.drawnStyles(ofRow: row)) == 0)
    }

    @Test("A blank that would show the style keeps its own", arguments: [
        Style(background: RGB(18, 18, 18), underline: true),
        Style(background: RGB(18, 18, 18), reverse: true),
    ])
    func aVisibleBlankKeepsItsStyle(visible: Style) {
        let row = cells([("a", plain), (" ", visible), ("b", plain)])
        #expect(BlankCells.drawnStyles(ofRow: row)[1] == visible)
        // Nor does a blank after an underlined or reversed cell take its style: it would show.
        let after = cells([("a", visible), (" ", plain)])
        #expect(BlankCells.drawnStyles(ofRow: after)[1] == plain)
    }

    @Test func anotherBackgroundIsNeverTaken() {
        let selected = Style(foreground: RGB(18, 18, 18), background: RGB(95, 215, 255))
        let row = cells([("Buy", selected), ("  ", plain)])
        #expect(BlankCells.drawnStyles(ofRow: row).suffix(2) == [plain, plain])
    }

    @Test func aRowStartingWithBlanksKeepsTheirStyle() {
        let row = cells([("  ", plain), ("x", title)])
        #expect(BlankCells.drawnStyles(ofRow: row) == [plain, plain, title])
    }
}
