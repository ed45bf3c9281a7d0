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
        let lines = diagnostics.map { $0.formatted(file: file) }
        return (lines + [Self.summary(file: file, errorCount: errors.count)]).joined(separator: "\n")
    }

    /// `catalog.json: 2 errors; fix them and run again.`: the last line about a file with errors,
    /// from loading it or from `lint`.
    public static func summary(file: String, errorCount count: Int) -> String {
        "\(ControlCharacters.escaped(file)): \(English.count(count, "error")); fix \(English.pronoun(forCount: count)) and run again."
    }
}

/// Collects diagnostics while a document is walked. A class so that nested readers share one list.
///
/// Besides the messages it keeps what later checks need to name places right on a document
/// that did not load cleanly: which values failed (so a check does not report them again in
/// other words) and, for an array whose elements did not all decode, which ones the model kept
/// (so the model's `products[3]` can be the file's `products[4]`).
final class DiagnosticList {
    private(set) var items: [Diagnostic] = []
    /// Source paths of values that failed to load, or that are required and missing.
    private(set) var failedPaths: Set<String> = []
    /// By the source path of an array: the file index of each element the model kept, in order.
    /// Only arrays that lost an element are here.
    private(set) var keptElements: [String: [Int]] = [:]

    /// An error about the value at `path`; `subject` names the value that failed when it is not
    /// the one at `path` (a missing key is reported on the object that should hold it).
    func error(_ message: String, path: String, at position: SourcePosition?, subject: String? = nil) {
        items.append(Diagnostic(.error, path: path, position: position, message: message))
        failedPaths.insert(subject ?? path)
    }

    func warning(_ message: String, path: String, at position: SourcePosition?) {
        items.append(Diagnostic(.warning, path: path, position: position, message: message))
    }

    /// One more value counts as failed, beside those errors name (a misspelt key's likely spelling).
    func markFailed(_ path: String) {
        failedPaths.insert(path)
    }

    /// The array at `path` had `count` elements and the model kept those at `indices`.
    func kept(_ indices: [Int], of count: Int, inArrayAt path: @autoclosure () -> String) {
        guard indices.count != count else { return }
        keptElements[path()] = indices
    }

    var hasErrors: Bool { items.contains { $0.severity == .error } }

    func append(_ diagnostic: Diagnostic) {
        items.append(diagnostic)
    }
}

extension Diagnostic {
    /// By line, then column; diagnostics without a place go last. Stable, so diagnostics at one
    /// place keep the order they were found in. Every list a loader or lint prints is in this
    /// order, so it reads top to bottom like the file.
    public static func inFileOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { left, right in
            switch (left.element.position, right.element.position) {
            case let (l?, r?) where l != r:
                return (l.line, l.column) < (r.line, r.column)
            case (_?, nil):
                return true
            case (nil, _?):
                return false
            default:
                return left.offset < right.offset
            }
        }.map(\.element)
    }
}

extension JSONParser.SyntaxError {
    /// What every loader reports for text that is not JSON at all.
    var diagnostic: Diagnostic {
        Diagnostic(.error, path: "$", position: position, message: "malformed JSON: \(message)")
    }
}
