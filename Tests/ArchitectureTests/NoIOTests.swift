import Foundation
import Testing

/// Catalog and TerminalUI do no I/O (docs/architecture.md, "Invariants the tests hold"): the
/// layers table keeps `Ledger` and `Platform` out of them, and this keeps out Foundation's own
/// files, processes, environment and network. Comments count too, as in PathWordsTests: a
/// comment that needs one of these names is a sign the code under it does I/O.
@Suite("No I/O in Catalog or TerminalUI")
struct NoIOTests {
    static let targets = ["Catalog", "TerminalUI"]
    static let calls = ["FileManager", "FileHandle", "contentsOfFile", "String(contentsOf", "Data(contentsOf", "toFile:",
                        "atomically:", "fopen(", "URLSession", "Process(", "ProcessInfo", "getenv(", "InputStream", "OutputStream"]

    @Test func catalogAndTerminalUICallNoIO() throws {
        var read = 0
        for target in Self.targets {
            let folder = packageRoot.appendingPathComponent("Sources/\(target)")
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in files where url.pathExtension == "swift" {
                let file = "Sources/\(target)/" + url.path.dropFirst(folder.path.count + 1)
                let text = try String(contentsOf: url, encoding: .utf8)
                read += 1
                for found in Self.find(in: text, file: file) { Issue.record(Comment(rawValue: found)) }
            }
        }
        // A scan that read nothing would pass anything.
        #expect(read > 50)
    }

    @Test func aPlantedCallIsFoundWithItsFileAndLine() {
        let text = "let a = 1\nlet data = FileManager.default.contents(atPath: path)\n"
        #expect(Self.find(in: text, file: "Sources/Catalog/F.swift") == [
            "Sources/Catalog/F.swift:2: `FileManager`: Catalog and TerminalUI do no I/O (docs/architecture.md)",
        ])
    }

    static func find(in text: String, file: String) -> [String] {
        text.components(separatedBy: "\n").enumerated().flatMap { index, line in
            calls.filter { line.contains($0) }
                .map { "\(file):\(index + 1): `\($0)`: Catalog and TerminalUI do no I/O (docs/architecture.md)" }
        }
    }
}
