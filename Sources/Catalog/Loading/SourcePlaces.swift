/// Where the values of a decoded catalog stand in the file it came from, for the checks that walk
/// the model and build paths from its indexes (validation, lint).
///
/// On a file that did not load cleanly the model and the file part ways: an element that failed
/// to decode is left out, so the model's `products[3]` is the file's `products[4]`; and a value
/// that failed has its default in the model, which a check would report again in other words
/// (`"P5X" is not a period`, then "needs a period"). `source(of:)` answers both.
struct SourcePlaces: Sendable, Equatable {
    let root: JSONNode
    private let keptElements: [String: [Int]]
    private let failedPaths: Set<String>
    /// Every value that holds a failed one, the failed ones included.
    private let holdingFailures: Set<String>

    init(root: JSONNode, diagnostics: DiagnosticList) {
        self.init(root: root, diagnostics: diagnostics, holdingFailures: [])
    }

    private init(root: JSONNode, diagnostics: DiagnosticList, holdingFailures: Set<String>) {
        self.root = root
        keptElements = diagnostics.keptElements
        failedPaths = diagnostics.failedPaths
        var holding = holdingFailures
        for path in diagnostics.failedPaths where !holding.contains(path) {
            for prefix in Self.prefixes(of: path) {
                // Once one is in, so are the shorter ones.
                guard holding.insert(prefix).inserted else { break }
            }
        }
        self.holdingFailures = holding
    }

    /// The same places, with what `diagnostics` has found since (a later check's errors).
    func updated(from diagnostics: DiagnosticList) -> SourcePlaces {
        SourcePlaces(root: root, diagnostics: diagnostics, holdingFailures: holdingFailures)
    }

    /// The file's path of the value the model's `path` names, and whether that value, or one
    /// holding it, failed to load (then a check about it waits for the load error to be fixed).
    func source(of path: JSONPath) -> (path: JSONPath, failed: Bool) {
        // Checks ask this for every product, so a clean file skips spelling each path out.
        if loadedCleanly { return (path, false) }
        let resolved = resolve(path)
        return (resolved.path, resolved.failed)
    }

    private func resolve(_ path: JSONPath) -> (path: JSONPath, text: String, failed: Bool) {
        var text = "$"
        var source = JSONPath.root
        var failed = failedPaths.contains(text)
        for component in path.components {
            switch component {
            case .key(let key):
                text = ObjectReader.path(text, key: key)
                source = source / key
            case .index(let index):
                let kept = keptElements[text]
                let fileIndex = kept.map { index < $0.count ? $0[index] : index } ?? index
                text += "[\(fileIndex)]"
                source = source / fileIndex
            }
            failed = failed || failedPaths.contains(text)
        }
        return (source, text, failed)
    }

    /// Nothing failed and every element was kept: the model's places are the file's, and nothing
    /// in it failed.
    var loadedCleanly: Bool { failedPaths.isEmpty && keptElements.isEmpty }

    /// Whether the value at the model's `path`, or anything inside it, failed to load.
    func hasFailure(within path: JSONPath) -> Bool {
        holdingFailures.contains(resolve(path).text)
    }

    /// Whether the model's `path` names a value the file has.
    func exists(_ path: JSONPath) -> Bool {
        let source = source(of: path).path
        return root.nearestNode(to: source).path == source
    }

    /// The place of the model's `path` in the file: the value itself when the file has it, else
    /// the deepest value on the way (a missing key is reported on the object that should hold it).
    func location(of path: JSONPath) -> (path: JSONPath, position: SourcePosition) {
        let nearest = root.nearestNode(to: source(of: path).path)
        return (nearest.path, nearest.node.position)
    }

    /// `$.a.b[2]`, `$.a.b`, `$.a` and `$` for `$.a.b[2]`, longest first.
    static func prefixes(of path: String) -> [String] {
        guard let parsed = JSONPath(parsing: path) else { return [path] }
        return parsed.withEnclosingPaths.map(\.description)
    }
}
