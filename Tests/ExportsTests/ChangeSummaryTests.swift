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

    @Test func aPriceInACardIsNamedByTheCardsProductAboveIt() {
        let rows = { (price: String) in ["╭────────────╮ ╭────────────╮", "│ Yearly Pass│ │ Weekly Pass│", "│ \(price)│ │ $1.99      │", "╰────────────╯ ╰────────────╯"] }
        let diff = FrameDiff(before: frame(rows("$39.99     ")), after: frame(rows("$41.99     ")))
        #expect(ChangeSummary.describe(diff, names: ["Yearly Pass", "Weekly Pass"]) == "2 cells in \"Yearly Pass\"")
        // Not past the top of the box: a name above it is another box's.
        let open = ["Yearly Pass", "╭────────────╮", "│ \u{24}39.99     │", "╰────────────╯"]
        let changed = FrameDiff(before: frame(open), after: frame(open.map { $0.replacingOccurrences(of: "39", with: "41") }))
        #expect(ChangeSummary.describe(changed, names: ["Yearly Pass"]) == "2 cells in \"$41.99\"")
    }

    @Test func onARightToLeftScreenNamesAreFoundAsDrawnAndQuotedAsWritten() {
        // Rows as a right-to-left frame holds them: each run in visual order, Arabic shaped.
        let drawn = { (price: String) in
            [BidiText.visualRightToLeft("Stardust Pass!") + "   " + BidiText.visualRightToLeft(price),
             BidiText.visualRightToLeft("البطاقة السنوية") + "  " + BidiText.visualRightToLeft(price)]
        }
        let english = FrameDiff(before: frame([drawn("١٤٩ ر.س.")[0]]), after: frame([drawn("١٢٩ ر.س.")[0]]))
        #expect(ChangeSummary.describe(english, names: ["Stardust Pass!"]) == "1 cell in \"Stardust Pass!\"")
        let arabic = FrameDiff(before: frame([drawn("١٤٩ ر.س.")[1]]), after: frame([drawn("١٢٩ ر.س.")[1]]))
        #expect(ChangeSummary.describe(arabic, names: ["البطاقة السنوية"]) == "1 cell in \"البطاقة السنوية\"")
        // Without a name, the text around the change, in reading order and unshaped.
        #expect(ChangeSummary.describe(arabic) == "1 cell in \"١٢٩ ر.س.\"")
    }

    @Test func theLongestNameOnTheRowIsNamedNotOneInsideIt() {
        let diff = FrameDiff(before: frame(["Monthly Pass Plus  $1"]), after: frame(["Monthly Pass Plus  $2"]))
        #expect(ChangeSummary.describe(diff, names: ["Pass", "Monthly Pass Plus", "Monthly Pass"]) == "1 cell in \"Monthly Pass Plus\"")
    }

    @Test func aRenamedProductIsFoundOnEitherSide() {
        let diff = FrameDiff(before: frame(["Gem Pack    $1"]), after: frame(["            $1"]))
        #expect(ChangeSummary.describe(diff, names: ["Gem Pack"]) == "7 cells in \"Gem Pack\"")
    }

    @Test func withoutANameTheTextAroundTheChangeIsQuotedUpToABorderOrAGap() {
        let diff = FrameDiff(before: frame(["x", "│ $4.99/month  1 week free │"]), after: frame(["x", "│ $5.49/month  1 week free │"]))
        #expect(ChangeSummary.describe(diff) == "2 cells in \"$5.49/month\"")
        let title = FrameDiff(before: frame(["│ Unlock the Pass │"]), after: frame(["│ Unlock the Pass now │"]))
        #expect(ChangeSummary.describe(title) == "4 cells in \"Unlock the Pass now\"", "the border it moved is not quoted")
    }

    @Test func aRowChangedAcrossBoxesIsQuotedByItsFirstField() {
        let row = [" USA en_US USD│Pay Station│dark│A"]
        let diff = FrameDiff(before: frame(row, width: 40), after: frame(row, width: 40, style: Style(foreground: RGB(9, 9, 9))))
        #expect(ChangeSummary.describe(diff) == "33 cells in \"USA en_US USD\" (colors or attributes only)")
    }

    @Test func onlyTheNamesOverTheChangeAreSaidNotTheirNeighbours() {
        let before = frame(["│ Yearly Pass │ │ Monthly Pass      │ │ Weekly Pass │"], width: 60)
        let after = frame(["│ Yearly Pass │ │ Monthly Pass Plus │ │ Weekly Pass │"], width: 60)
        let names = ["Yearly Pass", "Monthly Pass", "Monthly Pass Plus", "Weekly Pass"]
        #expect(ChangeSummary.describe(FrameDiff(before: before, after: after), names: names) == "4 cells in \"Monthly Pass Plus\"")
    }

    @Test func eachChangedRowIsAPlaceNamedByItsNameOrItsText() {
        let before = frame(["Unlock the Pass", "Monthly Pass $4.99"])
        let after = frame(["Unlock the Pass today", "Monthly Pass $5.99"])
        #expect(ChangeSummary.describe(FrameDiff(before: before, after: after), names: ["Monthly Pass"])
                == "6 cells in \"Unlock the Pass today\", \"Monthly Pass\"")
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
        let diff = FrameDiff(before: frame(["", "", "a", "b"]), after: frame(["", "", "", ""]))
        #expect(ChangeSummary.describe(diff) == "2 cells in \"a\", \"b\"", "blanked: the text before is quoted")
        let styled = frame(["", "", "  ", "  "], style: Style(reverse: true))
        #expect(ChangeSummary.describe(FrameDiff(before: frame(["", "", "", ""]), after: styled))
                == "4 cells on rows 3–4 (colors or attributes only)")
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
