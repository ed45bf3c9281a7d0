import TerminalUI

/// Where the grid sits in the picture: at the origin, or inside a window with a title bar.
struct SVGLayout {
    let gridWidth: Double
    let gridHeight: Double
    let chrome: Bool

    static let titleBar = 40.0
    static let padding = 16.0

    init(columns: Int, rows: Int, chrome: Bool) {
        gridWidth = Double(columns) * FrameSVG.cellWidth
        gridHeight = Double(rows) * FrameSVG.cellHeight
        self.chrome = chrome
    }

    var gridX: Double { chrome ? Self.padding : 0 }
    var gridY: Double { chrome ? Self.titleBar : 0 }
    var width: Double { gridWidth + 2 * gridX }
    var height: Double { gridHeight + (chrome ? Self.titleBar + Self.padding : 0) }
}

/// The parts of the file around the rows: the root with its size, the accessible title, the
/// font stack and the palette in `<style>`, the window chrome, and the grid's ground.
struct SVGDocument {
    let layout: SVGLayout
    let options: SVGOptions
    let canvas: RGB
    let foreground: RGB

    /// Fonts a reader is likely to have, most faithful first; `monospace` always answers. (A
    /// font file inside the picture would weigh more than the picture.)
    static let fontStack = "'JetBrains Mono','Cascadia Mono','SF Mono',Menlo,Consolas,'DejaVu Sans Mono','Liberation Mono','Noto Sans Mono',monospace"

    var title: String {
        options.title ?? "storefront, \(Int(layout.gridWidth / FrameSVG.cellWidth))×\(Int(layout.gridHeight / FrameSVG.cellHeight))"
    }

    /// The whole file: `body` is the grid's content in grid coordinates, `extraStyle` more CSS
    /// (the animation's keyframes), `defs` shared content, `rootAttributes` more attributes of
    /// the root (` data-frame-times="…"`, with its leading space).
    func text(body: String, palette: SVGPalette, extraStyle: String = "", defs: String = "", rootAttributes: String = "") -> String {
        let n = SVGNumber.format
        let width = n(layout.width), height = n(layout.height)
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"title\" xml:space=\"preserve\"\(rootAttributes)>\n"
        svg += "<title id=\"title\">\(SVGEscaping.escaped(title))</title>\n"
        svg += "<style>\n"
        svg += "text{font-family:\(Self.fontStack);font-size:\(n(FrameSVG.fontSize))px;white-space:pre}\n"
        svg += ".b{font-weight:bold}\n.e{shape-rendering:crispEdges}\n"
        svg += palette.rules + "\n" + extraStyle + "</style>\n"
        if !defs.isEmpty { svg += "<defs>\n\(defs)</defs>\n" }
        if layout.chrome { svg += chrome() }
        svg += "<g transform=\"translate(\(n(layout.gridX)) \(n(layout.gridY)))\">\n"
        svg += "<rect width=\"\(n(layout.gridWidth))\" height=\"\(n(layout.gridHeight))\" fill=\"\(canvas.hex)\" shape-rendering=\"crispEdges\"/>\n"
        svg += body
        svg += "\n</g>\n</svg>\n"
        return svg
    }

    /// A window in the grid's own colors: rounded corners, a bar a shade lighter with the
    /// three dots on the left and the title in the middle.
    private func chrome() -> String {
        let n = SVGNumber.format
        let bar = canvas.mixed(with: foreground, 0.08), label = canvas.mixed(with: foreground, 0.7)
        var svg = "<rect width=\"\(n(layout.width))\" height=\"\(n(layout.height))\" rx=\"10\" fill=\"\(canvas.hex)\"/>\n"
        svg += "<path d=\"M0 10a10 10 0 0 1 10-10h\(n(layout.width - 20))a10 10 0 0 1 10 10v\(n(SVGLayout.titleBar - 18))h-\(n(layout.width))z\" fill=\"\(bar.hex)\"/>\n"
        for (index, color) in ["#ff5f57", "#febc2e", "#28c840"].enumerated() {
            svg += "<circle cx=\"\(20 + index * 20)\" cy=\"\(n(SVGLayout.titleBar / 2 - 4))\" r=\"6\" fill=\"\(color)\"/>\n"
        }
        svg += "<text x=\"\(n(layout.width / 2))\" y=\"\(n(SVGLayout.titleBar / 2 + 1))\" text-anchor=\"middle\" style=\"font-size:14px\" fill=\"\(label.hex)\">\(SVGEscaping.escaped(title))</text>\n"
        return svg
    }
}
