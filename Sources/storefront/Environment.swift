import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI

/// Everything a command reads from disk, in one place: the catalog, the themes, the store.
enum Environment {
    /// The text of a catalog file, failing with the sysexits code that fits (`InputFile`); the
    /// hints are what to do when it is missing or a directory, in the command's words.
    static func readCatalogText(at path: String, missingHint: String = InputFile.missingCatalogHint,
                                directoryExample: String = "catalog.json") throws(CommandFailure) -> String {
        do {
            return try InputFile.readText(at: path, missingHint: missingHint, directoryExample: directoryExample)
        } catch {
            throw CommandFailure(error.code, error.message(file: path))
        }
    }

    /// A catalog.json, or an Xcode `.storekit` file, loaded with every problem reported (exit 65).
    static func loadCatalog(at path: String) throws(CommandFailure) -> ProductCatalog {
        let text = try readCatalogText(at: path)
        do {
            return try CatalogFile.load(text: text, file: path)
        } catch {
            throw CommandFailure(.dataError, error.description)
        }
    }

    /// A theme file that does not load: why, and the names `--theme` may call it by.
    struct BrokenTheme {
        var file: String
        var message: String
        /// The file's name without `.json`, and the `name` it declares when that can be read.
        var names: Set<String>
    }

    /// The built-in themes (the repository's `Themes/*.json`, carried in the binary, so they are
    /// there wherever it runs), each replaced by a theme of its name from a `Themes/` folder
    /// beside the catalog (else in the current directory), which may add others. A broken file
    /// is skipped and reported, and the built-in of its name stays. Dark and light come first
    /// (dark is the default, `t` goes to light), then the others by name.
    static func loadThemes(near catalogPath: String) -> (themes: [Theme], broken: [BrokenTheme]) {
        guard let directory = themesDirectory(near: catalogPath),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { return (Theme.builtIn, []) }
        var themes: [Theme] = []
        var broken: [BrokenTheme] = []
        let first = ["dark.json", "light.json"]
        let ordered = names.filter { $0.hasSuffix(".json") }.sorted {
            (first.firstIndex(of: $0) ?? first.count, $0) < (first.firstIndex(of: $1) ?? first.count, $1)
        }
        for name in ordered {
            let path = "\(directory)/\(name)"
            let stem = String(name.dropLast(".json".count))
            do {
                themes.append(try ThemeDecoder.decode(try InputFile.readText(at: path), file: path))
            } catch let problem as InputFile.Problem {
                broken.append(BrokenTheme(file: path, message: problem.message(file: path), names: [stem]))
            } catch let failure as ThemeDecoder.Failure {
                broken.append(BrokenTheme(file: path, message: failure.description, names: Set([stem] + [failure.declaredName].compactMap { $0 })))
            } catch {
                broken.append(BrokenTheme(file: path, message: "\(ControlCharacters.escaped(path)): \(error)", names: [stem]))
            }
        }
        return (Theme.builtIn(overriddenBy: themes), broken)
    }

    /// The folder themes load from: `Themes/` beside the catalog, else in the current directory.
    static func themesDirectory(near catalogPath: String) -> String? {
        let catalogDirectory = FilePath.folder(of: catalogPath)
        // `Themes`, not `./Themes`, beside a catalog named without a folder: messages name the file as typed.
        let candidates = [catalogDirectory.isEmpty ? "Themes" : catalogDirectory + "/Themes", "Themes"]
        return candidates.first(where: { FileManager.default.fileExists(atPath: $0) })
    }

    /// The catalog file as saved while the app runs: loaded, or why not (for the bottom line
    /// and, as `storefront lint` says it, for the Events pane).
    static func catalogSave(at path: String) -> CatalogSave {
        do {
            return CatalogSave.reading(text: try InputFile.readText(at: path, missingHint: "Save it again to reload it."), file: path)
        } catch {
            return .unreadable(file: path, error.message(file: path))
        }
    }

    /// Every theme file as saved while the app runs; `changed` names the files the save touched.
    static func themeSave(near catalogPath: String, changed: [String]) -> ThemeSave {
        let (themes, broken) = loadThemes(near: catalogPath)
        return ThemeSave(themes: themes, broken: broken.map { ThemeProblem(file: $0.file, message: $0.message, names: $0.names) },
                         changedFiles: changed)
    }

    /// `--state-dir`, else `$XDG_STATE_HOME/storefront`, else `~/.local/state/storefront`.
    static func stateDirectory(_ options: Options) -> StateDirectory {
        StateDirectory.chosen(option: options.stateDirectory, environment: ProcessInfo.processInfo.environment)
    }

    /// The store on the state directory's ledger, for `--user` or the player kept there.
    static func openStore(catalog: ProductCatalog, options: Options, checkedAhead check: LedgerCheckAhead? = nil) throws(CommandFailure) -> Store {
        do {
            return try stateDirectory(options).openStore(catalog: catalog, user: options.userId, checkedAhead: check)
        } catch {
            throw CommandFailure(error)
        }
    }
}
