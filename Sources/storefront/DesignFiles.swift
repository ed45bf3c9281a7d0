import Foundation
import Program

/// The designer's loop in the app: the catalog file and the theme files are watched while it
/// runs, and each save is read on the watcher's thread and posted to the inbox as a message.
enum DesignFiles {
    /// Watches `catalogPath` and the `.json` files of the themes folder beside it.
    /// `STOREFRONT_WATCH=poll` watches by modification times even where inotify works.
    static func watch(catalogPath: String, inbox: Inbox,
                      environment: [String: String] = ProcessInfo.processInfo.environment) -> FileWatcher {
        let themes = Environment.themesDirectory(near: catalogPath)
        let targets = FileWatcher.Targets(files: [catalogPath], jsonFolders: themes.map { [$0] } ?? [])
        return FileWatcher(targets, forcePolling: environment["STOREFRONT_WATCH"] == "poll") { changed in
            if changed.contains(catalogPath) { inbox.post(.catalogSaved(Environment.catalogSave(at: catalogPath))) }
            let themeFiles = changed.filter { $0 != catalogPath }
            if !themeFiles.isEmpty {
                inbox.post(.themesSaved(Environment.themeSave(near: catalogPath, changed: themeFiles)))
            }
        }
    }
}
