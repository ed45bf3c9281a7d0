import Foundation
import TestFixtures
import Testing
@testable import Catalog

/// SplitMix64: a few lines, seeded, and the same on every machine and Swift version (unlike the
/// standard library's `random(in:using:)` helpers, whose algorithm may change), so a failing case
/// is replayed from its seed alone.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`; the modulo bias is irrelevant for choosing mutations.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}

/// Small damage done to a text, the kind editors, merges and truncated downloads do.
enum TextMutation: CaseIterable {
    case deleteCharacter
    case insertCharacter
    case swapNeighbours
    case duplicateLine
    case replaceValue
    case truncate

    var name: String {
        switch self {
        case .deleteCharacter: return "delete"
        case .insertCharacter: return "insert"
        case .swapNeighbours: return "swap"
        case .duplicateLine: return "duplicate line"
        case .replaceValue: return "replace value"
        case .truncate: return "truncate"
        }
    }

    /// Characters that matter to JSON and to the importer, plus some that should never matter.
    private static let insertable: [Unicode.Scalar] =
        Array("{}[]\":,.-+0123456789eEtrufalsnPDWMY_\\/ \n\t".unicodeScalars) + ["\u{0}", "\u{1F}", "\u{7F}", "é", "\u{FEFF}", "🎮"]

    /// Values of every JSON type, and strings that look almost right.
    private static let replacements = [
        #""""#, #""text""#, #""P1Q""#, #""P0M""#, #""4,99""#, #""-1.00""#, #""1e3""#, #""free""#, #""USA""#, #""usa""#,
        "0", "-3", "2.5", "1e400", "12345678901234567890", "true", "false", "null", "{}", "[]", "[null]",
        #"{ "a": [1, {}] }"#, #"["new", "everyone"]"#,
    ]

    func apply(to scalars: inout [Unicode.Scalar], using random: inout SplitMix64) {
        guard !scalars.isEmpty else { return }
        switch self {
        case .deleteCharacter:
            scalars.remove(at: random.below(scalars.count))
        case .insertCharacter:
            scalars.insert(random.pick(Self.insertable), at: random.below(scalars.count + 1))
        case .swapNeighbours:
            guard scalars.count > 1 else { return }
            let index = random.below(scalars.count - 1)
            scalars.swapAt(index, index + 1)
        case .duplicateLine:
            let lines = scalars.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
            let index = random.below(lines.count)
            var copy = lines
            copy.insert(lines[index], at: index)
            scalars = Array(copy.joined(separator: ["\n"]))
        case .replaceValue:
            let values = Self.valueRanges(in: scalars)
            guard !values.isEmpty else { return }
            scalars.replaceSubrange(random.pick(values), with: random.pick(Self.replacements).unicodeScalars)
        case .truncate:
            scalars.removeSubrange(random.below(scalars.count)...)
        }
    }

    /// Where the value of each object member is: after a `:` outside strings, up to the end of
    /// the string, the matching bracket, or the next delimiter. Sloppy on broken text, which is
    /// fine: a wrong range is one more mutation.
    static func valueRanges(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var inString = false
        var escaped = false
        for (index, scalar) in scalars.enumerated() {
            if inString {
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
                continue
            }
            if scalar == "\"" { inString = true }
            guard scalar == ":" else { continue }
            var start = index + 1
            while start < scalars.count, scalars[start] == " " || scalars[start] == "\n" { start += 1 }
            let end = valueEnd(in: scalars, from: start)
            if start < end { ranges.append(start..<end) }
        }
        return ranges
    }

    private static func valueEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        var depth = 0
        var inString = false
        var escaped = false
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if inString {
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" {
                    inString = false
                    if depth == 0 { return index }
                }
                continue
            }
            switch scalar {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]":
                if depth == 0 { return index - 1 }
                depth -= 1
                if depth == 0 { return index }
            case ",", " ", "\n":
                if depth == 0 { return index - 1 }
            default: break
            }
        }
        return index
    }
}

@Suite("StoreKit import under mutation")
struct StoreKitMutationTests {
    /// 10,000 in full (`make property-test`), 1,000 in `make test` (`PROPERTY_CASES`).
    static let cases = propertyCases(upTo: 10_000)

    /// A real file when the shared fixtures are there, else our own of the same shape.
    private func original(slice: Int) throws -> (name: String, text: String) {
        if StoreKitFixtures.available {
            return (StoreKitFixtures.paywallsTester, try StoreKitFixtures.text(StoreKitFixtures.paywallsTester))
        }
        return (StoreKitShapes.threeLanguages, try StoreKitShapes.text(StoreKitShapes.threeLanguages))
    }

    @Test func theValueFinderFindsMemberValues() {
        let text = #"{ "a" : "x:y", "b": [1, {"c": true}], "d":null }"#
        let scalars = Array(text.unicodeScalars)
        let values = TextMutation.valueRanges(in: scalars).map { String(String.UnicodeScalarView(scalars[$0])) }
        #expect(values == [#""x:y""#, #"[1, {"c": true}]"#, "true", "null"])
    }

    @Test func theGeneratorIsDeterministic() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        let a = (0..<5).map { _ in first.next() }
        #expect(a == (0..<5).map { _ in second.next() })
        #expect(Set(a).count == 5)
    }

    /// Ten slices of a tenth of the seeds each: Swift Testing runs the slices in parallel. No time
    /// limit: a busy machine makes them slower, never wrong.
    @Test(arguments: 0..<10)
    func tenThousandMutationsEachGiveACatalogOrErrorsNeverACrash(slice: Int) throws {
        let original = try original(slice: slice)
        let scalars = Array(original.text.unicodeScalars)
        #expect(throws: Never.self) { try StoreKitImporter.load(text: original.text, file: original.name) }
        let seeds = (0..<Self.cases / 10).map { 0x5703_E417 &+ UInt64(slice * Self.cases / 10 + $0) }
        var imported = 0
        var rejected = 0
        var kinds: [String: Int] = [:]
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            var mutant = scalars
            for _ in 0...random.below(3) {
                let mutation = random.pick(TextMutation.allCases)
                kinds[mutation.name, default: 0] += 1
                mutation.apply(to: &mutant, using: &random)
            }
            let text = String(String.UnicodeScalarView(mutant))
            do {
                let catalog = try StoreKitImporter.load(text: text, file: "mutant.storekit")
                imported += 1
                // Whatever imports must also survive catalog.json: the import command prints it.
                let encoded = CatalogEncoder.encode(catalog)
                do {
                    let reloaded = try CatalogLoader.load(text: encoded, file: "mutant.json")
                    var expected = catalog
                    expected.origin = .catalogJSON
                    #expect(reloaded == expected, "seed \(seed): the catalog changed through catalog.json")
                } catch {
                    Issue.record("seed \(seed): the import does not load as catalog.json:\n\(error.description)")
                }
            } catch {
                rejected += 1
                #expect(!error.errors.isEmpty, "seed \(seed): rejected without an error")
            }
            // The catalog loader gets the same text: a .storekit file is never a valid catalog.json.
            do {
                _ = try CatalogLoader.load(text: text, file: "mutant.json")
                Issue.record("seed \(seed): a StoreKit file loaded as catalog.json")
            } catch {
                #expect(!error.errors.isEmpty, "seed \(seed): the catalog loader rejected without an error")
            }
        }
        print("StoreKit mutations of \(original.name), slice \(slice): \(imported) imported, \(rejected) rejected; "
              + kinds.keys.sorted().map { "\($0) \(kinds[$0] ?? 0)" }.joined(separator: ", "))
        #expect(imported + rejected == seeds.count)
        // Both outcomes occur, or the mutations are too weak (or too strong) to test anything.
        #expect(imported > seeds.count / 20)
        #expect(rejected > seeds.count / 20)
    }
}
