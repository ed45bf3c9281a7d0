import Foundation

/// `storefront lint`: everything the loader reports, and then, for a catalog that loads, the
/// problems a catalog can have while being valid JSON of the right shape (`LintRule`). Pure: the
/// caller reads the file and passes its text and name.
public enum CatalogLinter {
    /// The bytes of a file: text that is not UTF-8 is one `encoding` finding at its first bad byte.
    public static func lint(data: Data, file: String) -> LintReport {
        do {
            return lint(text: try SourceText.decode(data), file: file)
        } catch {
            return LintReport(file: file, findings: [error.diagnostic])
        }
    }

    public static func lint(text: String, file: String) -> LintReport {
        if CatalogFile.isStoreKitConfiguration(file) {
            // An Xcode StoreKit configuration has its own shape, and the rules name places by
            // catalog.json paths that do not exist in it; what its import says is what lint can
            // say: errors, and the settings it ignored.
            let outcome = StoreKitImporter.loadOutcome(text: text, file: file)
            return LintReport(file: file, findings: ordered(tagged(outcome.diagnostics, .schema)))
        }
        let outcome = CatalogLoader.loadOutcome(text: text, file: file)
        var findings = tagged(outcome.diagnostics, outcome.root == nil ? .syntax : .schema)
        // The rules read the model; on a half-loaded catalog they would only repeat the load
        // errors in other words, so they wait until those are fixed.
        if let catalog = outcome.catalog, let root = outcome.root {
            var context = LintContext(catalog: catalog, root: root)
            context.checkPurchases()
            context.checkProducts()
            context.checkPaywalls()
            findings += context.findings + ControlCharacterRule.findings(in: root)
        }
        return LintReport(file: file, findings: ordered(findings))
    }

    /// Load diagnostics carry no rule of their own; they are all `rule`'s.
    private static func tagged(_ diagnostics: [Diagnostic], _ rule: LintRule) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var tagged = diagnostic
            tagged.rule = tagged.rule ?? rule.id
            return tagged
        }
    }

    /// By line, then column; findings without a place go last. Stable, so findings at one place
    /// keep the order the rules found them in.
    static func ordered(_ findings: [Diagnostic]) -> [Diagnostic] {
        findings.enumerated().sorted { left, right in
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

/// What the rules share: the loaded catalog, the tree it came from, and the findings so far.
///
/// Rules walk the model and name places by index. That is sound because a catalog that loaded
/// without errors decoded every element of every array, so `catalog.products[i]` is the `i`th
/// element of `"products"` in the file.
struct LintContext {
    let catalog: Catalog
    let root: JSONNode
    private(set) var findings: [Diagnostic] = []

    init(catalog: Catalog, root: JSONNode) {
        self.catalog = catalog
        self.root = root
    }

    /// Records a finding at `path`, or at the nearest enclosing value when the last keys of the
    /// path are absent (a missing key is reported on the object that should hold it).
    mutating func report(_ rule: LintRule, at path: JSONPath, _ message: String) {
        let place = root.nearestNode(to: path)
        findings.append(Diagnostic(rule.severity, path: place.path.description, position: place.node.position,
                                   message: message, rule: rule.id))
    }

    static let products = JSONPath.root / "products"
    static let paywalls = JSONPath.root / "paywalls"

    /// `"a", "b" and "c"`, for messages that name several ids.
    static func quotedList(_ items: [String]) -> String {
        list(items.map { "\"\($0)\"" }, joinedBy: "and")
    }

    /// `a, b or c`: reads as a sentence where a plain comma list would not.
    static func list(_ items: [String], joinedBy conjunction: String) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
