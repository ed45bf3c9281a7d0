@testable import Exports
import Testing
import TerminalUI

@Suite struct ChangeSummaryTests {
    func frame(_ rows: [String], width: Int = 30, style: Style = .plain) -> Frame {
        var frame = Frame(width: width, height: rows.count)
        for (y, row) in rows.enumerated() { frame.write(row, x: 0, y: y, style: style) }
        return frame
    }

    @Test func aChangeOnARowWithAProductNameIsSaidByTheName() {
        let before = frame(["Stardust Pass", "│ Monthly Pass  $4.99 │"])
        let after = frame(["Stardust Pass", "│ Monthly Pass  $5.99 │"])
        let diff = FrameDiff(before: before, after: after)
        #expect(ChangeSummary.line(for: "USA-dark-80x24-A-eligible", diff: diff, names: ["Monthly Pass", "Yearly Pass"])
                == "USA-dark-80x24-A-eligible: 1 cell in \"Monthly Pass\"")
    }

    @Test func theLongestNameOnTheRowIsNamedNotOneInsideIt() {
        let diff = FrameDiff(before: frame(["Monthly Pass Plus  $1"]), after: frame(["Monthly Pass Plus  $2"]))
        #expect(ChangeSummary.describe(diff, names: ["Pass", "Monthly Pass Plus", "Monthly Pass"]) == "1 cell in \"Monthly Pass Plus\"")
    }

    @Test func aRenamedProductIsFoundOnEitherSide() {
        let diff = FrameDiff(before: frame(["Gem Pack    $1"]), after: frame(["            $1"]))
        #expect(ChangeSummary.describe(diff, names: ["Gem Pack"]) == "7 cells in \"Gem Pack\"")
    }

    @Test func withoutANameTheChangedWordsAreQuoted() {
        let diff = FrameDiff(before: frame(["x", "Buy now for $4.99 today"]), after: frame(["x", "Buy now for $5.49 today"]))
        #expect(ChangeSummary.describe(diff) == "2 cells on row 2, \"$5.49\"")
    }

    @Test func colorsAloneAreSaidToBeColors() {
        let before = frame(["Monthly Pass"])
        let after = frame(["Monthly Pass"], style: Style(foreground: RGB(1, 2, 3)))
        let diff = FrameDiff(before: before, after: after)
        #expect(ChangeSummary.describe(diff, names: ["Monthly Pass"]) == "12 cells in \"Monthly Pass\" (colors or attributes only)")
    }

    @Test func manyNamesAreCountedPastThree() {
        let names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"]
        let diff = FrameDiff(before: frame(names.map { "\($0) 1" }), after: frame(names.map { "\($0) 2" }))
        #expect(ChangeSummary.describe(diff, names: names) == "5 cells in \"Alpha\", \"Bravo\", \"Charlie\" and 2 more")
    }

    @Test func rowsAreCountedFromOneAndARangeIsSaid() {
        let diff = FrameDiff(before: frame(["", "", "a", "b"]), after: frame(["", "", "c", "d"]))
        #expect(ChangeSummary.describe(diff) == "2 cells on rows 3–4, \"c\"")
    }

    @Test func aSizeChangeSaysTheSizes() {
        let diff = FrameDiff(before: Frame(width: 2, height: 1), after: Frame(width: 3, height: 1))
        #expect(ChangeSummary.describe(diff) == "3 cells: the size changed from 2x1 to 3x1")
    }

    @Test func noChangeIsSaid() {
        let same = frame(["a"])
        #expect(ChangeSummary.describe(FrameDiff(before: same, after: same)) == "no change")
    }
}
