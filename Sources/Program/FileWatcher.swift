import Foundation
#if os(Linux)
import Glibc
#else
import Darwin
#endif

/// Watches the files a designer edits while the app runs (the catalog, the themes) and says
/// which changed, once a burst of writes has gone quiet: an editor's save is one change, read
/// once. A thread of its own does the waiting; what it calls posts to the program's inbox.
///
/// On Linux it asks inotify about the folders that hold the files, so a save that writes a
/// new file and renames it over the old one (as many editors do) is seen too. Where inotify
/// cannot be had (no watches left, a file system that reports nothing, Darwin, or
/// `STOREFRONT_WATCH=poll`), it compares each file's modification time, size and inode a few
/// times a second: a handful of `stat` calls, and a change is reported only once the file has
/// stopped changing, so a half-written file is never read.
///
/// The only file in the program that calls the platform's watching API.
public final class FileWatcher: @unchecked Sendable {
    public enum Mode: String, Sendable {
        case inotify, poll
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
    private let stopDescriptors: (read: Int32, write: Int32)
    private let lock = NSLock()
    private var stopped = false

    /// Seconds between two looks at the files when polling, and the quiet a burst of inotify
    /// events must end in before it is reported.
    static let pollInterval = 0.25
    static let quietInterval = 0.1

    /// Starts watching at once. `changed` is called on the watcher's thread with the paths that
    /// changed (as `targets` names them; a folder's files as `folder/name.json`).
    public init(_ targets: Targets, forcePolling: Bool = false, changed: @escaping @Sendable ([String]) -> Void) {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        }
        stopDescriptors = (descriptors[0], descriptors[1])
        let stop = descriptors[0]
        #if os(Linux)
        if !forcePolling, let inotify = Inotify(targets) {
            mode = .inotify
            Self.start {
                inotify.run(until: stop, changed: changed)
                close(stop)  // the thread is the pipe's last reader
            }
            return
        }
        #endif
        mode = .poll
        let poller = Poller(targets)
        Self.start {
            poller.run(until: stop, changed: changed)
            close(stop)  // the thread is the pipe's last reader
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
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        var byte: UInt8 = 1
        _ = write(stopDescriptors.write, &byte, 1)
        close(stopDescriptors.write)
    }

    /// Waits up to `seconds` for the stop pipe (and `other`, when given); true once stopped.
    fileprivate static func wait(_ seconds: Double?, stop: Int32, other: Int32? = nil) -> (stopped: Bool, otherReady: Bool) {
        var descriptors = [pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
        if let other { descriptors.append(pollfd(fd: other, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&descriptors, nfds_t(descriptors.count), Inbox.pollTimeout(seconds))
        return (descriptors[0].revents != 0, descriptors.count > 1 && descriptors[1].revents != 0)
    }
}

/// A file as `stat` sees it: what changes when it is written or replaced.
private struct FileSignature: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int64
    var inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if os(Linux)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        #else
        seconds = Int(info.st_mtimespec.tv_sec)
        nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #endif
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
    }
}

/// The mtime poll: every path's signature, compared a few times a second.
private final class Poller: @unchecked Sendable {
    private let targets: FileWatcher.Targets
    /// The files as last reported (at first, as they were when watching began).
    private var reported: [String: FileSignature?] = [:]

    init(_ targets: FileWatcher.Targets) {
        self.targets = targets
        // The first look is taken before `init` returns: a save right after is a change.
        reported = look()
    }

    private func look() -> [String: FileSignature?] {
        var seen: [String: FileSignature?] = [:]
        for file in targets.files { seen[file] = FileSignature(file) }
        for folder in targets.jsonFolders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where name.hasSuffix(".json") {
                let path = (folder as NSString).appendingPathComponent(name)
                seen[path] = FileSignature(path)
            }
        }
        return seen
    }

    func run(until stop: Int32, changed: @Sendable ([String]) -> Void) {
        // Changed since the last report, and what they looked like at the last look: reported
        // once a look finds them as they were at the one before.
        var settling: [String: FileSignature?] = [:]
        while !FileWatcher.wait(FileWatcher.pollInterval, stop: stop).stopped {
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
            if FileWatcher.wait(0, stop: stop).stopped { return }
            changed(settled.sorted())
        }
    }
}

#if os(Linux)
/// inotify on the folders holding the files: a write closed, a file moved in or out, deleted.
private final class Inotify: @unchecked Sendable {
    private let descriptor: Int32
    /// By watch: the folder, and the names in it that matter (nil: every `.json` file).
    private var folders: [Int32: [(folder: String, names: [String: String]?)]] = [:]

    init?(_ targets: FileWatcher.Targets) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
            | UInt32(IN_ATTRIB)
        var watches: [(folder: String, names: [String: String]?)] = []
        for file in targets.files {
            // A catalog that is a symbolic link is saved where it points: that folder is watched too.
            for path in Set([file, (file as NSString).resolvingSymlinksInPath]) {
                let folder = (path as NSString).deletingLastPathComponent
                watches.append((folder.isEmpty ? "." : folder, [(path as NSString).lastPathComponent: file]))
            }
        }
        for folder in targets.jsonFolders { watches.append((folder, nil)) }
        for watch in watches {
            let id = inotify_add_watch(descriptor, watch.folder, mask)
            // A folder that cannot be watched (out of watches): the poll sees everything instead.
            guard id >= 0 else {
                close(descriptor)
                return nil
            }
            folders[id, default: []].append(watch)
        }
    }

    deinit { close(descriptor) }

    /// The paths that the events waiting on the descriptor are about.
    private func readEvents() -> Set<String> {
        var paths = Set<String>()
        let size = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, size) }
            guard count > 0 else { return paths }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, nameLength) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + nameLength)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                for watched in folders[watch] ?? [] {
                    if let names = watched.names {
                        if let path = names[name] { paths.insert(path) }
                    } else if name.hasSuffix(".json") {
                        paths.insert((watched.folder as NSString).appendingPathComponent(name))
                    }
                }
                offset += header + nameLength
            }
        }
    }

    func run(until stop: Int32, changed: @Sendable ([String]) -> Void) {
        var pending = Set<String>()
        while true {
            // Waiting for the first event of a burst, then for the burst to go quiet.
            let (stopped, ready) = FileWatcher.wait(pending.isEmpty ? nil : FileWatcher.quietInterval, stop: stop,
                                                    other: descriptor)
            if stopped { return }
            if ready {
                pending.formUnion(readEvents())
            } else if !pending.isEmpty {
                if FileWatcher.wait(0, stop: stop).stopped { return }
                changed(pending.sorted())
                pending.removeAll()
            }
        }
    }
}
#endif
