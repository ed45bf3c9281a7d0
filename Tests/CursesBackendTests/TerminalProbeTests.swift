@testable import CursesBackend
import Foundation
import TerminalUI
import Testing

/// The terminal's answers the width probe reads.
@Suite("Terminal probe answers")
struct TerminalProbeTests {
    @Test func aCursorPositionReportGivesTheColumn() {
        #expect(TerminalProbe.column(ofReport: "\u{1B}[1;9R") == 9)
        // A DECRPM answered first stays in front of the report.
        #expect(TerminalProbe.column(ofReport: "\u{1B}[?2027;3$y\u{1B}[12;3R") == 3)
        #expect(TerminalProbe.column(ofReport: "garbage") == nil)
    }

    @Test func aModeReportGivesItsState() {
        #expect(TerminalProbe.decrpmState("\u{1B}[?2027;3$y\u{1B}[1;1R") == 3)
        #expect(TerminalProbe.decrpmState("\u{1B}[?2027;0$y") == 0)
        // tmux answers only the cursor position.
        #expect(TerminalProbe.decrpmState("\u{1B}[1;1R") == nil)
    }
}

/// Cells of a grapheme-drawing terminal that ncurses would count otherwise.
@Suite("Grapheme cells for ncurses")
struct GraphemeCellTests {
    /// wcwidth, which ncurses counts by, knows wide characters only in a UTF-8 locale.
    init() { setlocale(LC_ALL, "C.UTF-8") }

    @Test func perCodePointEverythingIsText() {
        #expect(GraphemeCell(Cell("\u{1F44D}\u{1F3FD}", width: 2), mode: .perCodePoint) == .text)
    }

    @Test func aSkinToneIsOneNcursesCell() {
        let cell = GraphemeCell(Cell("\u{1F44D}\u{1F3FD}", width: 2), mode: .graphemes)
        #expect(cell == .cluster([0x1F44D, 0x1F3FD, 0]))
    }

    @Test func aFlagAndAnAccentAreCountedAlikeAndStayText() {
        #expect(GraphemeCell(Cell("\u{1F1F8}\u{1F1E6}", width: 2), mode: .graphemes) == .text)
        #expect(GraphemeCell(Cell("e\u{0301}", width: 1), mode: .graphemes) == .text)
    }

    @Test func aFamilyTooLongForACellKeepsItsColumns() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        #expect(GraphemeCell(Cell(family, width: 2), mode: .graphemes) == .base("\u{1F468}"))
        // A heart made an emoji by its selector: ncurses counts 1, the terminal draws 2.
        #expect(GraphemeCell(Cell("\u{2764}\u{FE0F}", width: 2), mode: .graphemes) == .base("\u{2764} "))
    }
}
