import Catalog
import Foundation
import Program
import TerminalUI

// `reload`: a save of the catalog or a theme, as the app's file watcher reads it, at a line
// the script chooses, so good and broken saves are tested deterministically.
extension ScenarioRun {
    func reload(_ source: ScenarioCommand.ReloadSource?, _ line: ScenarioLine) throws {
        let program = try running()
        switch source {
        case nil:
            program.send(.catalogSaved(catalogSave(at: catalogPath)))
        case .catalog(let path):
            let resolved = resolve(path)
            let save = catalogSave(at: resolved)
            program.send(.catalogSaved(save))
            // A good save is the catalog from now on: a `relaunch` opens it, as the app would
            // open the file it was saved to.
            if case .loaded(let loaded, _) = save {
                catalog = loaded
                catalogPath = resolved
            }
        case .theme(let path):
            program.send(.themesSaved(themeSave(at: resolve(path), into: program.app.themes.all)))
        }
    }

    /// The file named by its last component in messages, as a designer names the file they saved.
    private func catalogSave(at path: String) -> CatalogSave {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            return .unreadable(file: name, "\(name): no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else { return .unreadable(file: name, "\(name): not UTF-8 text") }
        return CatalogSave.reading(text: text, file: name)
    }

    /// The themes as they are, with the saved file's theme in place of the one of its name (or
    /// after them, when none has it).
    private func themeSave(at path: String, into themes: [Theme]) -> ThemeSave {
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        let text = FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
        do {
            guard let text else {
                return ThemeSave(themes: themes, broken: [ThemeProblem(file: name, message: "\(name): no such file or not UTF-8 text",
                                                                      names: [stem])], changedFiles: [name])
            }
            let theme = try ThemeDecoder.decode(text, file: name)
            var replaced = themes
            if let index = replaced.firstIndex(where: { $0.name == theme.name }) {
                replaced[index] = theme
            } else {
                replaced.append(theme)
            }
            return ThemeSave(themes: replaced, broken: [], changedFiles: [name])
        } catch {
            let names = Set([stem] + [error.declaredName].compactMap { $0 })
            return ThemeSave(themes: themes, broken: [ThemeProblem(file: name, message: error.description, names: names)],
                             changedFiles: [name])
        }
    }
}
