import Foundation
import Exports
import Testing
import TerminalUI

/// The static picture: well-formed, the grid at fixed steps, each cell's exact colors, runs,
/// attributes, wide characters, escaping, the title and the chrome.
@Suite struct SVGFrameTests {
    let accent = RGB(0x12, 0xab, 0xef), ground = RGB(0x34, 0x56, 0x78), page = RGB(0x10, 0x10, 0x10)

    func picture(_ frame: Frame, _ options: SVGOptions = SVGOptions()) throws -> SVGElement {
        try SVGTree.parse(FrameSVG.document(frame, options: options))
    }

    func frame(width: Int = 20, height: Int = 4) -> Frame {
        Frame(width: width, height: height, style: Style(foreground: RGB(0xee, 0xee, 0xee), background: page))
    }

    /// The one `<text>` whose content is `content`.
    func text(_ content: String, in root: SVGElement) throws -> SVGElement {
        let found = root.all("text").filter { $0.allText == content }
        guard found.count == 1 else { throw SVGProblem(description: "\(found.count) <text> say \(content)") }
        return found[0]
    }

    @Test func theGridIsTheFramesCellsAtFixedSteps() throws {
        let root = try picture(frame(width: 120, height: 40))
        #expect(root.name == "svg")
        #expect(root.attributes["width"] == "1440")
        #expect(root.attributes["height"] == "960")
        #expect(root.attributes["viewBox"] == "0 0 1440 960")
    }

    @Test func theTextsColorIsTheCellsExactColor() throws {
        var frame = frame()
        frame.write("Gems", x: 2, y: 1, style: Style(foreground: accent, background: page))
        let root = try picture(frame)
        let gems = try text("Gems", in: root)
        #expect(SVGTree.fill(of: gems, in: root) == "#12abef")
        #expect(gems.attributes["x"] == "24 36 48 60")
        #expect(gems.attributes["y"] == "42")
    }

    @Test func aBackgroundRunIsOneRectangleInItsExactColor() throws {
        var frame = frame()
        frame.write("Plan ", x: 3, y: 2, style: Style(foreground: accent, background: ground))
        let root = try picture(frame)
        let runs = root.all("path").filter { SVGTree.fill(of: $0, in: root) == "#345678" }
        #expect(runs.count == 1)
        let rectangles = SVGTree.rectangles(runs.first?.attributes["d"] ?? "")
        #expect(rectangles.count == 1)
        #expect(rectangles.first.map { [$0.x, $0.y, $0.width, $0.height] } == [36, 48, 60, 24])
    }

    @Test func theCommonestBackgroundFillsTheGridAndIsNotDrawnAgain() throws {
        let root = try picture(frame())
        let ground = root.all("rect").last
        #expect(ground?.attributes["fill"] == "#101010")
        #expect(root.all("path").isEmpty)
    }

    @Test func cellsWithoutColorsTakeTheDocumentedDefaults() throws {
        var frame = Frame(width: 10, height: 2)
        frame.write("plain", x: 0, y: 0, style: .plain)
        let root = try picture(frame)
        #expect(root.all("rect").last?.attributes["fill"] == SVGOptions.defaultBackground.hex)
        #expect(SVGTree.fill(of: try text("plain", in: root), in: root) == SVGOptions.defaultForeground.hex)
    }

    @Test func reverseSwapsTheCellsColors() throws {
        var frame = frame()
        frame.write("Buy", x: 0, y: 0, style: Style(foreground: accent, background: ground, reverse: true))
        let root = try picture(frame)
        #expect(SVGTree.fill(of: try text("Buy", in: root), in: root) == "#345678")
        let runs = root.all("path").filter { SVGTree.fill(of: $0, in: root) == "#12abef" }
        #expect(SVGTree.rectangles(runs.first?.attributes["d"] ?? "").map(\.width) == [36])
    }

    @Test func reverseOfACellWithoutColorsSwapsTheDefaults() throws {
        var frame = Frame(width: 10, height: 2)
        frame.write("Sel", x: 0, y: 0, style: Style(reverse: true))
        let root = try picture(frame)
        #expect(SVGTree.fill(of: try text("Sel", in: root), in: root) == SVGOptions.defaultBackground.hex)
    }

    @Test func boldIsAWeightAndUnderlineARuleOnTheGrid() throws {
        var frame = frame()
        frame.write("Best", x: 1, y: 0, style: Style(foreground: accent, background: page, bold: true))
        frame.write("terms", x: 1, y: 2, style: Style(foreground: accent, background: page, underline: true))
        let root = try picture(frame)
        #expect(try text("Best", in: root).attributes["font-weight"] == "bold")
        #expect(try text("terms", in: root).attributes["font-weight"] == nil)
        let rules = root.all("path").filter { SVGTree.fill(of: $0, in: root) == "#12abef" }
            .flatMap { SVGTree.rectangles($0.attributes["d"] ?? "") }
        // One rule under the five cells, inside the row.
        #expect(rules.count == 1)
        #expect(rules.allSatisfy { $0.y > 48 && $0.y + $0.height <= 72 })
        #expect(rules.map { [$0.x, $0.width] } == [[12, 60]])
    }

    @Test func aWideCharacterTakesTwoColumnsAndTheNextCellKeepsItsPlace() throws {
        var frame = frame()
        frame.write("日本x", x: 1, y: 0, style: Style(foreground: accent, background: page))
        let root = try picture(frame)
        // Each wide glyph sits in the middle of its two columns; x is in column 5 as ever.
        #expect(try text("日本x", in: root).all("tspan").map { $0.attributes["x"] } == ["14", "38", "60"])
    }

    @Test func anEmojiClusterIsATextOfItsOwnAtItsCell() throws {
        let style = Style(foreground: accent, background: page)
        let cells = [Cell("a", style: style), Cell("👍🏽", width: 2, style: style), Cell("", width: 0, style: style),
                     Cell("b", style: style)]
        let root = try picture(try #require(Frame(width: 4, height: 1, cells: cells)))
        let texts = root.all("text").filter { $0.parent?.name == "g" }
        #expect(texts.map(\.allText) == ["a", "👍🏽", "b"])
        #expect(texts.map { $0.attributes["x"] ?? "" } == ["0", "14", "36"])
    }

    @Test func wordsStayOneRunAcrossAFewSpacesForCopying() throws {
        var frame = frame(width: 40)
        frame.write("Monthly Pass", x: 0, y: 0, style: Style(foreground: accent, background: page))
        frame.write("$4.99", x: 30, y: 0, style: Style(foreground: accent, background: page))
        let root = try picture(frame)
        _ = try text("Monthly Pass", in: root)
        _ = try text("$4.99", in: root)
    }

    @Test func aRunWithSpacesKeepsThemInEveryRenderer() throws {
        // Chromium collapses the three spaces unless the <text> itself says xml:space, which
        // moves the second mark a column left of its cell.
        var frame = frame(width: 40)
        frame.write("✓ Double rewards   ✓ No ads", x: 1, y: 0, style: Style(foreground: accent, background: page))
        let root = try picture(frame)
        let run = try text("✓ Double rewards   ✓ No ads", in: root)
        #expect(run.attributes["xml:space"] == "preserve")
        // Each glyph placed at its cell: a word of ASCII by one list, any other character
        // alone (rsvg-convert reads only the first x of a list).
        let placed = run.all("tspan").map { ($0.allText, $0.attributes["x"] ?? "") }
        #expect(placed.map(\.0) == ["✓", "Double", "rewards", "✓", "No", "ads"])
        #expect(placed.map(\.1) == ["12", "36 48 60 72 84 96", "120 132 144 156 168 180 192", "240", "264 276", "300 312 324"])
    }

    @Test func textInVisualOrderIsStatedLeftToRightSoNoRendererReordersIt() throws {
        var frame = frame(width: 40)
        let shaped = BidiText.visualRightToLeft("افتح بطاقة")
        frame.write(shaped, x: 2, y: 1, style: Style(foreground: accent, background: page))
        frame.write("Gems", x: 2, y: 2, style: Style(foreground: accent, background: page))
        let root = try picture(frame)
        let arabic = try text(shaped, in: root)
        #expect(arabic.attributes["direction"] == "ltr")
        #expect(arabic.attributes["unicode-bidi"] == "bidi-override")
        // ASCII alone never reorders: its runs stay as short as they were.
        #expect(try text("Gems", in: root).attributes["unicode-bidi"] == nil)
    }

    @Test func markupCharactersAreEscaped() throws {
        var frame = frame()
        frame.write(#"<&>"'"#, x: 0, y: 0, style: Style(foreground: accent, background: page))
        let svg = FrameSVG.document(frame, options: SVGOptions(chrome: true, title: #"A & <B> "C""#))
        let root = try SVGTree.parse(svg)
        _ = try text(#"<&>"'"#, in: root)
        #expect(root.all("title").first?.allText == #"A & <B> "C""#)
    }

    @Test func aControlCharacterInACellCannotBreakTheFile() throws {
        let cells = [Cell("\u{1}"), Cell("\u{7F}"), Cell("ok"), Cell(" ")]
        let frame = try #require(Frame(width: 4, height: 1, cells: cells))
        _ = try picture(frame)
    }

    @Test func thePictureHasAnAccessibleTitle() throws {
        let root = try picture(frame(width: 80, height: 24))
        #expect(root.children.first?.name == "title")
        #expect(root.children.first?.allText == "storefront, 80×24")
        #expect(root.attributes["role"] == "img")
        #expect(try picture(frame(), SVGOptions(title: "USA-dark")).children.first?.allText == "USA-dark")
    }

    @Test func aPicturesRulesApplyInsideItOnly() throws {
        var frame = frame()
        frame.write("Gems", x: 2, y: 1, style: Style(foreground: accent, background: ground))
        let svg = FrameSVG.document(frame)
        let root = try SVGTree.parse(svg)
        let name = try #require(root.attributes["id"])
        let css = root.all("style").first?.allText ?? ""
        for rule in css.split(separator: "\n") where !rule.isEmpty { #expect(rule.hasPrefix("#\(name)"), "\(rule)") }
        // The same frame writes the same file; another frame is another name.
        #expect(FrameSVG.document(frame) == svg)
        #expect(try picture(self.frame()).attributes["id"] != name)
        #expect(!svg.contains("\u{1}"))
    }

    @Test func theFontStackEndsInMonospace() throws {
        let css = try picture(frame()).all("style").first?.allText ?? ""
        let family = css.components(separatedBy: "font-family:").dropFirst().first?.components(separatedBy: ";").first
        #expect(family?.hasSuffix(",monospace") == true)
        #expect(family?.contains("'DejaVu Sans Mono'") == true)
    }

    @Test func chromeIsAWindowWithThreeDotsAndTheTitle() throws {
        let plain = try picture(frame(width: 10, height: 2))
        #expect(plain.all("circle").isEmpty)
        let root = try picture(frame(width: 10, height: 2), SVGOptions(chrome: true, title: "USA-dark-120x40-A-eligible"))
        #expect(root.all("circle").count == 3)
        #expect(root.all("text").contains { $0.allText == "USA-dark-120x40-A-eligible" && $0.parent === root })
        #expect(root.attributes["width"] == "152")
        #expect(root.attributes["height"] == "104")
        #expect(root.all("g").first?.attributes["transform"] == "translate(16 40)")
    }
}
