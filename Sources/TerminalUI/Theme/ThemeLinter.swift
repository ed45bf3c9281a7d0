import Catalog

/// `storefront lint Themes/neon.json`: a theme file gets the checks that fit it: JSON syntax,
/// what `ThemeDecoder` needs (as `schema` findings, each with its place), then control characters
/// in any of its strings (a theme's name is shown in the status bar) and the contrast of each
/// text role as written (24-bit; on fewer colors the app keeps it by itself).
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
        let theme: Theme
        do {
            theme = try ThemeDecoder.decode(root, file: file)
        } catch {
            // As for catalogs, the other rules wait until the theme loads.
            return LintReport(file: file, findings: error.diagnostics.map { diagnostic in
                var tagged = diagnostic
                tagged.rule = LintRule.schema.id
                return tagged
            })
        }
        let findings = ControlCharacterRule.findings(in: root) + contrastFindings(theme, root)
        return LintReport(file: file, findings: findings.sorted { ($0.position?.line ?? 0, $0.position?.column ?? 0)
            < ($1.position?.line ?? 0, $1.position?.column ?? 0) })
    }

    /// A warning per text role fainter than 4.5:1 on the background or the surface, at the role's color.
    static func contrastFindings(_ theme: Theme, _ root: JSONNode) -> [Diagnostic] {
        guard case .object(let members)? = root["colors"]?.value else { return [] }
        return Theme.textRoles.compactMap { role -> Diagnostic? in
            guard let color = theme.color(role) else { return nil }
            let faint = Theme.groundRoles.compactMap { ground -> (Theme.Role, Double)? in
                guard let back = theme.color(ground) else { return nil }
                let ratio = Contrast.ratio(color, back)
                return ratio < Contrast.text ? (ground, ratio) : nil
            }
            guard let worst = faint.min(by: { $0.1 < $1.1 }) else { return nil }
            let position = members.first { $0.key == role.rawValue }?.value.position
            let ratio = (worst.1 * 100).rounded(.down) / 100
            return Diagnostic(.warning, path: "$.colors.\(role.rawValue)", position: position,
                              message: "\(role.rawValue) on \(worst.0.rawValue) has a contrast of \(ratio):1, under the 4.5:1 text needs (WCAG AA); make it lighter or darker",
                              rule: LintRule.contrast.id)
        }
    }
}
