import Exports
import Foundation
import Testing
import TerminalUI

@Suite struct DiffPageTests {
    static let accent = Style(foreground: RGB(0x7c, 0xc4, 0xff), background: RGB(0x12, 0x14, 0x1c), bold: true)

    static func change(_ storefront: String, before: String, after: String, style: Style = accent) -> ChangedCombination {
        var old = Frame(width: 20, height: 3), new = Frame(width: 20, height: 3)
        old.write(before, x: 1, y: 1, style: accent)
        new.write(after, x: 1, y: 1, style: style)
        let combination = Combination(storefront: storefront, theme: "dark", width: 20, height: 3, variant: "A",
                                      eligibility: "eligible")
        let diff = FrameDiff(before: old, after: new)
        return ChangedCombination(combination: combination, diff: diff,
                                  summary: "\(combination.name): \(diff.changed.count) cells in \"Gems\"")
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func eachChangeWithItsSummaryBeforeAndAfter() {
        let changes = [Self.change("USA", before: "Gems $0.99", after: "Gems $1.00"),
                       Self.change("DEU", before: "Gems", after: "Juwelen")]
        let html = DiffPage.html(for: changes, title: "catalog.json against HEAD~1")
        #expect(html.contains("<h1>catalog.json against HEAD~1</h1>"))
        #expect(html.contains(#"<p id="count">2 combinations changed</p>"#))
        #expect(Self.count("<section class=\"change\"", in: html) == 2)
        // Each quoted place isolated, so an Arabic name beside a Latin one keeps its place.
        #expect(html.contains("<h2>USA-dark-20x3-A-eligible: 3 cells in &quot;<bdi>Gems</bdi>&quot;</h2>"))
        #expect(Self.count("<figure class=\"before\">", in: html) == 2)
        #expect(Self.count("<figure class=\"after\">", in: html) == 2)
    }

    /// The cells the page outlines, each outline a run of `data-cells` cells from (`data-x`, `data-y`).
    static func outlined(_ html: String) -> [FrameDiff.Position] {
        func number(_ name: String, in tag: Substring) -> Int {
            guard let start = tag.range(of: "\(name)=\"") else { return -1 }
            return Int(tag[start.upperBound...].prefix { $0 != "\"" }) ?? -1
        }
        return html.components(separatedBy: "<i class=\"mark\" ").dropFirst().flatMap { part in
            let tag = part.prefix { $0 != ">" }
            let x = number("data-x", in: tag), y = number("data-y", in: tag), cells = number("data-cells", in: tag)
            return (0..<max(0, cells)).map { FrameDiff.Position(x: x + $0, y: y) }
        }
    }

    static func sorted(_ positions: [FrameDiff.Position]) -> [FrameDiff.Position] {
        positions.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    @Test func theOutlinesAreTheChangedCellsInEachPicture() throws {
        let change = Self.change("USA", before: "Gems $0.99", after: "Gems $1.00")
        #expect(change.diff.changed.count == 3)
        let html = DiffPage.html(for: [change], title: "t")
        // Exactly the changed cells, over the before and over the after: `0` alone, then `99` as one run.
        #expect(Self.sorted(Self.outlined(html)) == Self.sorted(change.diff.changed + change.diff.changed))
        #expect(Self.count("class=\"mark\"", in: html) == 4)
        #expect(Self.count(#"data-x="9" data-y="1" data-cells="2""#, in: html) == 2)
        #expect(html.contains(#"data-changed-cells="3""#))
    }

    @Test func aScreenChangedEverywhereIsOneOutlineARow() throws {
        var before = Frame(width: 120, height: 40), after = Frame(width: 120, height: 40, style: Self.accent)
        before.write("x", x: 0, y: 0, style: .plain)
        after.write("y", x: 0, y: 0, style: Self.accent)
        let diff = FrameDiff(before: before, after: after)
        #expect(diff.changed.count == 4800)
        let combination = Combination(storefront: "USA", theme: "dark", width: 120, height: 40, variant: "A", eligibility: "auto")
        let html = DiffPage.html(for: [ChangedCombination(combination: combination, diff: diff, summary: "all")], title: "t")
        #expect(Self.count("class=\"mark\"", in: html) == 80)
        #expect(Self.outlined(html).count == 9600)
        #expect(html.utf8.count < 100_000)
    }

    @Test func onlyTheChangesGivenAreListed() {
        let html = DiffPage.html(for: [Self.change("DEU", before: "a", after: "b")], title: "t")
        #expect(html.contains(#"data-name="DEU-dark-20x3-A-eligible""#))
        #expect(!html.contains("USA"))
        #expect(html.contains("1 combination changed"))
    }

    @Test func nothingChangedSaysSo() {
        let html = DiffPage.html(for: [], title: "t")
        #expect(html.contains(#"<p id="count">Nothing changed.</p>"#))
        #expect(html.contains(#"data-changes="0""#))
        #expect(!html.contains("<section"))
    }

    @Test func cellsKeepTheirExactColorsAndAttributes() {
        let reversed = Style(foreground: RGB(1, 2, 3), background: RGB(0xfe, 0xdc, 0xba), underline: true, reverse: true)
        let change = Self.change("USA", before: "same", after: "same", style: reversed)
        #expect(change.diff.changed.count == 4)  // only the style changed
        let html = DiffPage.html(for: [change], title: "t")
        #expect(html.contains("color:#7cc4ff;background:#12141c;font-weight:bold\">same</span>"))
        // Reverse video swaps the colors, as a terminal shows it.
        #expect(html.contains("color:#fedcba;background:#010203;text-decoration:underline\">same</span>"))
    }

    @Test func aWideCharacterTakesTwoColumns() {
        let change = Self.change("JPN", before: "ジェム", after: "ジェムX")
        let html = DiffPage.html(for: [change], title: "t")
        #expect(html.contains("<span style=\"width:2ch;color:#7cc4ff;background:#12141c;font-weight:bold\">ジ</span>"))
    }

    @Test func everyTextIsEscaped() {
        var change = Self.change("<b>\"x\"</b>", before: "<i>", after: "&amp;")
        change.summary = "<script>alert(1)</script>"
        let html = DiffPage.html(for: [change], title: "<title>")
        #expect(!html.contains("<script>") && !html.contains("<b>\"x\"") && !html.contains("<i>"))
        #expect(html.contains("<h1>&lt;title&gt;</h1>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains(">&amp;amp;</span>"))
    }
}
