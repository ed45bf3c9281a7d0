import Testing
@testable import TerminalUI

/// A cell holds its grapheme cluster as bytes of its own (`CellGrapheme`): short clusters in
/// the cell, long ones numbered in a table. Whatever the length, the cell gives back the very
/// bytes it was given, compares by them, and holds nothing a copy must count.
@Suite("Frame: cells as plain data")
struct CellStorageTests {
    /// One byte, two, three, four; a letter and a mark; a flag and a thumb with its tone (eight
    /// bytes, the most a cell holds); a family of four and a letter with three marks (longer).
    static let clusters = ["a", "é", "─", "日", "😀", "e\u{301}", "🇩🇪", "👍🏽", "👨‍👩‍👧‍👦", "a\u{301}\u{302}\u{303}\u{304}", "", " "]

    @Test(arguments: clusters)
    func aCellGivesBackTheBytesItWasGiven(_ cluster: String) {
        let cell = Cell(cluster, width: 1, style: .plain)
        #expect(Array(cell.grapheme.utf8) == Array(cluster.utf8))
        var bytes: [UInt8] = [0x41]
        cell.appendUTF8(to: &bytes)
        #expect(bytes == [0x41] + Array(cluster.utf8))
    }

    @Test func cellsAreEqualExactlyWhenTheirBytesWidthAndStyleAre() {
        let bold = Style(bold: true)
        for one in Self.clusters {
            for other in Self.clusters {
                #expect((Cell(one) == Cell(other)) == (Array(one.utf8) == Array(other.utf8)), "\(one) and \(other)")
            }
        }
        #expect(Cell("👨‍👩‍👧‍👦") == Cell("👨‍👩‍👧‍👦"))
        #expect(Cell("👨‍👩‍👧‍👦", width: 2) != Cell("👨‍👩‍👧‍👦", width: 1))
        #expect(Cell("a", style: bold) != Cell("a"))
        // Two spellings of one character are two byte sequences to the terminal.
        #expect(Cell("\u{E9}") != Cell("e\u{301}"))
        #expect(Cell("\u{E9}\u{301}\u{302}\u{303}\u{304}") != Cell("e\u{301}\u{301}\u{302}\u{303}\u{304}"))
    }

    @Test func aLongClusterSetOnACellReplacesItsText() {
        var cell = Cell("a")
        cell.grapheme = "👨‍👩‍👧‍👦"
        #expect(cell.grapheme == "👨‍👩‍👧‍👦")
        cell.grapheme = "b"
        #expect(cell.grapheme == "b" && cell == Cell("b"))
    }

    @Test func aCellHoldsNothingACopyMustCount() {
        #expect(_isPOD(Cell.self))
        #expect(MemoryLayout<Cell>.stride <= 24)
    }

    @Test func spacesAreSpacesWhateverWroteThem() {
        var frame = Frame(width: 6, height: 1)
        frame.write("a b€ ", x: 0, y: 0, style: .plain)
        #expect(frame[1, 0].isSpace && frame[4, 0].isSpace && frame[5, 0].isSpace)
        #expect(!frame[0, 0].isSpace && !frame[3, 0].isSpace && !Cell("\u{A0}").isSpace)
    }

    @Test func aRowIsTheSameOnlyWhenEveryCellIs() {
        var frame = Frame(width: 8, height: 3)
        frame.write("price 4€", x: 0, y: 1, style: .plain)
        var other = frame
        #expect((0..<3).allSatisfy { frame.hasSameRow($0, as: other) })
        other.write("5", x: 6, y: 1, style: .plain)
        #expect(frame.hasSameRow(0, as: other) && !frame.hasSameRow(1, as: other) && frame.hasSameRow(2, as: other))
        other = frame
        other.fill(Rect(x: 7, y: 2, width: 1, height: 1), style: Style(reverse: true))
        #expect(!frame.hasSameRow(2, as: other))
        #expect(!frame.hasSameRow(0, as: Frame(width: 9, height: 3)))
        #expect(!frame.hasSameRow(3, as: frame))
    }
}
