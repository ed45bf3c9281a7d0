import Catalog
import Foundation
import TerminalUI

/// `storefront lint [FILE] [--json]`: every problem of a catalog (or of a theme), load errors and
/// lint findings alike, each with its severity, JSON path and line:column (docs/catalog.md,
/// "Lint"). Exit 0 when there are warnings only, 65 when any finding is an error; a file that
/// cannot be read is reported too (66 or 74), so `--json` always prints a document.
enum LintCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        guard options.positional.count <= 1 else {
            throw CommandFailure(.usage, "lint checks one FILE at a time. See storefront --help.")
        }
        let path = options.positional.first ?? options.catalogPath ?? "catalog.json"
        let data: Data
        do {
            data = try InputFile.readData(at: path, missingHint: options.positional.isEmpty
                ? InputFile.missingCatalogHint : "Name a catalog or a theme that is there: storefront lint FILE.")
        } catch {
            // The report says what is wrong, on standard output; standard error ends the run as
            // a report with errors does, rather than saying it a second time.
            show(LintReport.unreadable(file: path, error.diagnostic.message), options)
            throw CommandFailure(error.code, CatalogLoadError.summary(file: path, errorCount: 1))
        }
        let report = lint(data, file: path)
        show(report, options)
        if report.hasErrors {
            throw CommandFailure(.dataError, CatalogLoadError.summary(file: path, errorCount: report.errorCount))
        }
    }

    /// A theme by its shape (`ThemeLinter.isTheme`), anything else as a catalog.
    private static func lint(_ data: Data, file: String) -> LintReport {
        if !CatalogFile.isStoreKitConfiguration(file), let text = try? SourceText.decode(data),
           let root = try? JSONParser.parse(text), ThemeLinter.isTheme(root) {
            return ThemeLinter.lint(text: text, file: file)
        }
        return CatalogLinter.lint(data: data, file: file)
    }

    /// The whole report goes to standard output, errors or not, so `lint > report.txt` and
    /// `lint --json | jq` always get all of it; the exit code says whether it passed.
    private static func show(_ report: LintReport, _ options: Options) {
        if options.json {
            print(report.jsonText)
        } else {
            report.textLines.forEach { print($0) }
        }
    }
}
