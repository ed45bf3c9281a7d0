import Foundation
import Program
import Synchronization
import Testing

/// The watcher behind live reload, on real files in a temporary folder, in both of its modes:
/// a save in place, a save that renames a new file over the old one (as editors do), a theme
/// added; and nothing at all about a file nobody watches. Waits poll for what was reported, up
/// to a minute; nothing is timed.
@Suite("File watcher")
struct FileWatcherTests {
    /// What the watcher reported, collected across its thread.
    private final class Reports: Sendable {
        private let paths = Mutex<[String]>([])

        func add(_ changed: [String]) {
            paths.withLock { $0 += changed }
        }

        var all: [String] {
            paths.withLock { $0 }
        }

        /// Polls until `path` has been reported, for up to a minute.
        func waitFor(_ path: String) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if all.contains(path) { return true }
                usleep(20_000)
            }
            return false
        }
    }

    /// The kernel's notices (inotify, kqueue) and the poll.
    private static let modes = [false, true]

    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/Themes", withIntermediateDirectories: true)
        try "{}".write(toFile: path + "/catalog.json", atomically: false, encoding: .utf8)
        try "{}".write(toFile: path + "/Themes/dark.json", atomically: false, encoding: .utf8)
        return path
    }

    @Test("Saves in place, by rename, and a new theme are each reported", arguments: modes)
    func savesAreReported(polling: Bool) throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let catalog = root + "/catalog.json"
        let themes = root + "/Themes"
        let reports = Reports()
        let watcher = FileWatcher(.init(files: [catalog], jsonFolders: [themes]), forcePolling: polling) { reports.add($0) }
        defer { watcher.stop() }
        #expect(watcher.mode == (polling ? .poll : .notified))
        try "{\"a\": 1}".write(toFile: catalog, atomically: false, encoding: .utf8)
        #expect(reports.waitFor(catalog), "in place: \(reports.all)")
        // An editor's save: a new file renamed over the old one.
        let beforeRename = reports.all.count
        try "{\"a\": 22}".write(toFile: root + "/.catalog.json.swp", atomically: false, encoding: .utf8)
        #expect(rename(root + "/.catalog.json.swp", catalog) == 0)
        let deadline = Date().addingTimeInterval(60)
        while reports.all.count == beforeRename, Date() < deadline { usleep(20_000) }
        #expect(reports.all.dropFirst(beforeRename).contains(catalog), "by rename: \(reports.all)")
        try "{}".write(toFile: themes + "/neon.json", atomically: false, encoding: .utf8)
        #expect(reports.waitFor(themes + "/neon.json"), "a new theme: \(reports.all)")
        // Files nobody watches are never reported.
        #expect(reports.all.allSatisfy { $0 == catalog || $0.hasPrefix(themes + "/") && $0.hasSuffix(".json") })
    }

    @Test("A catalog that is a symbolic link is reported when the file it points to is saved", arguments: modes)
    func symbolicLinks(polling: Bool) throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
        try "{}".write(toFile: root + "/elsewhere/real.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/linked.json", withDestinationPath: root + "/elsewhere/real.json")
        let reports = Reports()
        let watcher = FileWatcher(.init(files: [root + "/linked.json"], jsonFolders: []), forcePolling: polling) { reports.add($0) }
        defer { watcher.stop() }
        try "{\"a\": 1}".write(toFile: root + "/elsewhere/real.json", atomically: false, encoding: .utf8)
        #expect(reports.waitFor(root + "/linked.json"), "\(reports.all)")
    }

    @Test("Nothing is reported after stop", arguments: modes)
    func stopEndsReporting(polling: Bool) throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let catalog = root + "/catalog.json"
        let reports = Reports()
        let watcher = FileWatcher(.init(files: [catalog], jsonFolders: []), forcePolling: polling) { reports.add($0) }
        try "{\"a\": 1}".write(toFile: catalog, atomically: false, encoding: .utf8)
        #expect(reports.waitFor(catalog))
        watcher.stop()
        let count = reports.all.count
        try "{\"a\": 2}".write(toFile: catalog, atomically: false, encoding: .utf8)
        // A watcher still running would report within its poll interval; wait well past it.
        usleep(800_000)
        #expect(reports.all.count == count)
    }
}
