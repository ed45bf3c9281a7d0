import Foundation
import Testing

/// What Sources/Platform asks of the system when built on macOS: the code its `#if` keeps on
/// Darwin, against the names in macOS 15's BSD and C library headers. Those headers do not build
/// here, so their list is of every name in their code (Fixtures/darwin-platform-words.txt); a
/// name of glibc's that is not among them is one macOS lacks (SOCK_CLOEXEC, st_mtim, inotify).
@Suite("Portability: every C name Platform uses on Darwin is in macOS 15's headers")
struct DarwinPlatformTests {
    /// Whether an `#if` condition holds on Darwin (nil: not one of these, both branches read).
    static func darwin(_ condition: String) -> Bool? {
        switch condition {
        case "canImport(Darwin)", "os(macOS)": true
        case "canImport(Glibc)", "os(Linux)": false
        default: nil
        }
    }

    static func darwinUses() throws -> [UsedName] {
        var uses: [UsedName] = []
        for file in packageFiles(under: "Sources/Platform", endingIn: ".swift") {
            uses += SwiftNames.used(in: try packageFile(file), file: file, members: true, condition: darwin)
        }
        return uses
    }

    @Test func everyCNameUsedOnDarwinIsInMacOSsHeaders() throws {
        let glibc = try NameList(fixture: "glibc-platform-names.txt")
        let macOS = try NameList(fixture: "darwin-platform-words.txt")
        let uses = try Self.darwinUses()
        let names = Set(uses.map(\.name))
        // The Darwin branches are read, the Glibc ones are not. Darwin's own names are not
        // glibc's, so the loop below passes them by: these few are checked here instead.
        let darwinOnly: Set = ["kqueue", "kevent", "EVFILT_VNODE", "O_EVTONLY", "st_mtimespec", "__sigaction_u", "SO_NOSIGPIPE"]
        #expect(names.isSuperset(of: darwinOnly.union(["socket", "flock"])))
        #expect(darwinOnly.subtracting(macOS.names).sorted() == [])
        #expect(names.isDisjoint(with: ["inotify_init1", "st_mtim", "SOCK_CLOEXEC", "MSG_NOSIGNAL"]))
        for use in uses where glibc.names.contains(use.name) && !macOS.names.contains(use.name) {
            Issue.record(Comment(rawValue: "\(use): a name of glibc's that macOS's headers lack (\(macOS.source)); "
                + "put it in the `#if canImport(Glibc)` branch and give Darwin its own"))
        }
    }
}
