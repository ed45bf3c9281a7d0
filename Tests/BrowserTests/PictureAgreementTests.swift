import Exports
import Foundation
import Testing
import TerminalUI

/// One frame, three pictures, two renderers: the PNG (rsvg-convert drawing the SVG), the SVG
/// screenshotted in Chromium and the HTML screenshotted in Chromium must agree cell for cell,
/// and in Chromium every glyph must be drawn in the cell the frame puts it in. A left-to-right,
/// a right-to-left and a CJK storefront of the repository's catalog, at 120x40. Screenshots
/// go to `.build/browser-tests/agreement`.
@Suite struct PictureAgreementTests {
    static let width = 120, height = 40

    @Test(arguments: ["USA", "SAU", "JPN"])
    func thePNGTheSVGAndTheHTMLShowTheSameCells(storefront: String) throws {
        let frame = BrowserFixtures.frame(try BrowserFixtures.catalog(), storefront: storefront, theme: "dark",
                                          width: Self.width, height: Self.height)
        let output = try TestOutput.directory("agreement")
        let svg = output.appendingPathComponent("\(storefront).svg"), png = output.appendingPathComponent("\(storefront).png")
        let html = output.appendingPathComponent("\(storefront).html")
        try FrameSVG.document(frame).write(to: svg, atomically: true, encoding: .utf8)
        try FrameHTML.document(frame, title: storefront).write(to: html, atomically: true, encoding: .utf8)
        try PNGConverter.located().convert(svgFile: svg.path, to: png.path)

        let chromium = try Chromium.find()
        let svgShot = output.appendingPathComponent("\(storefront)-svg-chromium.png")
        let htmlShot = output.appendingPathComponent("\(storefront)-html-chromium.png")
        let size = (Int(Double(Self.width) * FrameSVG.cellWidth), Int(Double(Self.height) * FrameSVG.cellHeight))
        try chromium.screenshot(of: svg, to: svgShot, windowSize: size)
        // The page's body has a margin of 16 pixels; the grid is cut out of the screenshot.
        try chromium.screenshot(of: html, to: htmlShot, windowSize: (size.0 + 32, size.1 + 32))

        let pictures = [
            "rsvg-convert PNG": try Pixels(png: png, width: size.0, height: size.1),
            "SVG in Chromium": try Pixels(png: svgShot, width: size.0, height: size.1),
            "HTML in Chromium": try Pixels(png: htmlShot, width: size.0, height: size.1, left: 16, top: 16),
        ]
        let names = pictures.keys.sorted()
        for (index, one) in names.enumerated() {
            for other in names[(index + 1)...] {
                let differing = try #require(pictures[one]).cellsDiffering(from: try #require(pictures[other]))
                // A cell drawn from a different glyph, or in another place, changes its mean
                // by far more than the renderers' own anti-aliasing does (measured: 0 cells of
                // 4,800 for all three storefronts once each text run is held to its cells;
                // before, hundreds of the Arabic storefront's cells differed).
                #expect(differing.count <= 4, "\(storefront): \(one) and \(other) differ in \(differing.count) cells, first \(differing.prefix(8))")
            }
        }
        try expectEveryGlyphInItsCell(frame, svg: svg, html: html, storefront: storefront)
    }

    /// Chromium's own measure of where each character is drawn, in the SVG (put inline in a
    /// page) and in the HTML, set against the frame's cells.
    func expectEveryGlyphInItsCell(_ frame: Frame, svg: URL, html: URL, storefront: String) throws {
        let svgText = try String(contentsOf: svg, encoding: .utf8)
        let inline = try #require(svgText.range(of: "<svg")).lowerBound
        let svgPage = svg.deletingLastPathComponent().appendingPathComponent("\(storefront)-svg-inline.html")
        try "<!doctype html><meta charset=\"utf-8\"><body style=\"margin:0\">\(svgText[inline...])</body>"
            .write(to: svgPage, atomically: true, encoding: .utf8)
        let cell = "() => [\(FrameSVG.cellWidth), \(FrameSVG.cellHeight)]"
        for (name, page, selector) in [("SVG", svgPage, "svg"), ("HTML", html, "pre.frame")] {
            let probe = try BrowserFixtures.page(page, running: GlyphPlaces.probe(selector: selector, cell: cell))
            let glyphs = try GlyphPlaces.measured(in: try Chromium.find().dom(of: probe, windowSize: (1600, 1100)))
            #expect(glyphs.count > 200, "\(storefront) \(name): \(glyphs.count) glyphs measured")
            let misplaced = GlyphPlaces.misplaced(glyphs, in: frame)
            #expect(misplaced.isEmpty, "\(storefront) \(name): \(misplaced.count) glyphs out of their cells: \(misplaced.prefix(6))")
        }
    }
}

/// A picture's pixels as RGB bytes, read through ffmpeg (Debian's, which `make test-browser`
/// installs), cut to `width` by `height` from `left`, `top`.
struct Pixels {
    let width: Int, height: Int
    let bytes: [UInt8]

    init(png: URL, width: Int, height: Int, left: Int = 0, top: Int = 0) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-i", png.path, "-vf", "crop=\(width):\(height):\(left):\(top)",
                             "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, data.count == width * height * 3 else {
            throw Chromium.Failure(description: "ffmpeg read \(data.count) bytes of \(png.lastPathComponent), not \(width * height * 3)")
        }
        self.width = width
        self.height = height
        bytes = [UInt8](data)
    }

    /// The cells (column, row) whose mean color differs by more than a quarter of the way
    /// from black to white between the two pictures.
    func cellsDiffering(from other: Pixels) -> [String] {
        let cellWidth = Int(FrameSVG.cellWidth), cellHeight = Int(FrameSVG.cellHeight)
        var differing: [String] = []
        for row in 0..<(height / cellHeight) {
            for column in 0..<(width / cellWidth) {
                var sum = 0, otherSum = 0
                for y in (row * cellHeight)..<((row + 1) * cellHeight) {
                    for x in (column * cellWidth)..<((column + 1) * cellWidth) {
                        let index = (y * width + x) * 3
                        sum += Int(bytes[index]) + Int(bytes[index + 1]) + Int(bytes[index + 2])
                        otherSum += Int(other.bytes[index]) + Int(other.bytes[index + 1]) + Int(other.bytes[index + 2])
                    }
                }
                if abs(sum - otherSum) > cellWidth * cellHeight * 3 * 24 {
                    differing.append("\(column + 1),\(row + 1)")
                }
            }
        }
        return differing
    }
}
