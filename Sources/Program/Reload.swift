import Catalog
import Foundation
import TerminalUI

/// A catalog file saved while the app runs, as read: the catalog it now holds, or why it does
/// not load. The file watcher (the app) and a scenario's `reload` read the file; the update
/// decides what it means for the screen and the engine.
public enum CatalogSave: Sendable, Equatable {
    case loaded(ProductCatalog, file: String)
    /// `problem`: the first error as `file:line:col: error: …`, for the bottom line; `lint`:
    /// the whole lint output, for the Events pane.
    case broken(file: String, problem: String, lint: [String])

    /// Reads a catalog's text (catalog.json or a `.storekit` file, by the name of `file`).
    public static func reading(text: String, file: String) -> CatalogSave {
        do {
            return .loaded(try CatalogFile.load(text: text, file: file), file: file)
        } catch {
            let first = error.errors.first.map { $0.formatted(file: file) } ?? error.description
            return .broken(file: file, problem: first, lint: CatalogLinter.lint(text: text, file: file).textLines)
        }
    }

    /// A file that could not be read at all (gone, unreadable, not UTF-8): `message` says why.
    public static func unreadable(file: String, _ message: String) -> CatalogSave {
        .broken(file: file, problem: message, lint: [message])
    }
}

/// Theme files saved while the app runs: every theme that loads now, every file that does not,
/// and which files the save touched (what the bottom line speaks of).
public struct ThemeSave: Sendable, Equatable {
    public var themes: [Theme]
    public var broken: [ThemeProblem]
    public var changedFiles: [String]

    public init(themes: [Theme], broken: [ThemeProblem], changedFiles: [String]) {
        self.themes = themes
        self.broken = broken
        self.changedFiles = changedFiles
    }
}

/// A theme file that does not load: why, and the names its theme goes by (the file's name
/// without `.json`, and the `name` it declares when that can be read), so the last good
/// theme of that name stays.
public struct ThemeProblem: Sendable, Equatable {
    public var file: String
    public var message: String
    public var names: Set<String>

    public init(file: String, message: String, names: Set<String>) {
        self.file = file
        self.message = message
        self.names = names
    }
}
