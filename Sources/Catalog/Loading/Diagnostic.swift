/// One problem found in a catalog: where it is (JSON path, and line and column when known),
/// how bad, and what to do.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    /// A JSON path such as `$.products[2].prices.USA`.
    public var path: String
    public var position: SourcePosition?
    public var message: String
    /// Which lint rule found it (`enable-payments`, `schema`), so `--json` readers and tests can
    /// tell findings apart without parsing messages; nil for plain load errors.
    public var rule: String?

    public init(_ severity: Severity, path: String, position: SourcePosition?, message: String, rule: String? = nil) {
        self.severity = severity
        self.path = path
        self.position = position
        self.message = message
        self.rule = rule
    }

    /// Control characters in the path or message (a key or value quoted from the file) are
    /// escaped: this is printed on a terminal.
    public var description: String {
        "\(severity.rawValue): \(ControlCharacters.escaped(path)): \(ControlCharacters.escaped(message))"
    }

    /// `catalog.json:12:7: error: $.products[0].type: …`, the shape compilers use, so editors
    /// and terminals can jump to the place. The file name is escaped too.
    public func formatted(file: String) -> String {
        let file = ControlCharacters.escaped(file)
        let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(place): \(description)"
    }
}

/// Loading failed; every problem found is listed, not only the first.
public struct CatalogLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var diagnostics: [Diagnostic]

    public init(file: String, diagnostics: [Diagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    public var description: String {
        let count = errors.count
        let lines = diagnostics.map { $0.formatted(file: file) }
        let summary = "\(ControlCharacters.escaped(file)): \(count) error\(count == 1 ? "" : "s"); fix \(count == 1 ? "it" : "them") and run again."
        return (lines + [summary]).joined(separator: "\n")
    }
}

/// Collects diagnostics while a document is walked. A class so that nested readers share one list.
final class DiagnosticList {
    private(set) var items: [Diagnostic] = []

    func error(_ message: String, path: String, at position: SourcePosition?) {
        items.append(Diagnostic(.error, path: path, position: position, message: message))
    }

    func warning(_ message: String, path: String, at position: SourcePosition?) {
        items.append(Diagnostic(.warning, path: path, position: position, message: message))
    }

    var hasErrors: Bool { items.contains { $0.severity == .error } }

    func append(_ diagnostic: Diagnostic) {
        items.append(diagnostic)
    }
}

extension JSONParser.SyntaxError {
    /// What every loader reports for text that is not JSON at all.
    var diagnostic: Diagnostic {
        Diagnostic(.error, path: "$", position: position, message: "malformed JSON: \(message)")
    }
}
