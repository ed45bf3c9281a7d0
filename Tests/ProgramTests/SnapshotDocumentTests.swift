import Testing
import TerminalUI

/// The golden's style half: a change of color or attribute alone is found, and said in words.
@Suite("Style-aware golden files")
struct SnapshotDocumentTests {
    static func frame(boldAt boldColumn: Int?, bold: Bool = true) -> Frame {
        var frame = Frame(width: 6, height: 2)
        frame.write("Buy", x: 0, y: 0, style: Style(foreground: RGB(255, 255, 255), background: RGB(0, 0, 0)))
        if let boldColumn {
            frame.write("!", x: boldColumn, y: 1, style: Style(foreground: RGB(255, 0, 0), background: RGB(0, 0, 0), bold: bold))
        }
        return frame
    }

    @Test func aGoldenReadsBackAsItWasWritten() {
        let document = SnapshotDocument(Self.frame(boldAt: 2))
        let read = SnapshotDocument(parsing: document.text)
        #expect(read.screen == document.screen)
        #expect(read.rows == document.rows)
        #expect(read.legend == document.legend)
        #expect(read.styleDifferences(from: document).isEmpty)
    }

    @Test func aStyleChangeAloneIsADifferenceNamingItsCell() {
        let kept = SnapshotDocument(parsing: SnapshotDocument(Self.frame(boldAt: 2)).text)
        let changed = Self.frame(boldAt: 2, bold: false)
        let differences = kept.styleDifferences(from: SnapshotDocument(changed))
        #expect(differences.count == 1)
        #expect(differences.first?.contains("row 1, column 2 (\"!\"), 1 cells differ") == true)
        #expect(differences.first?.contains("expected: #ff0000 on #000000 bold") == true)
        #expect(differences.first?.hasSuffix("actual:   #ff0000 on #000000") == true)
    }

    @Test func aGoldenWithoutStylesDiffersInEveryRow() {
        let textOnly = SnapshotDocument(parsing: SnapshotDocument(Self.frame(boldAt: nil)).screen)
        #expect(textOnly.styleDifferences(from: SnapshotDocument(Self.frame(boldAt: nil))).count == 2)
    }
}
