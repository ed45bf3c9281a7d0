import Catalog
import Foundation

/// `storefront lint [FILE] [--json]`: every problem of a catalog, load errors and lint findings
/// alike, each with its severity, JSON path and line:column (docs/catalog.md, "Lint").
/// Exit 0 when there are warnings only, 65 when any finding is an error.
enum LintCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        guard options.positional.count <= 1 else {
            throw CommandFailure(.usage, "lint checks one FILE at a time. See storefront --help.")
        }
        let path = options.positional.first ?? options.catalogPath ?? "catalog.json"
        let report = CatalogLinter.lint(text: try Environment.readCatalogText(at: path), file: path)
        // The whole report goes to standard output, errors or not, so `lint > report.txt` and
        // `lint --json | jq` always get all of it; the exit code says whether it passed.
        if options.json {
            print(report.jsonText)
        } else {
            report.textLines.forEach { print($0) }
        }
        if report.hasErrors {
            let count = report.errorCount
            throw CommandFailure(.dataError,
                                 "\(ControlCharacters.escaped(path)): \(count) error\(count == 1 ? "" : "s"); fix \(count == 1 ? "it" : "them") and run again.")
        }
    }
}
