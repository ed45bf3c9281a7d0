import Foundation
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
        switch self {
        case .text(let mutation):
            mutation.apply(to: &scalars, using: &random)
        case .deleteLine:
            var lines = scalars.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
            lines.remove(at: random.below(lines.count))
            scalars = Array(lines.joined(separator: ["\n"]))
        case .swapAnyTwo:
            guard !scalars.isEmpty else { return }
            scalars.swapAt(random.below(scalars.count), random.below(scalars.count))
        }
    }
}

@Suite("Catalog loading under mutation")
struct CatalogMutationTests {
    static let cases = 10_000
    static let slices = 10

    @Test func deletingALineAndSwappingChangeTheText() {
        var random = SplitMix64(seed: 7)
        var lines = Array("a\nb\nc".unicodeScalars)
        CatalogMutation.deleteLine.apply(to: &lines, using: &random)
        #expect(["b\nc", "a\nc", "a\nb"].contains(String(String.UnicodeScalarView(lines))))
        var text = Array("abcdefgh".unicodeScalars)
        for _ in 0..<20 { CatalogMutation.swapAnyTwo.apply(to: &text, using: &random) }
        #expect(text.sorted() == Array("abcdefgh".unicodeScalars))
        #expect(text != Array("abcdefgh".unicodeScalars))
    }

    /// Every diagnostic names a JSON path and, when it has a place, a place inside `scalars`:
    /// a line that exists and a column at most one past its end.
    static func problems(in diagnostics: [Diagnostic], lineLengths: [Int]) -> [String] {
        diagnostics.compactMap { diagnostic in
            guard diagnostic.path.hasPrefix("$") else { return "path \(diagnostic.path) does not start with $" }
            guard let position = diagnostic.position else { return nil }
            guard (1...lineLengths.count).contains(position.line),
                  (1...lineLengths[position.line - 1] + 1).contains(position.column)
            else { return "\(position.line):\(position.column) is outside the text (\(lineLengths.count) lines)" }
            return nil
        }
    }

    /// Ten slices of 1,000 seeds, run in parallel; a failure names its seed, which replays alone.
    @Test(.timeLimit(.minutes(2)), arguments: 0..<slices)
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
            let text = String(String.UnicodeScalarView(mutant))
            let lineLengths = mutant.split(separator: "\n", omittingEmptySubsequences: false).map(\.count)
            do {
                let catalog = try CatalogLoader.load(text: text, file: "mutant.json")
                loaded += 1
                #expect(!catalog.storefronts.isEmpty, "seed \(seed): loaded without a storefront")
            } catch {
                rejected += 1
                #expect(!error.errors.isEmpty, "seed \(seed): rejected without an error")
                let problems = Self.problems(in: error.diagnostics, lineLengths: lineLengths)
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
