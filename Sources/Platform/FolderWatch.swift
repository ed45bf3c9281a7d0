#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A folder to watch, and which of its entries matter.
public struct WatchedFolder: Sendable {
    public var path: String
    public var includes: @Sendable (String) -> Bool

    public init(path: String, includes: @escaping @Sendable (String) -> Bool) {
        self.path = path
        self.includes = includes
    }
}

/// The kernel's word that entries of some folders changed: written and closed, moved in or
/// out, deleted, their attributes changed. A save that writes a new file and renames it over
/// the old one (as many editors do) is a change of the name it lands on.
///
/// Linux asks inotify, which names each entry. Darwin asks kqueue (`EVFILT_VNODE` on each
/// folder, for entries added, removed or renamed, and on each matching file, for writes in
/// place); kqueue names no entry, so a folder that fired is looked at again and the entries
/// whose `FileStamp` changed are the ones reported (a change of mode alone is not seen there).
/// Either way, the caller waits with `wait(upTo:orUntil:)` on one thread: not `Sendable`, the
/// watch belongs to the thread that waits (a thread made after it is handed it whole).
public final class FolderWatch {
    /// An entry that changed: the index of its folder among those watched, and its name.
    public struct Change: Hashable, Sendable {
        public let folder: Int
        public let name: String
    }

    /// How a wait ended.
    public enum Wake: Equatable, Sendable {
        /// The stop pipe became readable.
        case stopped
        /// Events came, about these entries (perhaps none that matter).
        case changed(Set<Change>)
        /// The time passed with nothing.
        case quiet
    }

    private let folders: [WatchedFolder]
    private let queue: Int32
    #if canImport(Glibc)
    /// By inotify watch: the folders it stands for (one watch for a folder named twice).
    private var foldersByWatch: [Int32: [Int]] = [:]
    #elseif canImport(Darwin)
    /// By descriptor registered with the queue: the folder it belongs to.
    private var folderByDescriptor: [Int32: Int] = [:]
    /// By folder: its matching entries as last seen, with the descriptor watching each.
    private var entries: [[String: (stamp: FileStamp?, descriptor: Int32)]] = []
    #endif

    /// Watches `folders`; nil when the kernel cannot (no watches or descriptors left, a
    /// folder that cannot be watched): the caller falls back on looking itself.
    public init?(_ folders: [WatchedFolder]) {
        self.folders = folders
        #if canImport(Glibc)
        queue = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard queue >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
            | UInt32(IN_ATTRIB)
        for (index, folder) in folders.enumerated() {
            let watch = inotify_add_watch(queue, folder.path, mask)
            guard watch >= 0 else { return nil }  // deinit closes the queue
            foldersByWatch[watch, default: []].append(index)
        }
        #elseif canImport(Darwin)
        queue = kqueue()
        guard queue >= 0 else { return nil }
        _ = fcntl(queue, F_SETFD, FD_CLOEXEC)
        entries = Array(repeating: [:], count: folders.count)
        for index in folders.indices {
            guard watch(folders[index].path, folder: index) != nil else { return nil }  // deinit closes all
            _ = lookAgain(at: index, reporting: false)
        }
        #endif
    }

    deinit {
        #if canImport(Darwin)
        closeAll()
        #else
        close(queue)
        #endif
    }

    /// Waits up to `seconds` (nil: no limit) for events or for `stop` to be readable, and says
    /// which came (the stop pipe first).
    public func wait(upTo seconds: Double?, orUntil stop: WakePipe) -> Wake {
        #if canImport(Glibc)
        let ready = Readiness.wait(for: [stop.readEnd, queue], upTo: seconds)
        if ready[0] { return .stopped }
        return ready[1] ? .changed(readEvents()) : .quiet
        #elseif canImport(Darwin)
        return waitForEvents(upTo: seconds, orUntil: stop)
        #endif
    }

    #if canImport(Glibc)
    /// The matching entries the events waiting on the inotify descriptor are about.
    private func readEvents() -> Set<Change> {
        var changes = Set<Change>()
        let size = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(queue, $0.baseAddress, size) }
            guard count > 0 else { return changes }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, nameLength) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + nameLength)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                for index in foldersByWatch[watch] ?? [] where folders[index].includes(name) {
                    changes.insert(Change(folder: index, name: name))
                }
                offset += header + nameLength
            }
        }
    }
    #elseif canImport(Darwin)
    /// What a vnode watch listens for: a folder's NOTE_WRITE is an entry added, removed or
    /// renamed; a file's, a write in place.
    private static let vnodeEvents = UInt32(NOTE_WRITE) | UInt32(NOTE_EXTEND) | UInt32(NOTE_ATTRIB)
        | UInt32(NOTE_DELETE) | UInt32(NOTE_RENAME)

    /// Registers a vnode watch on `path` for `folder`; nil when it cannot be opened.
    private func watch(_ path: String, folder: Int) -> Int32? {
        // O_EVTONLY: open only to be told of events, so the watch keeps no volume busy.
        let descriptor = open(path, O_EVTONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var event = kevent()
        event.ident = UInt(descriptor)
        event.filter = Int16(EVFILT_VNODE)
        event.flags = UInt16(EV_ADD | EV_CLEAR)
        event.fflags = Self.vnodeEvents
        guard kevent(queue, &event, 1, nil, 0, nil) == 0 else {
            close(descriptor)
            return nil
        }
        folderByDescriptor[descriptor] = folder
        return descriptor
    }

    private func unwatch(_ descriptor: Int32) {
        folderByDescriptor[descriptor] = nil
        close(descriptor)  // closing it removes its kevent too
    }

    private func closeAll() {
        for descriptor in folderByDescriptor.keys { close(descriptor) }
        folderByDescriptor = [:]
        close(queue)
    }

    /// Looks at the matching entries of folder `index`: which are new, changed or gone since
    /// the last look (none at the first, where watching begins), with each new or replaced
    /// file watched and each gone one no longer.
    private func lookAgain(at index: Int, reporting: Bool = true) -> Set<Change> {
        let folder = folders[index]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter(folder.includes)
        var changes = Set<Change>()
        var seen: [String: (stamp: FileStamp?, descriptor: Int32)] = [:]
        for name in names {
            let path = (folder.path as NSString).appendingPathComponent(name)
            let stamp = FileStamp(path: path)
            let before = entries[index][name]
            if let before, before.stamp == stamp {
                seen[name] = before
                continue
            }
            changes.insert(Change(folder: index, name: name))
            if let before, before.descriptor >= 0 { unwatch(before.descriptor) }
            seen[name] = (stamp, watch(path, folder: index) ?? -1)
        }
        for (name, before) in entries[index] where seen[name] == nil {
            changes.insert(Change(folder: index, name: name))
            if before.descriptor >= 0 { unwatch(before.descriptor) }
        }
        entries[index] = seen
        return reporting ? changes : []
    }

    /// Waits in `kevent` for a vnode event or for the stop pipe (registered with the same queue,
    /// as `poll` on a kqueue is not to be relied on), and looks again at the folders that fired.
    private func waitForEvents(upTo seconds: Double?, orUntil stop: WakePipe) -> Wake {
        var stopEvent = kevent()
        stopEvent.ident = UInt(stop.readEnd)
        stopEvent.filter = Int16(EVFILT_READ)
        stopEvent.flags = UInt16(EV_ADD)
        var fired = [kevent](repeating: kevent(), count: 16)
        let wait = max(0, seconds ?? 0)
        var limit = timespec(tv_sec: Int(wait), tv_nsec: Int((wait - wait.rounded(.down)) * 1e9))
        let count = seconds == nil
            ? kevent(queue, &stopEvent, 1, &fired, Int32(fired.count), nil)
            : kevent(queue, &stopEvent, 1, &fired, Int32(fired.count), &limit)
        guard count > 0 else { return .quiet }
        let events = fired[0..<Int(count)]
        if events.contains(where: { $0.filter == Int16(EVFILT_READ) }) { return .stopped }
        let touched = Set(events.compactMap { folderByDescriptor[Int32($0.ident)] })
        return .changed(touched.reduce(into: Set<Change>()) { $0.formUnion(lookAgain(at: $1)) })
    }
    #endif
}
