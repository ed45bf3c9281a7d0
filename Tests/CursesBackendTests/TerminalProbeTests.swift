@testable import CursesBackend
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
