import Foundation
import Testing

/// Only Platform calls the C library (docs/architecture.md, "Invariants the tests hold"). The
/// layers table keeps `import Glibc` and `import Darwin` out of every other target, but
/// Foundation brings the C library with it, so a file could call `open` or read `errno` without
/// importing either. This reads the code of every file outside Sources/Platform for the C
/// library's names, as the list PortabilityTests keeps of the headers Platform uses has them
/// (Tests/PortabilityTests/Fixtures/glibc-platform-names.txt: unistd.h, fcntl.h, errno.h,
/// signal.h, sys/stat.h, stdio.h, string.h, locale.h and others).
///
/// A name counts when it is called (`open(`), or is a constant or a type of C's (`ENOENT`,
/// `O_RDONLY`, `mode_t`), or is `errno`; not as a member (`.open(`), a label (`read:`), nor when
/// the target declares it itself (a method `write(_:)` of its own is not the C `write`).
/// Comments and the insides of string literals are not code. stdlib.h is not among the headers,
/// so `exit` and `atexit`, with which the commands end the process, are not counted.
@Suite("Only Platform calls the C library")
struct CLibraryCallTests {
    static func cNames() throws -> Set<String> {
        let list = try String(contentsOf: packageRoot.appendingPathComponent(
            "Tests/PortabilityTests/Fixtures/glibc-platform-names.txt"), encoding: .utf8)
        return Set(list.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
    }

    @Test func noFileOutsidePlatformCallsTheCLibrary() throws {
        let names = try Self.cNames()
        // A list that lost its names would pass anything.
        #expect(names.isSuperset(of: ["open", "errno", "ENOENT", "isatty", "strerror", "setlocale", "fdopen"]))
        let sources = packageRoot.appendingPathComponent("Sources")
        var read = 0
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() where target != "Platform" {
            let folder = sources.appendingPathComponent(target)
            let files = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted()
            let texts = try files.map { (file: "Sources/\(target)/\($0)",
                                         code: SwiftCode.withoutCommentsAndStrings(
                                            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))) }
            // A function or type of the target's own is its, in any of its files; a variable or a
            // parameter only in its file (a parameter `access` elsewhere is no reason to pass `access(`).
            let targetsOwn = texts.reduce(into: Set<String>()) { $0.formUnion(SwiftCode.declaredNames(in: $1.code).functionsAndTypes) }
            for text in texts {
                read += 1
                let declared = targetsOwn.union(SwiftCode.declaredNames(in: text.code).others)
                for found in SwiftCode.cLibraryUses(in: text.code, file: text.file, names: names.subtracting(declared)) {
                    Issue.record(Comment(rawValue: found))
                }
            }
        }
        // A scan that read nothing would pass anything.
        #expect(read > 200)
    }

    @Test func aPlantedCallIsFoundWithItsFileAndLine() {
        let text = """
            import Foundation
            // open(path, O_RDONLY) in a comment
            let message = "no FILE here: open(\\(count))"
            let descriptor = open(path, O_RDONLY)
            if errno == EINTR { again() }
            func write(_ text: String, to file: String) {}
            write("x", to: "y")
            handle.read(into: buffer); go(read: 1)
            var info = stat()
            func reset(removingWith remove: (String) -> Void) { remove("x") }
            """
        let code = SwiftCode.withoutCommentsAndStrings(text)
        let names: Set = ["open", "O_RDONLY", "errno", "EINTR", "write", "read", "stat", "FILE", "count", "remove"]
        let declared = SwiftCode.declaredNames(in: code)
        let uses = SwiftCode.cLibraryUses(in: code, file: "F.swift",
                                          names: names.subtracting(declared.functionsAndTypes).subtracting(declared.others))
        let rule = ": the C library is called only in Sources/Platform; add a small type there (docs/architecture.md)"
        #expect(uses == ["F.swift:4: `open`", "F.swift:4: `O_RDONLY`", "F.swift:5: `errno`", "F.swift:5: `EINTR`",
                         "F.swift:9: `stat`"].map { $0 + rule })
    }
}

/// Swift source read for the names it uses.
enum SwiftCode {
    /// `text` with comments and the insides of string literals blanked (newlines kept, so line
    /// numbers hold); an interpolation `\(...)` in a string stays code.
    static func withoutCommentsAndStrings(_ text: String) -> String {
        let characters = Array(text)
        var output = characters
        var index = 0
        // Each open string: multi-line or not, and the parentheses open in its current interpolation (nil: in the text).
        var strings: [(multiline: Bool, depth: Int?)] = []
        func blank(_ count: Int) {
            for at in index..<min(index + count, characters.count) where output[at] != "\n" { output[at] = " " }
            index += count
        }
        func starts(_ prefix: String) -> Bool {
            let prefix = Array(prefix)
            return index + prefix.count <= characters.count && Array(characters[index..<index + prefix.count]) == prefix
        }
        while index < characters.count {
            if let string = strings.last, string.depth == nil {
                if string.multiline ? starts("\"\"\"") : starts("\"") {
                    blank(string.multiline ? 3 : 1)
                    strings.removeLast()
                } else if starts("\\(") {
                    blank(2)
                    strings[strings.count - 1].depth = 0
                } else {
                    blank(characters[index] == "\\" ? 2 : 1)
                }
                continue
            }
            if starts("//") {
                while index < characters.count, characters[index] != "\n" { blank(1) }
            } else if starts("/*") {
                while index < characters.count, !starts("*/") { blank(1) }
                blank(2)
            } else if starts("\"") {
                let multiline = starts("\"\"\"")
                blank(multiline ? 3 : 1)
                strings.append((multiline, nil))
            } else if let depth = strings.last?.depth, characters[index] == "(" || characters[index] == ")" {
                if characters[index] == ")" && depth == 0 {
                    strings[strings.count - 1].depth = nil
                    blank(1)
                } else {
                    strings[strings.count - 1].depth = depth + (characters[index] == "(" ? 1 : -1)
                    index += 1
                }
            } else {
                index += 1
            }
        }
        return String(output)
    }

    private static var identifier: Regex<Substring> { #/[A-Za-z_][A-Za-z0-9_]*/# }

    /// The names `code` declares: functions and types, which the whole target sees; and cases,
    /// variables, constants and parameters (`removingWith remove:`), which a file's own code uses.
    static func declaredNames(in code: String) -> (functionsAndTypes: Set<String>, others: Set<String>) {
        let global = #/\b(?:func|struct|enum|class|typealias|protocol)\s+([A-Za-z_][A-Za-z0-9_]*)/#
        let local = #/\b(?:case|let|var)\s+([A-Za-z_][A-Za-z0-9_]*)/#
        let parameter = #/\b[A-Za-z_][A-Za-z0-9_]*\s+([A-Za-z_][A-Za-z0-9_]*)\s*:/#
        return (Set(code.matches(of: global).map { String($0.1) }),
                Set(code.matches(of: local).map { String($0.1) } + code.matches(of: parameter).map { String($0.1) }))
    }

    /// Each use in `code` of one of `names` as the C library's: called, a constant or type of
    /// C's, or `errno`. Said as `file:line: \`name\`` and the rule.
    static func cLibraryUses(in code: String, file: String, names: Set<String>) -> [String] {
        var found: [String] = []
        let identifier = Self.identifier
        for (offset, line) in code.components(separatedBy: "\n").enumerated() {
            for match in line.matches(of: identifier) {
                let name = String(match.output)
                guard names.contains(name) else { continue }
                let before = line[..<match.range.lowerBound].last { $0 != " " }
                let after = line[match.range.upperBound...].first
                // A member, a label, or the tail of a number (0x1F).
                if before == "." || after == ":" || line[..<match.range.lowerBound].last?.isNumber == true { continue }
                let isConstant = name.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" }
                guard after == "(" || isConstant || name.hasSuffix("_t") || name == "errno" else { continue }
                found.append("\(file):\(offset + 1): `\(name)`: the C library is called only in Sources/Platform; "
                             + "add a small type there (docs/architecture.md)")
            }
        }
        return found
    }
}
