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
        return "\(file): \(English.count(errorCount, "error")), \(English.count(warningCount, "warning"))"
    }

    /// One `catalog.json:12:7: warning: $.path: message` line per finding, then the summary.
    public var textLines: [String] {
        findings.map { $0.formatted(file: file) } + [summary]
    }

    /// The `--json` document as UTF-8 text: `file`, `errors`, `warnings` and `findings`, each
    /// finding with `severity`, `path`, `line`, `column` (null when unknown), `message` and
    /// `rule`; keys sorted, so the output is stable from run to run.
    ///
    /// Written in one pass straight into the text, rather than through `JSONSerialization`,
    /// whose dictionaries of `Any`, their keys sorted as `NSString`s, took most of the time of
    /// 100,000 findings.
    public var jsonText: String {
        var text = ""
        // Grown once rather than doubled again and again: the text of 100,000 findings is 30 MB.
        text.reserveCapacity(findings.reduce(200) { $0 + 200 + $1.message.utf8.count + $1.path.utf8.count })
        text += "{\n  \"errors\" : \(errorCount),\n  \"file\" : "
        JSONText.writeString(file, to: &text)
        text += ",\n  \"findings\" : ["
        for (index, finding) in findings.enumerated() {
            text += index == 0 ? "\n    {\n" : ",\n    {\n"
            text += "      \"column\" : " + (finding.position.map { String($0.column) } ?? "null") + ",\n"
            text += "      \"line\" : " + (finding.position.map { String($0.line) } ?? "null") + ",\n"
            text += "      \"message\" : "
            JSONText.writeString(finding.message, to: &text)
            text += ",\n      \"path\" : "
            JSONText.writeString(finding.path, to: &text)
            text += ",\n      \"rule\" : "
            if let rule = finding.rule { JSONText.writeString(rule, to: &text) } else { text += "null" }
            text += ",\n      \"severity\" : \"\(finding.severity.rawValue)\"\n    }"
        }
        text += findings.isEmpty ? "]" : "\n  ]"
        text += ",\n  \"warnings\" : \(warningCount)\n}"
        return text
    }
}
