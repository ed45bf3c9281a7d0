import Foundation

/// One `import` line of a file in Sources/.
struct SourceImport: Equatable {
    /// The target: the folder under Sources/ the file is in.
    var target: String
    /// The file's path from the package root, as a failure names it.
    var file: String
    var line: Int
    var module: String
}

enum SourceImports {
    /// `import M`, `@testable import M`, `@preconcurrency import M`, `import struct M.T`: the
    /// module is the first name after `import` and its kind.
    private static var pattern: Regex<(Substring, Substring)> { #/^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)/# }

    /// The imports of one file's text. Lines inside a block comment or a multi-line string are
    /// not code, so they are passed over.
    static func parse(_ text: String, target: String, file: String) -> [SourceImport] {
        var imports: [SourceImport] = []
        var inComment = false
        var inString = false
        let pattern = Self.pattern
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inComment {
                if trimmed.contains("*/") { inComment = false }
                continue
            }
            if inString {
                if trimmed.hasPrefix("\"\"\"") { inString = false }
                continue
            }
            if trimmed.hasPrefix("/*") {
                inComment = !trimmed.contains("*/")
                continue
            }
            if trimmed.hasSuffix("\"\"\"") && trimmed.components(separatedBy: "\"\"\"").count == 2 {
                inString = true
                continue
            }
            if let match = line.firstMatch(of: pattern) {
                imports.append(SourceImport(target: target, file: file, line: index + 1, module: String(match.1)))
            }
        }
        return imports
    }

    /// The targets in Sources/ (one folder each) and every import of their Swift files.
    static func scan(packageRoot: URL) throws -> (targets: Set<String>, imports: [SourceImport]) {
        let sources = packageRoot.appendingPathComponent("Sources")
        let manager = FileManager.default
        var targets: Set<String> = []
        var imports: [SourceImport] = []
        for target in try manager.contentsOfDirectory(atPath: sources.path).sorted() {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: sources.appendingPathComponent(target).path, isDirectory: &isFolder),
                  isFolder.boolValue else { continue }
            targets.insert(target)
            let files = manager.enumerator(atPath: sources.appendingPathComponent(target).path)?
                .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted() ?? []
            for file in files {
                let url = sources.appendingPathComponent(target).appendingPathComponent(file)
                let text = try String(contentsOf: url, encoding: .utf8)
                imports += parse(text, target: target, file: "Sources/\(target)/\(file)")
            }
        }
        return (targets, imports)
    }
}
