import Foundation
import Platform
import Testing

/// inotify (Linux) or kqueue (Darwin) on a real folder: what a write, a rename over a file and
/// a new file look like, and that the stop pipe ends a wait. Every wait is for an event, with a
/// minute's limit that only a broken watch reaches; nothing is timed.
@Suite("Folder watch")
struct FolderWatchTests {
    /// Waits for events until `name` (of folder 0) is among the changes; every change seen.
    private func changes(in watch: FolderWatch, until name: String, stop: WakePipe) -> Set<String> {
        var seen = Set<String>()
        let deadline = Date().addingTimeInterval(60)
        while !seen.contains(name), Date() < deadline {
            switch watch.wait(upTo: 1, orUntil: stop) {
            case .changed(let changes): seen.formUnion(changes.map(\.name))
            case .stopped: return seen
            case .quiet: continue
            }
        }
        return seen
    }

    private func jsonFolder(_ path: String) -> WatchedFolder {
        WatchedFolder(path: path) { $0.hasSuffix(".json") }
    }

    @Test func aWriteInPlaceARenameOverAndANewFileAreEachAChangeOfTheirName() throws {
        try withFolder { folder in
            try "{}".write(toFile: folder + "/catalog.json", atomically: false, encoding: .utf8)
            let stop = try #require(WakePipe(nonBlocking: false))
            defer { stop.closeReadEnd(); stop.closeWriteEnd() }
            let watch = try #require(FolderWatch([jsonFolder(folder)]))

            try "{\"a\": 1}".write(toFile: folder + "/catalog.json", atomically: false, encoding: .utf8)
            #expect(changes(in: watch, until: "catalog.json", stop: stop).contains("catalog.json"), "in place")

            try "{\"a\": 22}".write(toFile: folder + "/.catalog.swp", atomically: false, encoding: .utf8)
            #expect(rename(folder + "/.catalog.swp", folder + "/catalog.json") == 0)
            #expect(changes(in: watch, until: "catalog.json", stop: stop).contains("catalog.json"), "by rename")

            try "{}".write(toFile: folder + "/neon.json", atomically: false, encoding: .utf8)
            let seen = changes(in: watch, until: "neon.json", stop: stop)
            #expect(seen.contains("neon.json"), "a new file")
            #expect(seen.allSatisfy { $0.hasSuffix(".json") }, "only the entries the folder includes: \(seen)")
        }
    }

    /// A change is reported with the index of its folder, also for a folder watched twice.
    @Test func eachChangeNamesItsFolder() throws {
        try withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: folder + "/b", withIntermediateDirectories: false)
            let stop = try #require(WakePipe(nonBlocking: false))
            defer { stop.closeReadEnd(); stop.closeWriteEnd() }
            let watch = try #require(FolderWatch([jsonFolder(folder + "/a"), jsonFolder(folder + "/b"), jsonFolder(folder + "/b")]))
            try "{}".write(toFile: folder + "/b/theme.json", atomically: false, encoding: .utf8)
            var folders = Set<Int>()
            let deadline = Date().addingTimeInterval(60)
            while folders.count < 2, Date() < deadline {
                if case .changed(let changes) = watch.wait(upTo: 1, orUntil: stop) {
                    folders.formUnion(changes.filter { $0.name == "theme.json" }.map(\.folder))
                }
            }
            #expect(folders == [1, 2])
        }
    }

    @Test func theStopPipeEndsAWaitWithNoLimit() throws {
        try withFolder { folder in
            let stop = try #require(WakePipe(nonBlocking: false))
            defer { stop.closeReadEnd(); stop.closeWriteEnd() }
            let watch = try #require(FolderWatch([jsonFolder(folder)]))
            stop.wake()
            #expect(watch.wait(upTo: nil, orUntil: stop) == .stopped)
        }
    }

    @Test func aFolderThatIsNotThereCannotBeWatched() throws {
        try withFolder { folder in
            #expect(FolderWatch([jsonFolder(folder + "/missing")]) == nil)
        }
    }
}

@Suite("File stamps")
struct FileStampTests {
    @Test func aStampChangesWithTheFileAndIsNilWithoutOne() throws {
        try withFolder { folder in
            let path = folder + "/f.json"
            #expect(FileStamp(path: path) == nil)
            try "{}".write(toFile: path, atomically: false, encoding: .utf8)
            let first = try #require(FileStamp(path: path))
            #expect(first.size == 2)
            #expect(FileStamp(path: path) == first, "unchanged, the same stamp")
            try "{\"a\": 1}".write(toFile: folder + "/g.json", atomically: false, encoding: .utf8)
            #expect(rename(folder + "/g.json", path) == 0)
            let replaced = try #require(FileStamp(path: path))
            #expect(replaced != first)
            #expect(replaced.inode != first.inode && replaced.size == 8)
        }
    }
}
