import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG read back with XMLParser, which stops at the first error (on Linux XMLDocument
/// parses in recover mode and would take a broken file), as a small tree to query.
final class SVGElement {
    let name: String
    let attributes: [String: String]
    var text = ""
    var children: [SVGElement] = []
    /// Text and elements in document order: a `<text>` of words in `<tspan>`s with spaces
    /// between them reads back as written.
    var content: [Content] = []
    weak var parent: SVGElement?

    enum Content {
        case text(String)
        case element(SVGElement)
    }

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Every element below this one called `name`, in document order.
    func all(_ name: String) -> [SVGElement] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.all(name) }
    }

    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

    /// The text of this element and everything in it.
    var allText: String {
        content.map { piece in
            switch piece {
            case .text(let text): text
            case .element(let element): element.allText
            }
        }.joined()
    }
}

struct SVGProblem: Error, CustomStringConvertible {
    var description: String
}

enum SVGTree {
    static func parse(_ svg: String) throws -> SVGElement {
        let builder = Builder()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = builder
        guard parser.parse(), parser.parserError == nil, let root = builder.root else {
            throw SVGProblem(description: "not well-formed at line \(parser.lineNumber), column \(parser.columnNumber): \(String(describing: parser.parserError))")
        }
        return root
    }

    /// The fill color an element is drawn in.
    static func fill(of element: SVGElement, in root: SVGElement) -> String? {
        element.attributes["fill"]
    }

    /// The rectangles of a path made of `Mx yhWvHh-Wz` pieces, as (x, y, width, height).
    static func rectangles(_ d: String) -> [(x: Double, y: Double, width: Double, height: Double)] {
        let pattern = try! NSRegularExpression(pattern: #"M(-?[\d.]+) (-?[\d.]+)h(-?[\d.]+)v(-?[\d.]+)h-?[\d.]+z"#)
        return pattern.matches(in: d, range: NSRange(d.startIndex..., in: d)).map { match in
            let value = { (index: Int) in Double(d[Range(match.range(at: index), in: d)!])! }
            return (value(1), value(2), value(3), value(4))
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: SVGElement?
        var current: SVGElement?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            let element = SVGElement(name: elementName, attributes: attributes)
            element.parent = current
            current?.children.append(element)
            current?.content.append(.element(element))
            if root == nil { root = element }
            current = element
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            current = current?.parent
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            current?.text += string
            current?.content.append(.text(string))
        }
    }
}
