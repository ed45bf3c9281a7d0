/// A JSON path kept as components, so that one value both finds a node in a parsed tree (for its
/// line and column) and prints as the `$.products[2].prices.USA` form every diagnostic shows.
/// Checks that run after loading build paths from the model's indexes and ask the tree where
/// they are, instead of each walking the tree by hand.
struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    var components: [Component]

    static let root = JSONPath(components: [])

    static func / (path: JSONPath, key: String) -> JSONPath {
        JSONPath(components: path.components + [.key(key)])
    }

    static func / (path: JSONPath, index: Int) -> JSONPath {
        JSONPath(components: path.components + [.index(index)])
    }

    init(components: [Component]) {
        self.components = components
    }

    /// The path a string in the loader's spelling names (`$.products[2]["a.b"]`, as
    /// `description` writes it); nil for anything else.
    init?(parsing text: String) {
        var rest = Substring(text)
        guard rest.first == "$" else { return nil }
        rest = rest.dropFirst()
        var components: [Component] = []
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let key = rest.prefix { $0 != "." && $0 != "[" }
                guard !key.isEmpty else { return nil }
                components.append(.key(String(key)))
                rest = rest.dropFirst(key.count)
            } else if rest.hasPrefix("[\"") {
                rest = rest.dropFirst(2)
                guard let end = rest.range(of: "\"]") else { return nil }
                components.append(.key(String(rest[..<end.lowerBound])))
                rest = rest[end.upperBound...]
            } else if first == "[" {
                rest = rest.dropFirst()
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard let index = Int(digits), rest.dropFirst(digits.count).first == "]" else { return nil }
                components.append(.index(index))
                rest = rest.dropFirst(digits.count + 1)
            } else {
                return nil
            }
        }
        self.components = components
    }

    /// This path and every path that holds it, longest first: `$.a[2]`, `$.a`, `$`.
    var withEnclosingPaths: [JSONPath] {
        (0...components.count).reversed().map { JSONPath(components: Array(components.prefix($0))) }
    }

    var description: String {
        components.reduce("$") { text, component in
            switch component {
            // The loader's spelling, so a lint finding and a load error name a place alike.
            case .key(let key): return ObjectReader.path(text, key: key)
            case .index(let index): return "\(text)[\(index)]"
            }
        }
    }
}

extension JSONNode {
    /// The node at `path`, when every component exists.
    func node(at path: JSONPath) -> JSONNode? {
        let nearest = nearestNode(to: path)
        return nearest.path == path ? nearest.node : nil
    }

    /// The deepest node on the way to `path`, with its own path: the node itself when it exists,
    /// else the object or array that lacks the next component. A finding about a missing key
    /// points at the object that should hold it, as the loader's "missing required key" does.
    func nearestNode(to path: JSONPath) -> (node: JSONNode, path: JSONPath) {
        var node = self
        var reached = JSONPath.root
        for component in path.components {
            let next: JSONNode?
            switch (component, node.value) {
            case (.key(let key), .object):
                next = node[key]
            case (.index(let index), .array(let elements)):
                next = elements.indices.contains(index) ? elements[index] : nil
            default:
                next = nil
            }
            guard let next else { break }
            node = next
            reached.components.append(component)
        }
        return (node, reached)
    }
}
