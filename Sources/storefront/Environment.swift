import Catalog
import Foundation
import StoreEngine
import TerminalUI

/// Everything a command reads from disk, in one place: the catalog, the themes, the store.
enum Environment {
    /// The text of a catalog file, failing with the sysexits code that fits (DESIGN.md §7):
    /// 66 when it is missing, 74 when it cannot be read, 65 when it is not UTF-8.
    static func readCatalogText(at path: String) throws(CommandFailure) -> String {
        let name = ControlCharacters.escaped(path)
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(.noInput, "\(name): no such file. Pass --catalog FILE, or run where catalog.json is.")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(.ioError, "\(name): cannot be read; check its permissions.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(.dataError, "\(name): is not UTF-8 text; save it as UTF-8 JSON.")
        }
        return text
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

    /// Themes from `Themes/` beside the catalog, else in the current directory; the built-in
    /// dark and light when there are none. A broken file is skipped and reported.
    static func loadThemes(near catalogPath: String) -> (themes: [Theme], problems: [String]) {
        let catalogDirectory = (catalogPath as NSString).deletingLastPathComponent
        let candidates = [(catalogDirectory.isEmpty ? "." : catalogDirectory) + "/Themes", "Themes"]
        guard let directory = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory)
        else { return ([.dark, .light], []) }
        var themes: [Theme] = []
        var problems: [String] = []
        for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
            let path = "\(directory)/\(name)"
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                problems.append("\(ControlCharacters.escaped(path)): cannot be read")
                continue
            }
            do {
                themes.append(try ThemeDecoder.decode(text, file: path))
            } catch {
                problems.append(error.description)
            }
        }
        return (themes.isEmpty ? [.dark, .light] : themes, problems)
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
            throw CommandFailure(.ioError, error.description)
        }
    }
}
