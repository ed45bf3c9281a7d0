import Foundation

/// What `storefront lint` found in one file, ordered by line then column so that the list reads
/// top to bottom like the file.
public struct LintReport: Sendable, Equatable {
    public var file: String
    public var findings: [Diagnostic]

    public init(file: String, findings: [Diagnostic]) {
        self.file = file
        self.findings = findings
    }

    /// The report on a file that could not be read at all (missing, a directory, no permission):
    /// one `file` finding without a place, so `--json` still prints a document.
    public static func unreadable(file: String, _ message: String) -> LintReport {
        LintReport(file: file, findings: [Diagnostic(.error, path: "$", position: nil, message: message,
                                                      rule: LintRule.file.id)])
    }

    public var hasErrors: Bool { errorCount > 0 }
    public var errorCount: Int { findings.count { $0.severity == .error } }
    public var warningCount: Int { findings.count { $0.severity == .warning } }

    /// `catalog.json: 1 error, 2 warnings`, or `catalog.json: clean`.
    public var summary: String {
        let file = ControlCharacters.escaped(self.file)
        guard !findings.isEmpty else { return "\(file): clean" }
        return "\(file): \(counted(errorCount, "error")), \(counted(warningCount, "warning"))"
    }

    /// One `catalog.json:12:7: warning: $.path: message` line per finding, then the summary.
    public var textLines: [String] {
        findings.map { $0.formatted(file: file) } + [summary]
    }

    /// The `--json` document: `file`, `errors`, `warnings` and `findings`, each finding with
    /// `severity`, `path`, `line`, `column` (null when unknown), `message` and `rule`.
    public var jsonObject: [String: Any] {
        let rows: [[String: Any]] = findings.map { finding in
            [
                "severity": finding.severity.rawValue,
                "path": finding.path,
                "line": finding.position.map { $0.line as Any } ?? NSNull(),
                "column": finding.position.map { $0.column as Any } ?? NSNull(),
                "message": finding.message,
                "rule": finding.rule.map { $0 as Any } ?? NSNull(),
            ]
        }
        return ["file": file, "errors": errorCount, "warnings": warningCount, "findings": rows]
    }

    /// `jsonObject` as UTF-8 text with sorted keys, so the output is stable from run to run.
    public var jsonText: String {
        // Only strings, integers, arrays, dictionaries and NSNull go in: serialization cannot fail.
        let data = (try? JSONSerialization.data(withJSONObject: jsonObject,
                                                options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
