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
    static let checked = ["xee", "paystation", "storekit", "invoice", "purchasetoken", "billingclient"]

    /// Google Play's path cannot be caught by a word in any case: "play" is inside `display` and
    /// `player`, which every part of the engine says. Its names are caught by their shape
    /// instead, case and all: a type or case that begins with `Play` and goes on with a capital
    /// (`PlayPath`, `PlaySession`), and the path's id as a case or a string (`.play`, `"play"`).
    /// (`Google Play` in two words is a marketplace, as `App Store` is.)
    static let shapes = [#"Play(?=[A-Z])"#, #"\.play\b"#, #""play""#].map { try! NSRegularExpression(pattern: $0) }

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
            let range = NSRange(line.startIndex..<line.endIndex, in: line)
            for shape in shapes {
                for match in shape.matches(in: line, range: range) {
                    guard let found = Range(match.range, in: line) else { continue }
                    hits.append((found.lowerBound, String(line[found])))
                }
            }
            for hit in hits.sorted(by: { $0.0 < $1.0 }) {
                found.append(PathWord(file: file, line: index + 1, word: hit.1))
            }
        }
        return found
    }

    /// Every Swift file of Sources/StoreEngine outside Sources/StoreEngine/Paths, by its path in
    /// the package, sorted.
    static func checkedFiles(packageRoot: URL) -> [String] {
        let engine = packageRoot.appendingPathComponent("Sources/StoreEngine")
        guard let files = FileManager.default.enumerator(at: engine, includingPropertiesForKeys: nil) else { return [] }
        var paths: [String] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let relative = "Sources/StoreEngine/" + url.path.dropFirst(engine.path.count + 1)
            guard !relative.hasPrefix("Sources/StoreEngine/Paths/") else { continue }
            paths.append(relative)
        }
        return paths.sorted()
    }

    /// The words in every file `checkedFiles` lists.
    static func scan(packageRoot: URL) throws -> [PathWord] {
        try checkedFiles(packageRoot: packageRoot).flatMap { relative in
            let text = try String(contentsOf: packageRoot.appendingPathComponent(relative), encoding: .utf8)
            return find(in: text, file: relative)
        }
    }
}
