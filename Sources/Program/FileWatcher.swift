import Catalog
import Foundation
import Platform
import Synchronization

/// Watches the files a designer edits while the app runs (the catalog, the themes) and says
/// which changed, once a burst of writes has gone quiet: an editor's save is one change, read
/// once. A thread of its own does the waiting; what it calls posts to the program's inbox.
///
/// It asks the kernel about the folders that hold the files (`FolderWatch`: inotify on Linux,
/// kqueue on Darwin), so a save that writes a new file and renames it over the old one (as
/// many editors do) is seen too. Where the kernel cannot watch (no watches left, or
/// `STOREFRONT_WATCH=poll`), it compares each file's modification time, size and inode a few
/// times a second: a handful of `stat` calls, and a change is reported only once the file has
/// stopped changing, so a half-written file is never read.
public final class FileWatcher: Sendable {
    public enum Mode: String, Sendable {
        /// The kernel's notices (`FolderWatch`).
        case notified
        /// A look at every file a few times a second.
        case poll
    }

    /// What is watched: named files, and every `.json` file of some folders.
    public struct Targets: Sendable, Equatable {
        public var files: [String]
        public var jsonFolders: [String]

        public init(files: [String], jsonFolders: [String]) {
            self.files = files
            self.jsonFolders = jsonFolders
        }
    }

    public let mode: Mode
    /// Wakes the watcher's thread to end it; its read end is the thread's to close.
    private let stopPipe: WakePipe?
    private let stopped = Mutex(false)

    /// Seconds between two looks at the files when polling, and the quiet a burst of the
    /// kernel's events must end in before it is reported.
    static let pollInterval = 0.25
    static let quietInterval = 0.1

    /// Starts watching at once. `changed` is called on the watcher's thread with the paths that
    /// changed (as `targets` names them; a folder's files as `folder/name.json`).
    public init(_ targets: Targets, forcePolling: Bool = false, changed: @escaping @Sendable ([String]) -> Void) {
        stopPipe = WakePipe(nonBlocking: false)
        // Without a stop pipe nothing could end the thread: nothing is watched then.
        guard let stop = stopPipe else {
            mode = .poll
            return
        }
        if !forcePolling, let notified = Notified(targets) {
            mode = .notified
            // Made here, so a kernel that cannot watch is known before `init` returns; used
            // only on the watcher's thread from then on, which takes it out of the mutex.
            let handed = Mutex<Notified?>(notified)
            Self.start {
                handed.withLock { $0.take() }?.watch(until: stop, changed: changed)
                stop.closeReadEnd()  // the thread is the pipe's last reader
            }
            return
        }
        mode = .poll
        let handed = Mutex<Poller?>(Poller(targets))
        Self.start {
            handed.withLock { $0.take() }?.watch(until: stop, changed: changed)
            stop.closeReadEnd()  // the thread is the pipe's last reader
        }
    }

    deinit { stop() }

    private static func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = "storefront.watch"
        thread.start()
    }

    /// Stops watching; the thread ends at its next wake-up. Nothing is reported after this.
    public func stop() {
        stopped.withLock { stopped in
            guard !stopped, let stopPipe else { return }
            stopped = true
            stopPipe.wake()
            stopPipe.closeWriteEnd()
        }
    }

    /// Waits up to `seconds` for the stop pipe; true once stopped.
    fileprivate static func isStopped(_ stop: WakePipe, waitingUpTo seconds: Double) -> Bool {
        Readiness.wait(for: [stop.readEnd], upTo: seconds)[0]
    }
}

/// The mtime poll: every path's signature, compared a few times a second. Used on the
/// watcher's thread alone.
private final class Poller {
    private let targets: FileWatcher.Targets
    /// The files as last reported (at first, as they were when watching began).
    private var reported: [String: FileStamp?] = [:]

    init(_ targets: FileWatcher.Targets) {
        self.targets = targets
        // The first look is taken before `init` returns: a save right after is a change.
        reported = look()
    }

    private func look() -> [String: FileStamp?] {
        var seen: [String: FileStamp?] = [:]
        for file in targets.files { seen[file] = FileStamp(path: file) }
        for folder in targets.jsonFolders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where name.hasSuffix(".json") {
                let path = (folder as NSString).appendingPathComponent(name)
                seen[path] = FileStamp(path: path)
            }
        }
        return seen
    }

    func watch(until stop: WakePipe, changed: @Sendable ([String]) -> Void) {
        // Changed since the last report, and what they looked like at the last look: reported
        // once a look finds them as they were at the one before.
        var settling: [String: FileStamp?] = [:]
        while !FileWatcher.isStopped(stop, waitingUpTo: FileWatcher.pollInterval) {
            let now = look()
            let paths = Set(now.keys).union(reported.keys)
            let moving = paths.filter { path in
                let current = now[path] ?? nil
                return current != (reported[path] ?? nil) && (settling[path].map { $0 != current } ?? true)
            }
            let settled = paths.filter { path in
                let current = now[path] ?? nil
                return current != (reported[path] ?? nil) && settling[path].map { $0 == current } == true
            }
            settling = Dictionary(uniqueKeysWithValues: moving.map { ($0, now[$0] ?? nil) })
            guard !settled.isEmpty else { continue }
            for path in settled { reported[path] = now[path] ?? nil }
            if FileWatcher.isStopped(stop, waitingUpTo: 0) { return }
            changed(settled.sorted())
        }
    }
}

/// The kernel's notices on the folders holding the files (`FolderWatch`), turned into the
/// paths `targets` names. Used on the watcher's thread alone.
private final class Notified {
    private let watch: FolderWatch
    /// By folder watched (as `FolderWatch` numbers them): the names in it that matter, and the
    /// path each stands for (nil: every `.json` file, as `folder/name.json`).
    private let folders: [(folder: String, names: [String: String]?)]

    init?(_ targets: FileWatcher.Targets) {
        var folders: [(folder: String, names: [String: String]?)] = []
        for file in targets.files {
            // A catalog that is a symbolic link is saved where it points: that folder is watched too.
            for path in Set([file, (file as NSString).resolvingSymlinksInPath]) {
                let folder = FilePath.folder(of: path)
                folders.append((folder.isEmpty ? "." : folder, [(path as NSString).lastPathComponent: file]))
            }
        }
        for folder in targets.jsonFolders { folders.append((folder, nil)) }
        let watched = folders.map { folder in
            let names = folder.names.map { Set($0.keys) }
            return WatchedFolder(path: folder.folder) { name in names?.contains(name) ?? name.hasSuffix(".json") }
        }
        // A folder that cannot be watched (out of watches): the poll sees everything instead.
        guard let watch = FolderWatch(watched) else { return nil }
        self.watch = watch
        self.folders = folders
    }

    /// The paths that `changes` are about.
    private func paths(_ changes: Set<FolderWatch.Change>) -> Set<String> {
        Set(changes.compactMap { change in
            let watched = folders[change.folder]
            guard let names = watched.names else { return (watched.folder as NSString).appendingPathComponent(change.name) }
            return names[change.name]
        })
    }

    func watch(until stop: WakePipe, changed: @Sendable ([String]) -> Void) {
        var pending = Set<String>()
        while true {
            // Waiting for the first event of a burst, then for the burst to go quiet.
            switch watch.wait(upTo: pending.isEmpty ? nil : FileWatcher.quietInterval, orUntil: stop) {
            case .stopped:
                return
            case .changed(let changes):
                pending.formUnion(paths(changes))
            case .quiet:
                guard !pending.isEmpty else { continue }
                if FileWatcher.isStopped(stop, waitingUpTo: 0) { return }
                changed(pending.sorted())
                pending.removeAll()
            }
        }
    }
}
