import Foundation
import Testing
@testable import Catalog

@Suite("Variant assignment")
struct VariantAssignmentTests {
    static let users = (0..<10_000).map { "player-\($0)" }

    static func paywall(_ weights: [(String, Int)], id: String = "main") -> Paywall {
        Paywall(id: id, placement: "store_open",
                variants: weights.map { PaywallVariant(id: $0.0, weight: $0.1, products: ["p"]) })
    }

    static func counts(_ paywall: Paywall, users: [String] = users) -> [String: Int] {
        var counts: [String: Int] = [:]
        for user in users {
            counts[paywall.assignedVariant(forUser: user)?.id ?? "none", default: 0] += 1
        }
        return counts
    }

    @Test func theHashIsFNV1a64() {
        // The published FNV-1a 64-bit test vectors.
        #expect(StableHash.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a64("foobar") == 0x8594_4171_f739_67e8)
        // What assignment hashes: user id, unit separator, paywall id.
        #expect(StableHash.fnv1a64("player-1\u{1F}main") == 0x1181_3eff_6815_5456)
    }

    /// Worked out outside Swift: FNV-1a of "<user>\u{1F}main" modulo 100, below 50 for A.
    static let pinned: [(String, String)] = [
        ("player-1", "A"), ("player-2", "A"), ("player-3", "A"), ("alice", "A"), ("bob", "A"),
        ("0b4c2f6e", "B"), ("🎮", "B"),
    ]

    @Test func assignmentsArePinnedAcrossProcessesAndMachines() throws {
        let fiftyFifty = Self.paywall([("A", 50), ("B", 50)])
        let main = try #require(loadDefaultCatalog().paywall(id: "main"))
        for (user, expected) in Self.pinned {
            #expect(fiftyFifty.assignedVariant(forUser: user)?.id == expected, "\(user)")
            #expect(main.assignedVariant(forUser: user)?.id == expected, "\(user) in the default catalog")
        }
    }

    @Test func theSameUserGetsTheSameVariantEveryTimeAndAfterAReload() throws {
        let text = try defaultCatalogText()
        let first = try #require(try CatalogLoader.load(text: text, file: "catalog.json").paywall(id: "main"))
        let reloaded = try #require(try CatalogLoader.load(text: text, file: "catalog.json").paywall(id: "main"))
        for user in Self.users.prefix(2_000) {
            let variant = try #require(first.assignedVariant(forUser: user))
            #expect(first.assignedVariant(forUser: user)?.id == variant.id)
            #expect(reloaded.assignedVariant(forUser: user)?.id == variant.id)
        }
    }

    @Test func theDefaultPaywallSplitsTenThousandUsersEvenly() throws {
        let main = try #require(loadDefaultCatalog().paywall(id: "main"))
        let weights = Dictionary(uniqueKeysWithValues: main.variants.map { ($0.id, $0.weight) })
        try #require(weights["A"] == 50 && weights["B"] == 50, "paywall main is no longer A 50 / B 50: \(weights)")
        let counts = Self.counts(main)
        #expect((4_700...5_300).contains(counts["A"] ?? 0), "\(counts)")
        #expect((4_700...5_300).contains(counts["B"] ?? 0), "\(counts)")
        #expect((counts["A"] ?? 0) + (counts["B"] ?? 0) == Self.users.count, "only A and B weigh anything: \(counts)")
    }

    @Test func aNinetyTenSplitIsWithinThreePoints() {
        let counts = Self.counts(Self.paywall([("big", 90), ("small", 10)], id: "sale"))
        #expect((8_700...9_300).contains(counts["big"] ?? 0), "\(counts)")
        #expect((700...1_300).contains(counts["small"] ?? 0), "\(counts)")
        #expect(counts.count == 2)
    }

    @Test func aVariantOfWeightZeroIsNeverAssignedAndMovesNobody() {
        let plain = Self.paywall([("big", 90), ("small", 10)], id: "sale")
        let padded = Self.paywall([("zero1", 0), ("big", 90), ("zero2", 0), ("small", 10), ("zero3", 0), ("negative", -5)], id: "sale")
        var moved = 0
        for user in Self.users {
            let id = padded.assignedVariant(forUser: user)?.id
            #expect(!(id?.hasPrefix("zero") ?? true) && id != "negative", "\(user) got \(id ?? "nothing")")
            if id != plain.assignedVariant(forUser: user)?.id { moved += 1 }
        }
        #expect(moved == 0)
    }

    @Test func theDefaultCatalogsZeroWeightVariantsAreNeverAssigned() throws {
        let main = try #require(loadDefaultCatalog().paywall(id: "main"))
        let zero = Set(main.variants.filter { $0.weight == 0 }.map(\.id))
        let counts = Self.counts(main)
        #expect(zero.allSatisfy { counts[$0] == nil }, "\(counts)")
    }

    @Test func thePaywallIdTakesPartInTheHash() {
        let main = Self.paywall([("A", 50), ("B", 50)], id: "main")
        let other = Self.paywall([("A", 50), ("B", 50)], id: "other")
        let same = Self.users.filter { main.assignedVariant(forUser: $0)?.id == other.assignedVariant(forUser: $0)?.id }.count
        // Independent halves agree about half the time; the same hash would agree always.
        #expect((4_500...5_500).contains(same), "\(same)")
    }

    @Test func withoutAnyWeightTheFirstVariantIsShownAndWithoutVariantsNone() {
        let unweighted = Self.paywall([("first", 0), ("second", 0)])
        #expect(Self.counts(unweighted, users: Array(Self.users.prefix(100))) == ["first": 100])
        #expect(Self.paywall([]).assignedVariant(forUser: "player-1") == nil)
    }

    @Test func theVariationIdNamesThePaywallAndTheVariant() throws {
        let main = try #require(loadDefaultCatalog().paywall(id: "main"))
        let a = try #require(main.variants.first { $0.id == "A" })
        let b = try #require(main.variants.first { $0.id == "B" })
        #expect(a.variationId(in: main) == "main.A")
        #expect(b.variationId(in: main) == "main.B")
    }
}
