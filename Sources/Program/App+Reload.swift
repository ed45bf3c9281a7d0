import Catalog
import Foundation
import StoreEngine
import TerminalUI

// The designer's loop: a catalog or theme file saved while the app runs redraws the screen on
// the same storefront, variant, selection and pane. A save that does not load keeps what was
// shown and says why on the bottom line; the next good save recovers by itself.
extension App {
    mutating func reload(_ save: CatalogSave) -> [Effect] {
        switch save {
        case .loaded(let newCatalog, let file):
            // The engine takes the catalog in one call; the paywall follows at once, so nothing
            // the player does from here acts on the old one (the engine takes calls in order).
            updatePaywall(.catalogReplaced(newCatalog))
            return [.engine(.replaceCatalog(newCatalog, file: file))] + handle(.productsIfNeeded)
        case .broken(_, let problem, let lint):
            say(StoreNotice(.error, "\(problem) (the last good catalog stays; Events lists every problem)"))
            return [.engine(.note(OutsideNote(.catalogRejected, lines: lint)))]
        }
    }

    /// Themes saved: the theme on screen stays by name; a file that does not load keeps the
    /// last good theme of its name, so `t` still reaches it (the one on screen, not the built-in
    /// of that name the save falls back to).
    mutating func reload(_ save: ThemeSave) -> [Effect] {
        let shown = themes.all[themes.index].name
        var merged = save.themes
        for problem in save.broken {
            for (index, kept) in themes.all.enumerated() where problem.names.contains(kept.name) {
                if let same = merged.firstIndex(where: { $0.name == kept.name }) {
                    merged[same] = kept
                } else {
                    merged.insert(kept, at: min(index, merged.count))
                }
            }
        }
        if merged.isEmpty { merged = themes.all }
        themes.replace(with: merged, showing: merged.firstIndex { $0.name == shown } ?? min(themes.index, merged.count - 1))
        let changed = Set(save.changedFiles)
        if let problem = save.broken.first(where: { changed.contains($0.file) }) {
            let lines = problem.message.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            say(StoreNotice(.error, "\(lines.first ?? problem.file) (the last good theme stays)"))
            return [.engine(.note(OutsideNote(.themeRejected, lines: lines)))]
        }
        let reloaded = save.changedFiles.filter { file in !save.broken.contains { $0.file == file } }
        guard !reloaded.isEmpty else { return [] }
        say(StoreNotice(.info, "Reloaded \(reloaded.joined(separator: ", ")): theme \(themes.all[themes.index].name) on screen."))
        return [.engine(.note(OutsideNote(.themeReloaded, lines: reloaded.map { "\($0) reloaded" })))]
    }
}
