/// `control-character`: every string of a JSON document, keys included, that holds a control
/// character (`ControlCharacters`). Public so that themes are checked by the same walk.
public enum ControlCharacterRule {
    /// Findings in file order, each at the string (or key) that holds the characters.
    public static func findings(in root: JSONNode) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        walk(root, path: .root, into: &findings)
        return findings
    }

    private static func walk(_ node: JSONNode, path: JSONPath, into findings: inout [Diagnostic]) {
        switch node.value {
        case .string(let text):
            check(text, as: "text", path: path, position: node.position, into: &findings)
        case .object(let members):
            for member in members {
                let memberPath = path / member.key
                check(member.key, as: "key", path: memberPath, position: member.keyPosition, into: &findings)
                walk(member.value, path: memberPath, into: &findings)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                walk(element, path: path / index, into: &findings)
            }
        case .number, .bool, .null:
            break
        }
    }

    /// Quoted values are cut to this many characters: the place is what matters, not the text.
    static let quotedLength = 60

    private static func check(_ text: String, as kind: String, path: JSONPath, position: SourcePosition,
                              into findings: inout [Diagnostic]) {
        guard let controls = ControlCharacters.describe(in: text) else { return }
        var quoted = ControlCharacters.escaped(String(text.prefix(quotedLength)))
        if text.count > quotedLength { quoted += "…" }
        let holds = English.count(controls.count, "control character", one: "a") + (controls.count == 1 ? "," : ":")
        let them = English.pronoun(forCount: controls.count)
        let message = "\(kind) \"\(quoted)\" holds \(holds) \(controls.list); a terminal cannot show \(them), so the app "
            + "draws � (a tab or newline as a space): remove \(them)"
        findings.append(Diagnostic(LintRule.controlCharacter.severity, path: path.description, position: position,
                                   message: message, rule: LintRule.controlCharacter.id))
    }
}
