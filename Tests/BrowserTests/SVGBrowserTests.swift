import Foundation
import Exports
import Testing
import TerminalUI

/// The pictures as a browser draws them: Chromium renders the SVG as an image onto a canvas and
/// reads pixels back, so a color, a line or a frame of the animation is checked where a person
/// would see it; screenshots go to `.build/browser-tests/svg` to look at.
@Suite struct SVGBrowserTests {
    static let theme = Theme.dark
    static var ground: Style { theme.style(.text) }
    static var border: Style { theme.style(.border) }

    /// A paywall-like frame in the dark theme: a rounded box, a title, plans, one selected.
    static func paywall(selection: Int, width: Int = 40, height: Int = 16) -> Frame {
        var frame = Frame(width: width, height: height, style: ground)
        frame.drawBox(Rect(x: 0, y: 0, width: width, height: height), title: "Tiny Game", border: .rounded, style: border)
        frame.write("日本 ▐█▌ ═╬═", x: 2, y: 1, style: theme.style(.accent, bold: true))
        for row in 0..<10 {
            let text = DisplayWidth.pad("Plan \(row + 1)  $\(row).99", to: width - 6)
            frame.write(text, x: 3, y: 3 + row, style: row == selection ? theme.selectionStyle : ground)
        }
        return frame
    }

    /// The centre of a cell, in the picture's pixels.
    static func centre(_ x: Int, _ y: Int) -> (Int, Int) {
        (Int(Double(x) * FrameSVG.cellWidth + FrameSVG.cellWidth / 2), Int(Double(y) * FrameSVG.cellHeight + FrameSVG.cellHeight / 2))
    }

    /// The colors at `points` of `svg` drawn as an image `scale` times its size, by name; with
    /// `time`, every animation in it held at that second.
    static func pixels(of svg: String, at time: Double? = nil, scale: Double = 1, _ points: [String: (Int, Int)]) throws -> [String: String] {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-svg-\(UUID().uuidString.prefix(8)).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let shown = time.map { frozen(svg, at: $0) } ?? svg
        let list = points.map { "[\"\($0.key)\",\($0.value.0),\($0.value.1)]" }.joined(separator: ",")
        let html = """
        <!doctype html><body><script>
        const bytes = Uint8Array.from(atob("\(Data(shown.utf8).base64EncodedString())"), c => c.charCodeAt(0));
        const image = new Image();
        image.onload = () => {
          const canvas = document.createElement('canvas');
          const scale = \(scale);
          canvas.width = Math.ceil(image.naturalWidth * scale); canvas.height = Math.ceil(image.naturalHeight * scale);
          const context = canvas.getContext('2d');
          context.drawImage(image, 0, 0, image.naturalWidth * scale, image.naturalHeight * scale);
          const found = {};
          for (const [name, x, y] of [\(list)]) {
            const d = context.getImageData(x, y, 1, 1).data;
            found[name] = '#' + [d[0], d[1], d[2]].map(v => v.toString(16).padStart(2, '0')).join('');
          }
          document.body.dataset.pixels = JSON.stringify(found);
        };
        image.onerror = () => { document.body.dataset.pixels = '{"error":"the image did not load"}'; };
        image.src = URL.createObjectURL(new Blob([bytes], {type: 'image/svg+xml'}));
        </script></body>
        """
        try html.write(to: page, atomically: true, encoding: .utf8)
        let dom = try Chromium.find().dom(of: page)
        guard let start = dom.range(of: "data-pixels=\""), let end = dom[start.upperBound...].firstIndex(of: "\"") else {
            throw Chromium.Failure(description: "the page read no pixels: \(dom.prefix(300))")
        }
        let json = String(dom[start.upperBound..<end]).replacingOccurrences(of: "&quot;", with: "\"")
        return try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    }

    /// The SVG with its animations paused at `time` seconds: a negative delay starts each one
    /// that far in.
    static func frozen(_ svg: String, at time: Double) -> String {
        svg.replacingOccurrences(of: "</style>", with: ".f{animation-play-state:paused!important;animation-delay:-\(time)s!important}\n</style>")
    }

    static func screenshot(_ svg: String, name: String, size: (Int, Int)) throws -> URL {
        let directory = try TestOutput.directory("svg")
        let file = directory.appendingPathComponent("\(name).svg"), picture = directory.appendingPathComponent("\(name).png")
        try svg.write(to: file, atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(at: picture)
        try Chromium.find().screenshot(of: file, to: picture, windowSize: size)
        return picture
    }

    @Test func aCellIsDrawnInTheThemesExactColors() throws {
        let frame = Self.paywall(selection: 2)
        let svg = FrameSVG.document(frame, options: SVGOptions(title: "Tiny Game, dark"))
        let colors = Self.theme.colors
        let found = try Self.pixels(of: svg, [
            "ground": Self.centre(20, 14),
            "selected": Self.centre(30, 5),
            // The top border's line runs through the middle of row 0.
            "border": Self.centre(20, 0),
            "block": Self.centre(8, 1),
        ])
        #expect(found["ground"] == colors[.background]?.hex)
        #expect(found["selected"] == colors[.selection]?.hex)
        #expect(found["border"] == colors[.border]?.hex)
        #expect(found["block"] == colors[.accent]?.hex)
        _ = try Self.screenshot(svg, name: "paywall-dark", size: (480, 384))
    }

    @Test func aBorderHasNoGapWhereTwoCellsMeet() throws {
        let svg = FrameSVG.document(Self.paywall(selection: 0))
        // Along the top border and down the left one, on the edges between cells, at a zoom
        // that puts those edges inside pixels, where a seam would show as a blend.
        let scale = 1.37
        var points: [String: (Int, Int)] = [:]
        for x in 14..<30 { points["top\(x)"] = (Int(Double(x * 12) * scale), Int(12 * scale)) }
        for y in 1..<15 { points["left\(y)"] = (Int(6 * scale), Int(Double(y * 24) * scale)) }
        let found = try Self.pixels(of: svg, scale: scale, points)
        let border = Self.theme.colors[.border]?.hex
        for (name, color) in found { #expect(color == border, "\(name)") }
    }

    @Test func theAnimationsFirstAndLastFramesAreTheRecordingsFirstAndLast() throws {
        let frames = [(0.0, Self.paywall(selection: 0)), (1.0, Self.paywall(selection: 3)), (2.0, Self.paywall(selection: 6))]
        let recording = Recording(width: 40, height: 16, started: Date(timeIntervalSince1970: 0), title: "demo",
                                  events: frames.map { ($0.0, .frame($0.1)) })
        let svg = AnimatedSVG.document(recording)
        let points = ["plan1": Self.centre(30, 3), "plan4": Self.centre(30, 6), "plan7": Self.centre(30, 9)]
        let selection = Self.theme.colors[.selection]?.hex, ground = Self.theme.colors[.background]?.hex

        let first = try Self.pixels(of: svg, at: 0.1, points)
        #expect(first == ["plan1": selection, "plan4": ground, "plan7": ground].compactMapValues { $0 })
        let middle = try Self.pixels(of: svg, at: 1.5, points)
        #expect(middle == ["plan1": ground, "plan4": selection, "plan7": ground].compactMapValues { $0 })
        let last = try Self.pixels(of: svg, at: 3.5, points)
        #expect(last == ["plan1": ground, "plan4": ground, "plan7": selection].compactMapValues { $0 })
        // After the hold it starts over.
        let again = try Self.pixels(of: svg, at: 4.2, points)
        #expect(again == first)

        _ = try Self.screenshot(Self.frozen(svg, at: 0.1), name: "animation-first", size: (480, 384))
        _ = try Self.screenshot(Self.frozen(svg, at: 3.5), name: "animation-last", size: (480, 384))
    }

    @Test func aRendererWithoutAnimationsShowsTheLastFrame() throws {
        // With every group shown at once in document order, the last frame's rows are on top.
        let frames = [(0.0, Self.paywall(selection: 0)), (1.0, Self.paywall(selection: 6))]
        let recording = Recording(width: 40, height: 16, started: Date(timeIntervalSince1970: 0), events: frames.map { ($0.0, .frame($0.1)) })
        let still = AnimatedSVG.document(recording).replacingOccurrences(of: "</style>", with: ".f{animation:none!important}\n</style>")
        let found = try Self.pixels(of: still, ["plan1": Self.centre(30, 3), "plan7": Self.centre(30, 9)])
        #expect(found["plan1"] == Self.theme.colors[.background]?.hex)
        #expect(found["plan7"] == Self.theme.colors[.selection]?.hex)
    }
}
