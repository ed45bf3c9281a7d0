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
/// font stack and the animation's rules in `<style>`, the window chrome, and the grid's ground.
struct SVGDocument {
    let layout: SVGLayout
    let options: SVGOptions
    let canvas: RGB
    let foreground: RGB

    /// Fonts a reader is likely to have, most faithful first, then one with the CJK characters;
    /// `monospace` always answers. The HTML pictures name the same. (A
    /// font file inside the picture would weigh more than the picture.)
    static let fontStack = "'JetBrains Mono','Cascadia Mono','SF Mono',Menlo,Consolas,'DejaVu Sans Mono','Liberation Mono','Noto Sans Mono','Noto Sans Mono CJK JP',monospace"

    /// Stands for the picture's own name while it is written (a control character, so no
    /// escaped text can hold it); `text` puts the name in its place at the end.
    static let scope = "\u{1}"

    var title: String {
        options.title ?? "storefront, \(Int(layout.gridWidth / FrameSVG.cellWidth))×\(Int(layout.gridHeight / FrameSVG.cellHeight))"
    }

    /// The whole file: `body` is the grid's content in grid coordinates, `extraStyle` more CSS
    /// (the animation's keyframes), `defs` shared content, `rootAttributes` more attributes of
    /// the root (` data-frame-times="…"`, with its leading space).
    func text(body: String, extraStyle: String = "", defs: String = "", rootAttributes: String = "") -> String {
        let n = SVGNumber.format
        let width = n(layout.width), height = n(layout.height)
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let scope = Self.scope
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"\(scope)\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" xml:space=\"preserve\"\(rootAttributes)>\n"
        svg += "<title>\(MarkupEscaping.escaped(title))</title>\n"
        svg += "<style>\n"
        // On the root, inherited by everything in it, the rows `<use>` draws included.
        svg += "#\(scope){font-family:\(Self.fontStack);font-size:\(n(FrameSVG.fontSize))px;white-space:pre}\n"
        svg += extraStyle + "</style>\n"
        if !defs.isEmpty { svg += "<defs>\n\(defs)</defs>\n" }
        if layout.chrome { svg += chrome() }
        // Crisp edges for every rectangle of the grid (inherited, into the `<use>`d rows too).
        svg += "<g transform=\"translate(\(n(layout.gridX)) \(n(layout.gridY)))\" shape-rendering=\"crispEdges\">\n"
        svg += "<rect width=\"\(n(layout.gridWidth))\" height=\"\(n(layout.gridHeight))\" fill=\"\(canvas.hex)\"/>\n"
        svg += body
        svg += "\n</g>\n</svg>\n"
        return svg.replacingOccurrences(of: scope, with: Self.name(of: svg))
    }

    /// The picture's name: its root's id, which every rule, keyframe and row id starts from,
    /// so pictures put inline on one HTML page (a contact sheet) never take each other's
    /// colors or rows. Made from the content (FNV-1a), so the same frame always writes the
    /// same file.
    static func name(of svg: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in svg.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let digits = String(hash, radix: 16)
        return "sf" + String(repeating: "0", count: 8 - digits.count) + digits
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
        svg += "<text x=\"\(n(layout.width / 2))\" y=\"\(n(SVGLayout.titleBar / 2 + 1))\" text-anchor=\"middle\" style=\"font-size:14px\" fill=\"\(label.hex)\">\(MarkupEscaping.escaped(title))</text>\n"
        return svg
    }
}
