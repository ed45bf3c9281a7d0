import Catalog
import Foundation
import StoreEngine
import TerminalUI

/// Everything a command reads from disk, in one place: the catalog, the themes, the store.
enum Environment {
    /// The text of a catalog file, failing with the sysexits code that fits (`InputFile`).
    static func readCatalogText(at path: String) throws(CommandFailure) -> String {
        do {
            return try InputFile.readText(at: path)
        } catch {
            throw CommandFailure(error.code, error.message(file: path))
        }
    }

    /// A catalog.json, or an Xcode `.storekit` file, loaded with every problem reported (exit 65).
    static func loadCatalog(at path: String) throws(CommandFailure) -> Catalog {
        let text = try readCatalogText(at: path)
        do {
            return try CatalogFile.load(text: text, file: path)
        } catch {
            throw CommandFailure(.dataError, error.description)
        }
    }

    /// A theme file that does not load: why, and the names `--theme` may call it by.
    struct BrokenTheme {
        var message: String
        /// The file's name without `.json`, and the `name` it declares when that can be read.
        var names: Set<String>
    }

    /// Themes from `Themes/` beside the catalog, else in the current directory; the built-in
    /// dark and light when there are none. A broken file is skipped and reported. Dark and light
    /// come first (dark is the default, `t` goes to light), then the others by name.
    static func loadThemes(near catalogPath: String) -> (themes: [Theme], broken: [BrokenTheme]) {
        let catalogDirectory = (catalogPath as NSString).deletingLastPathComponent
        let candidates = [(catalogDirectory.isEmpty ? "." : catalogDirectory) + "/Themes", "Themes"]
        guard let directory = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { return ([.dark, .light], []) }
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
                broken.append(BrokenTheme(message: problem.message(file: path), names: [stem]))
            } catch let failure as ThemeDecoder.Failure {
                broken.append(BrokenTheme(message: failure.description, names: Set([stem] + [failure.declaredName].compactMap { $0 })))
            } catch {
                broken.append(BrokenTheme(message: "\(ControlCharacters.escaped(path)): \(error)", names: [stem]))
            }
        }
        return (themes.isEmpty ? [.dark, .light] : themes, broken)
    }

    /// `--state-dir`, else `$XDG_STATE_HOME/storefront`, else `~/.local/state/storefront`.
    static func stateDirectory(_ options: Options) -> StateDirectory {
        StateDirectory.chosen(option: options.stateDirectory, environment: ProcessInfo.processInfo.environment)
    }

    /// The store on the state directory's ledger, for `--user` or the player kept there.
    static func openStore(catalog: Catalog, options: Options) throws(CommandFailure) -> Store {
        do {
            return try stateDirectory(options).openStore(catalog: catalog, user: options.userId)
        } catch {
            throw CommandFailure(error)
        }
    }
}
