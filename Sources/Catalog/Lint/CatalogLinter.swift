import Foundation

/// `storefront lint`: everything the loader reports, and beside it the problems a catalog can
/// have while being valid JSON of the right shape (`LintRule`), all in one run. Pure: the caller
/// reads the file and passes its text and name.
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
        if CatalogFile.isStoreKitConfiguration(file) { return lintStoreKitConfiguration(text: text, file: file) }
        let outcome = CatalogLoader.loadOutcome(text: text, file: file)
        var findings = tagged(outcome.diagnostics, outcome.root == nil ? .syntax : .schema)
        guard let root = outcome.root else { return LintReport(file: file, findings: findings) }
        // The rules run on what did load, so the whole list comes at once; a finding about a
        // value that failed to load waits, since it would only repeat the load error.
        if let catalog = outcome.decoded, let places = outcome.places {
            findings += LintContext.findings(in: catalog, places: places)
        }
        findings += ControlCharacterRule.findings(in: root)
        return LintReport(file: file, findings: Diagnostic.inFileOrder(findings))
    }

    /// An Xcode StoreKit configuration: what its import says (errors, and the settings it
    /// ignored), and what the rules say of the catalog.json `storefront import` makes of it, each
    /// named at the product or group of the file it comes from.
    private static func lintStoreKitConfiguration(text: String, file: String) -> LintReport {
        let outcome = StoreKitImporter.loadOutcome(text: text, file: file)
        var findings = tagged(outcome.diagnostics, .schema)
        if let decoded = outcome.decoded, let places = outcome.places,
           let imported = try? JSONParser.parse(CatalogEncoder.encode(decoded.catalog)) {
            let importPlaces = StoreKitImportPlaces(file: places, imported: imported, productPaths: decoded.productPaths,
                                                    groupPaths: decoded.groupPaths)
            findings += LintContext.findings(in: decoded.catalog, places: importPlaces)
        }
        if let root = outcome.places?.root { findings += ControlCharacterRule.findings(in: root) }
        return LintReport(file: file, findings: Diagnostic.inFileOrder(findings))
    }

    /// Load diagnostics carry no rule of their own; they are all `rule`'s.
    private static func tagged(_ diagnostics: [Diagnostic], _ rule: LintRule) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var tagged = diagnostic
            tagged.rule = tagged.rule ?? rule.id
            return tagged
        }
    }
}

/// Where a lint finding is, built from the model's indexes: in the file the catalog came from.
struct LintPlace {
    var path: String
    var position: SourcePosition
    /// Added to the message when the place alone does not say what the finding is about.
    var note: String?
}

/// How the rules name places and learn what failed to load, whatever file the catalog came from.
protocol LintPlaces {
    /// The place of the value at the model's `path`; nil when that value, or one holding it,
    /// failed to load (its load error says so already).
    func place(of path: JSONPath) -> LintPlace?
    /// Whether the value at the model's `path`, or anything inside it, failed to load.
    func hasFailure(within path: JSONPath) -> Bool
    /// Whether the file has a value at the model's `path` (rather than a default).
    func exists(_ path: JSONPath) -> Bool
}

extension SourcePlaces: LintPlaces {
    func place(of path: JSONPath) -> LintPlace? {
        guard !source(of: path).failed else { return nil }
        let place = location(of: path)
        return LintPlace(path: place.path.description, position: place.position)
    }
}

/// Places for the catalog a `.storekit` file imports as: a product or group is named at its
/// element of the `.storekit` file, anything the import made up (the settings, the paywall) at
/// the file's top; the message says where in the imported catalog.json the finding is.
struct StoreKitImportPlaces: LintPlaces {
    /// The `.storekit` file.
    let file: SourcePlaces
    /// The catalog.json the import writes, parsed.
    let imported: JSONNode
    let productPaths: [String]
    let groupPaths: [String]

    /// The `.storekit` element the model's `path` belongs to, or the file's top.
    private func element(of path: JSONPath) -> String {
        guard path.components.count >= 2, case .key(let key) = path.components[0],
              case .index(let index) = path.components[1] else { return "$" }
        switch key {
        case "products" where productPaths.indices.contains(index): return productPaths[index]
        case "subscriptionGroups" where groupPaths.indices.contains(index): return groupPaths[index]
        default: return "$"
        }
    }

    /// The element's place in the `.storekit` file, when nothing in it failed to load (the
    /// import's values are not the file's, so a failure anywhere in the element counts).
    private func filePlace(of path: JSONPath) -> (path: JSONPath, position: SourcePosition)? {
        let elementPath = JSONPath(parsing: element(of: path)) ?? .root
        if elementPath != .root, file.hasFailure(within: elementPath) { return nil }
        return file.location(of: elementPath)
    }

    func place(of path: JSONPath) -> LintPlace? {
        guard let place = filePlace(of: path) else { return nil }
        let inImport = imported.nearestNode(to: path).path
        return LintPlace(path: place.path.description, position: place.position,
                         note: "at \(inImport) of the catalog.json storefront import writes")
    }

    func hasFailure(within path: JSONPath) -> Bool {
        filePlace(of: path) == nil
    }

    func exists(_ path: JSONPath) -> Bool {
        imported.node(at: path) != nil
    }
}

/// What the rules share: the catalog, where its parts stand, and the findings so far.
///
/// Rules walk the model and name places by the model's indexes; `places` turns those into the
/// file's (an element that failed to decode is not in the model) and leaves out findings about
/// values that failed to load.
struct LintContext {
    let catalog: ProductCatalog
    let places: any LintPlaces
    private(set) var findings: [Diagnostic] = []

    /// Every rule's findings on `catalog`.
    static func findings(in catalog: ProductCatalog, places: any LintPlaces) -> [Diagnostic] {
        var context = LintContext(catalog: catalog, places: places)
        context.checkBundleId()
        context.checkPurchases()
        context.checkProducts()
        context.checkPaywalls()
        context.checkPlay()
        return context.findings
    }

    /// Records a finding at `path`, or at the nearest enclosing value when the last keys of the
    /// path are absent (a missing key is reported on the object that should hold it); nothing
    /// when the value failed to load.
    mutating func report(_ rule: LintRule, at path: JSONPath, _ message: String) {
        guard let place = places.place(of: path) else { return }
        let text = place.note.map { "\(message) (\($0))" } ?? message
        findings.append(Diagnostic(rule.severity, path: place.path, position: place.position, message: text, rule: rule.id))
    }

    static let products = JSONPath.root / "products"
    static let paywalls = JSONPath.root / "paywalls"

    /// `"a", "b" and "c"`, for messages that name several ids.
    static func quotedList(_ items: [String]) -> String {
        English.list(items.map { "\"\($0)\"" }, joinedBy: "and")
    }
}
