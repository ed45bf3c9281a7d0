import Catalog

/// `storefront lint Themes/neon.json`: a theme file gets the checks that fit it: JSON syntax,
/// what `ThemeDecoder` needs (as `schema` findings, each with its place), then control characters
/// in any of its strings (a theme's name is shown in the status bar).
public enum ThemeLinter {
    /// A theme rather than a catalog: an object with `colors` and no `schemaVersion`.
    public static func isTheme(_ root: JSONNode) -> Bool {
        root["colors"] != nil && root["schemaVersion"] == nil
    }

    public static func lint(text: String, file: String) -> LintReport {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            return LintReport(file: file, findings: [Diagnostic(
                .error, path: "$", position: error.position, message: "malformed JSON: \(error.message)",
                rule: LintRule.syntax.id)])
        }
        do {
            _ = try ThemeDecoder.decode(root, file: file)
        } catch {
            // As for catalogs, the other rules wait until the theme loads.
            return LintReport(file: file, findings: error.diagnostics.map { diagnostic in
                var tagged = diagnostic
                tagged.rule = LintRule.schema.id
                return tagged
            })
        }
        return LintReport(file: file, findings: ControlCharacterRule.findings(in: root))
    }
}
