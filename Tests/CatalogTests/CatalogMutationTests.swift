import Foundation
import TestFixtures
import Testing
@testable import Catalog

/// The mutations of StoreKitMutationTests (SplitMix64, TextMutation), plus two it lacks.
enum CatalogMutation: Sendable {
    case text(TextMutation)
    case deleteLine
    case swapAnyTwo

    static let all: [CatalogMutation] = TextMutation.allCases.map(CatalogMutation.text) + [.deleteLine, .swapAnyTwo]

    var name: String {
        switch self {
        case .text(let mutation): return mutation.name
        case .deleteLine: return "delete line"
        case .swapAnyTwo: return "swap two"
        }
    }

    func apply(to scalars: inout [Unicode.Scalar], using random: inout SplitMix64) {
        guard !scalars.isEmpty else { return }
        switch self {
        case .text(let mutation) where mutation == .duplicateLine || mutation == .replaceValue:
            // Both walk all the text they are given; handing them 25 whole lines around a random
            // place does the same damage and keeps 10,000 cases fast in a debug build.
            let window = Self.lines(around: random.below(scalars.count), in: scalars, radius: 12)
            var part = Array(scalars[window])
            mutation.apply(to: &part, using: &random)
            scalars.replaceSubrange(window, with: part)
        case .text(let mutation):
            mutation.apply(to: &scalars, using: &random)
        case .deleteLine:
            let line = Self.lines(around: random.below(scalars.count), in: scalars, radius: 0)
            if line.upperBound < scalars.count {
                scalars.removeSubrange(line.lowerBound...line.upperBound)
            } else {
                scalars.removeSubrange(max(0, line.lowerBound - 1)..<line.upperBound)
            }
        case .swapAnyTwo:
            scalars.swapAt(random.below(scalars.count), random.below(scalars.count))
        }
    }

    /// The line holding `index` and `radius` lines either side, without the newlines around them.
    static func lines(around index: Int, in scalars: [Unicode.Scalar], radius: Int) -> Range<Int> {
        var start = index
        var newlines = 0
        while start > 0 {
            if scalars[start - 1] == "\n" {
                if newlines == radius { break }
                newlines += 1
            }
            start -= 1
        }
        var end = index
        newlines = 0
        while end < scalars.count {
            if scalars[end] == "\n" {
                if newlines == radius { break }
                newlines += 1
            }
            end += 1
        }
        return start..<end
    }
}

@Suite("Catalog loading under mutation")
struct CatalogMutationTests {
    /// 10,000 in full (`make property-test`), 1,000 in `make test` (`PROPERTY_CASES`).
    static let cases = propertyCases(upTo: 10_000)
    static let slices = 10

    @Test func deletingALineAndSwappingChangeTheText() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20 {
            var lines = Array("a\nb\nc".unicodeScalars)
            CatalogMutation.deleteLine.apply(to: &lines, using: &random)
            #expect(["b\nc", "a\nc", "a\nb"].contains(String(String.UnicodeScalarView(lines))))
        }
        var text = Array("abcdefgh".unicodeScalars)
        for _ in 0..<20 { CatalogMutation.swapAnyTwo.apply(to: &text, using: &random) }
        #expect(text.sorted() == Array("abcdefgh".unicodeScalars))
        #expect(text != Array("abcdefgh".unicodeScalars))
    }

    @Test func theWindowHoldsWholeLinesAroundThePlace() {
        let scalars = Array("one\ntwo\nthree\nfour\nfive".unicodeScalars)
        func window(_ index: Int, _ radius: Int) -> String {
            String(String.UnicodeScalarView(scalars[CatalogMutation.lines(around: index, in: scalars, radius: radius)]))
        }
        #expect(window(9, 0) == "three")
        #expect(window(9, 1) == "two\nthree\nfour")
        #expect(window(0, 1) == "one\ntwo")
        #expect(window(scalars.count - 1, 1) == "four\nfive")
        #expect(window(3, 0) == "one")
        #expect(window(9, 10) == "one\ntwo\nthree\nfour\nfive")
        #expect(Self.string(scalars) == "one\ntwo\nthree\nfour\nfive")
        #expect(Self.string(Array("é🎮\u{0}\u{FEFF}".unicodeScalars)) == "é🎮\u{0}\u{FEFF}")
    }

    /// Problems with the diagnostics of a rejected text: a path not starting with `$`, or a place
    /// outside the text (a line that does not exist, a column more than one past its end).
    static func problems(in diagnostics: [Diagnostic], of scalars: [Unicode.Scalar]) -> [String] {
        var lineLengths: [Int] = []
        if diagnostics.contains(where: { $0.position != nil }) {
            scalars.withUnsafeBufferPointer { buffer in
                var length = 0
                for scalar in buffer {
                    if scalar == "\n" {
                        lineLengths.append(length)
                        length = 0
                    } else {
                        length += 1
                    }
                }
                lineLengths.append(length)
            }
        }
        return diagnostics.compactMap { diagnostic in
            guard diagnostic.path.hasPrefix("$") else { return "path \(diagnostic.path) does not start with $" }
            guard let position = diagnostic.position else { return nil }
            guard (1...lineLengths.count).contains(position.line),
                  (1...lineLengths[position.line - 1] + 1).contains(position.column)
            else { return "\(position.line):\(position.column) is outside the text (\(lineLengths.count) lines)" }
            return nil
        }
    }

    @Test func aPlaceOutsideTheTextIsAProblem() {
        let scalars = Array("ab\ncd".unicodeScalars)
        func problems(_ line: Int, _ column: Int, path: String = "$.x") -> Int {
            Self.problems(in: [Diagnostic(.error, path: path, position: SourcePosition(line: line, column: column), message: "")],
                          of: scalars).count
        }
        #expect(problems(1, 1) == 0)
        #expect(problems(2, 3) == 0)
        #expect(problems(2, 4) == 1)
        #expect(problems(3, 1) == 1)
        #expect(problems(0, 1) == 1)
        #expect(problems(1, 0) == 1)
        #expect(problems(1, 1, path: "products") == 1)
    }

    /// The text of `scalars`; decoding them as UTF-32 is several times faster in a debug build
    /// than appending them one by one to a `String.UnicodeScalarView`.
    static func string(_ scalars: [Unicode.Scalar]) -> String {
        scalars.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt32.self) { String(decoding: $0, as: UTF32.self) }
        }
    }

    /// Ten slices of a tenth of the seeds each, run in parallel; a failure names its seed, which
    /// replays alone. No time limit: how long 10,000 loads take depends on the machine and its load, and a
    /// test must not fail because the machine is busy.
    @Test(arguments: 0..<slices)
    func mutantsLoadOrFailWithPlacedErrors(slice: Int) throws {
        let original = try defaultCatalogText()
        let scalars = Array(original.unicodeScalars)
        let perSlice = Self.cases / Self.slices
        var loaded = 0
        var rejected = 0
        var kinds: [String: Int] = [:]
        for offset in 0..<perSlice {
            let seed = 0xCA7A_1000 &+ UInt64(slice * perSlice + offset)
            var random = SplitMix64(seed: seed)
            var mutant = scalars
            for _ in 0...random.below(3) {
                let mutation = random.pick(CatalogMutation.all)
                kinds[mutation.name, default: 0] += 1
                mutation.apply(to: &mutant, using: &random)
            }
            do {
                let catalog = try CatalogLoader.load(text: Self.string(mutant), file: "mutant.json")
                loaded += 1
                #expect(!catalog.storefronts.isEmpty, "seed \(seed): loaded without a storefront")
            } catch {
                rejected += 1
                #expect(!error.errors.isEmpty, "seed \(seed): rejected without an error")
                let problems = Self.problems(in: error.diagnostics, of: mutant)
                #expect(problems.isEmpty, "seed \(seed): \(problems.joined(separator: "; "))")
            }
        }
        print("Catalog mutations, slice \(slice): \(loaded) loaded, \(rejected) rejected; "
              + kinds.keys.sorted().map { "\($0) \(kinds[$0] ?? 0)" }.joined(separator: ", "))
        #expect(loaded + rejected == perSlice)
        // Both outcomes occur, or the mutations test nothing.
        #expect(loaded > perSlice / 20)
        #expect(rejected > perSlice / 20)
    }
}
