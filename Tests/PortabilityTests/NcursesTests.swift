import Foundation
import Testing

/// What CursesBackend asks of ncurses, against what macOS has. macOS 13 and earlier ship
/// ncurses 5.7 (Apple's ncurses-61 and before), macOS 14 on a 6.0 marked available from
/// macOS 14; 5.7 is the floor either way. The names come from the headers themselves
/// (Fixtures/, made by scripts/c-api-names), so no Mac is needed to find a call it lacks.
enum Ncurses {
    static let floor = "ncurses-5.7-names.txt"
    /// The numbers 5.7's header gives the version macros, for the shim's version checks.
    static let floorVersion = ["NCURSES_VERSION_MAJOR": 5, "NCURSES_VERSION_MINOR": 7]
    /// The ncurses the Linux build compiles against: any name of ncurses the code can call is
    /// in it, so it tells ncurses' names from everything else the code says.
    static let current = "ncurses-6.4-names.txt"

    /// Every use of an ncurses name in CursesBackend and in the C shim, the shim read as its
    /// preprocessor would read it with `library`'s header.
    static func uses(library: NameList, values: [String: Int], ncurses: Set<String>) throws -> [UsedName] {
        var uses: [UsedName] = []
        for file in packageFiles(under: "Sources/CursesBackend", endingIn: ".swift") {
            uses += SwiftNames.used(in: try packageFile(file), file: file)
        }
        let shim = "Sources/CCurses/shim.h"
        uses += CNames.used(in: try packageFile(shim), file: shim, library: library.names, values: values)
        return uses.filter { ncurses.contains($0.name) }
    }
}

@Suite("Portability: every ncurses name CursesBackend uses is in macOS's ncurses 5.7")
struct NcursesTests {
    @Test func everyNcursesNameUsedIsInNcurses57() throws {
        let floor = try NameList(fixture: Ncurses.floor)
        let current = try NameList(fixture: Ncurses.current)
        #expect(floor.source.hasPrefix("ncurses 5.7 "), "floorVersion is 5.7's: the list must be too")
        let uses = try Ncurses.uses(library: floor, values: Ncurses.floorVersion, ncurses: floor.names.union(current.names))
        // A scan that found nothing would pass anything.
        let names = Set(uses.map(\.name))
        #expect(names.isSuperset(of: ["newterm", "wget_wch", "mvwadd_wch", "setupterm", "start_color", "KEY_RESIZE"]))
        for use in uses where !floor.names.contains(use.name) {
            Issue.record(Comment(rawValue: "\(use): not in ncurses 5.7, which macOS ships (\(floor.source)); "
                + "use what 5.7 has, or put the call behind a version check in Sources/CCurses/shim.h"))
        }
    }

    /// The shim as the Linux build reads it still takes ncurses 6's calls: the check above is
    /// about a branch, not the code Linux runs.
    @Test func linuxKeepsTheExtendedCalls() throws {
        let current = try NameList(fixture: Ncurses.current)
        #expect(current.source.hasPrefix("ncurses 6.4 "))
        let uses = try Ncurses.uses(library: current, values: ["NCURSES_VERSION_MAJOR": 6, "NCURSES_VERSION_MINOR": 4],
                                    ncurses: current.names)
        let names = Set(uses.map(\.name))
        #expect(names.contains("init_extended_pair") && !names.contains("init_pair"))
    }

    /// The fallback of the shim compiled and run here, against ncurses 6: with
    /// `SF_EXTENDED_PAIRS` and `SF_PAIRS_IN_ATTRIBUTES` set as macOS's 5.7 header sets them,
    /// it builds and links, draws with at most 256 pairs, and defines a pair with `init_pair`
    /// (read back with `pair_content`) but refuses a color past a short. It shows the branch is
    /// sound C that does what it says; that 5.7 declares what it calls is the test above's.
    @Test func theShimsNcurses57BranchBuildsAndRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shim-5.7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = """
            #include "shim.h"
            #include <stdio.h>
            int main(void) {
                FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
                if (!out || !in || newterm("xterm-256color", out, in) == NULL) return 2;
                if (!has_colors() || start_color() != OK) return 3;
                int failures = 0;
                if (sf_color_pairs() != 256) { printf("pairs %d, not 256\\n", sf_color_pairs()); failures++; }
                short foreground = 0, background = 0;
                if (sf_init_pair(1, 196, 21) != OK || pair_content(1, &foreground, &background) != OK
                    || foreground != 196 || background != 21) { printf("pair 1 is %d on %d\\n", foreground, background); failures++; }
                if (sf_init_pair(2, 0x123456, 0) != ERR) { printf("a direct color was taken\\n"); failures++; }
                if (sf_init_pair(40000, 1, 2) != ERR) { printf("pair 40000 was taken\\n"); failures++; }
                endwin();
                return failures;
            }
            """
        let source = folder.appendingPathComponent("fallback.c")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let binary = folder.appendingPathComponent("fallback").path
        #if os(macOS)
        let library = "-lncurses"
        #else
        let library = "-lncursesw"
        #endif
        let compile = try run("/usr/bin/env", [cCompiler(), "-Wall", "-Werror", "-DSF_EXTENDED_PAIRS=0", "-DSF_PAIRS_IN_ATTRIBUTES=1",
                                                "-I", packageRoot.appendingPathComponent("Sources/CCurses").path,
                                                source.path, "-o", binary, library])
        try #require(compile.status == 0, "the 5.7 branch does not build: \(compile.output)")
        let result = try run(binary, [])
        #expect(result.status == 0, "the 5.7 branch: \(result.output)")
    }

    /// The system's C compiler, else the Swift toolchain's clang (a fresh machine may have no cc).
    private func cCompiler() -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        let has = { (name: String) in folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") } }
        return has("cc") ? "cc" : "clang"
    }

    private func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}

@Suite("Portability: the scan itself")
struct SourceNamesTests {
    @Test func aSwiftCallIsFoundButNotItsLabelsMembersOrShadowingLocals() {
        let text = """
            // init_extended_pair(1, 2, 3) in a comment
            let columns = min(width, frame.width)
            func wait(timeout: TimeInterval?) { _ = timeout ?? 0 }
            init_extended_pair(pair, key.foreground, key.background)
            _ = "\\(sf_put(window, 1, 2, "not_code(x)"))"
            switch code { case KEY_UP: break; case KEY_BACKSPACE, KEY_DC: break; default: break }
            window.refresh()
            for index in 0..<3 { _ = index }
            let (attributes, pair) = palette.attributes(for: style)
            """
        let names = SwiftNames.used(in: text, file: "F.swift").map(\.name)
        #expect(names.contains("init_extended_pair") && names.contains("sf_put") && names.contains("min") && names.contains("palette"))
        #expect(names.contains("KEY_UP") && names.contains("KEY_BACKSPACE") && names.contains("KEY_DC"))
        for absent in ["columns", "timeout", "not_code", "refresh", "index", "attributes", "pair"] { #expect(!names.contains(absent)) }
        #expect(SwiftNames.used(in: text, file: "F.swift").first { $0.name == "init_extended_pair" }?.line == 4)
    }

    @Test func aSwiftBranchForAnotherPlatformIsLeftOut() {
        let text = """
            #if canImport(Glibc)
            inotify_init1(0)
            #elseif canImport(Darwin)
            kqueue()
            #endif
            close(0)
            """
        let darwin: (String) -> Bool? = { $0 == "canImport(Darwin)" ? true : $0 == "canImport(Glibc)" ? false : nil }
        #expect(SwiftNames.used(in: text, file: "F.swift", condition: darwin).map(\.name) == ["kqueue", "close"])
        #expect(SwiftNames.used(in: text, file: "F.swift").map(\.name) == ["inotify_init1", "kqueue", "close"])
    }

    @Test func aCallBehindAVersionCheckCountsOnlyWhereTheCheckLetsItThrough() {
        let text = """
            #ifndef SF_NEW
            #if NCURSES_VERSION_MAJOR > 6 || (NCURSES_VERSION_MAJOR == 6 && NCURSES_VERSION_MINOR >= 1)
            #define SF_NEW 1
            #else
            #define SF_NEW 0
            #endif
            #endif
            #if SF_NEW
            int a(void) { return init_extended_pair(1, 2, 3); }
            #else
            int a(void) { return init_pair(1, 2, 3); /* init_extended_pair */ }
            #endif
            #if defined(BUTTON5_PRESSED)
            int b(void) { return BUTTON5_PRESSED; }
            #endif
            """
        let old = CNames.used(in: text, file: "s.h", library: ["init_pair"], values: ["NCURSES_VERSION_MAJOR": 5, "NCURSES_VERSION_MINOR": 7])
        #expect(Set(old.map(\.name)) == ["int", "a", "void", "return", "init_pair"])
        let new = CNames.used(in: text, file: "s.h", library: ["BUTTON5_PRESSED"], values: ["NCURSES_VERSION_MAJOR": 6, "NCURSES_VERSION_MINOR": 4])
        #expect(Set(new.map(\.name)) == ["int", "a", "b", "void", "return", "init_extended_pair", "BUTTON5_PRESSED"])
    }
}
