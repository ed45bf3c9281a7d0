import Catalog
import Foundation
import Ledger
import TerminalUI

/// Everything a command reads from disk, in one place: the catalog, the themes, the ledger.
enum Environment {
    /// The text of a catalog file, failing with the sysexits code that fits (DESIGN.md §7):
    /// 66 when it is missing, 74 when it cannot be read, 65 when it is not UTF-8.
    static func readCatalogText(at path: String) throws(CommandFailure) -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(.noInput, "\(path): no such file. Pass --catalog FILE, or run where catalog.json is.")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(.ioError, "\(path): cannot be read; check its permissions.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(.dataError, "\(path): is not UTF-8 text; save it as UTF-8 JSON.")
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
                problems.append("\(path): cannot be read")
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
    static func stateDirectory(_ option: String?) -> String {
        if let option { return option }
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty { return xdg + "/storefront" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/state/storefront"
    }

    static func openLedger(stateDirectory: String) throws(CommandFailure) -> Ledger {
        do {
            try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(.ioError, "\(stateDirectory): cannot create the state directory (\(error.localizedDescription)); pass --state-dir DIR.")
        }
        do {
            return try Ledger(path: stateDirectory + "/storefront.sqlite")
        } catch let error as LedgerError {
            throw CommandFailure(.ioError, error.description)
        } catch {
            throw CommandFailure(.ioError, "\(stateDirectory)/storefront.sqlite: \(error)")
        }
    }

    /// The player id: `--user`, else the catalog's customUserId, else the one kept in the
    /// ledger, else a new one that is kept from now on.
    static func userId(option: String?, catalog: Catalog, ledger: Ledger) throws -> String {
        if let option { return option }
        if let custom = catalog.settings.customUserId { return custom }
        if let kept = try ledger.setting("userId") { return kept }
        let made = "player-" + String(UUID().uuidString.prefix(8)).lowercased()
        try ledger.setSetting("userId", to: made)
        return made
    }
}
