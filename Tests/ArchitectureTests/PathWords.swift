import Foundation

/// A word naming a purchase path on a line of a StoreEngine file outside `Paths/`.
struct PathWord: Equatable, CustomStringConvertible {
    var file: String
    var line: Int
    var word: String

    var description: String {
        "\(file):\(line): names a path (\"\(word)\"); what a path knows lives in Sources/StoreEngine/Paths/, "
            + "behind PurchasePath and PathRegistry"
    }
}

enum PathWords {
    /// The words that name a path, found anywhere in a word, in any case: each path's id in the
    /// catalog's vocabulary (`xee`, `paystation`, `storekit`) catches its types, cases, fields
    /// and events (`XeePath`, `.payStationLoaded`, `StoreKitSession`), and `invoice` is Pay
    /// Station's own record. Comments count too: a comment that needs a path's name is a sign
    /// the code under it knows that path. (`Pay Station` in two words, `App Store` and
    /// `Apple` are left alone: they name a marketplace or a sentence's subject, not a path.)
    static let checked = ["xee", "paystation", "storekit", "invoice"]

    /// Every checked word on every line of `text`, first on the line first.
    static func find(in text: String, file: String) -> [PathWord] {
        var found: [PathWord] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let lowered = line.lowercased()
            var hits: [(String.Index, String)] = []
            for word in checked {
                var searchFrom = lowered.startIndex
                while let range = lowered.range(of: word, range: searchFrom..<lowered.endIndex) {
                    hits.append((range.lowerBound, String(line[range])))
                    searchFrom = range.upperBound
                }
            }
            for hit in hits.sorted(by: { $0.0 < $1.0 }) {
                found.append(PathWord(file: file, line: index + 1, word: hit.1))
            }
        }
        return found
    }

    /// The words in every Swift file of Sources/StoreEngine outside Sources/StoreEngine/Paths.
    static func scan(packageRoot: URL) throws -> [PathWord] {
        let engine = packageRoot.appendingPathComponent("Sources/StoreEngine")
        guard let files = FileManager.default.enumerator(at: engine, includingPropertiesForKeys: nil) else { return [] }
        var found: [PathWord] = []
        var paths: [String] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = "Sources/StoreEngine/" + url.path.dropFirst(engine.path.count + 1)
            guard !relative.hasPrefix("Sources/StoreEngine/Paths/") else { continue }
            paths.append(relative)
        }
        for relative in paths.sorted() {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(relative), encoding: .utf8)
            found += find(in: text, file: relative)
        }
        return found
    }
}

/// The rule over what `PathWords.scan` found: no path word outside Paths/, except in the files
/// `PathWordsTests.notYetMoved` still lists, each with exactly its count (so the list can only
/// shrink: a file that drops a word must lower its count, and a new word fails).
enum PathWordCheck {
    static func violations(of found: [PathWord], allowing notYetMoved: [String: Int]) -> [String] {
        var problems: [String] = []
        let byFile = Dictionary(grouping: found, by: \.file)
        for file in byFile.keys.sorted() {
            let words = byFile[file] ?? []
            let allowed = notYetMoved[file] ?? 0
            if words.count > allowed {
                problems += words.map(\.description)
            } else if words.count < allowed {
                problems.append("\(file) names a path \(words.count) times, fewer than the \(allowed) "
                                + "PathWordsTests.notYetMoved allows: lower its count (or drop its entry at 0)")
            }
        }
        for file in notYetMoved.keys.sorted() where byFile[file] == nil {
            problems.append("\(file) is in PathWordsTests.notYetMoved but names no path (or is gone): drop its entry")
        }
        return problems
    }
}
