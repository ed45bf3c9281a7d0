import Testing
@testable import Catalog

/// "Did you mean" costs the product of two lengths; hostile input (a million-character id or
/// key) must not buy a million-by-thirty edit distance per candidate. The bound is observed by
/// which candidates are compared at all, never by a clock.
@Suite("Spelling on hostile input")
struct SpellingBoundsTests {
    static let million = String(repeating: "x", count: 1_000_000)
    static let skus: Set<String> = ["com.example.gems_100", "com.example.gems_550", "com.example.pass.monthly"]

    @Test func aMillionCharacterWordIsComparedWithNothing() {
        #expect(Spelling.shortlist(for: Self.million, among: Self.skus) == [])
        #expect(Spelling.closest(to: Self.million, among: Self.skus) == nil)
    }

    @Test func aMillionCharacterCandidateIsNeverCompared() {
        // Lengths, not the strings: a failure must not print a million characters.
        #expect(Spelling.shortlist(for: "gems", among: [Self.million, "gem"]).map(\.count) == [3])
    }

    @Test func candidatesTooShortOrTooLongToBeWithinReachAreSkipped() {
        // "prics" (5) can be at most 2 edits from "prices" (6 / 3 = 2) but never from "id" or
        // "introductoryOffer": the length difference alone is more than either allows.
        let shortlist = Spelling.shortlist(for: "prics", among: ["prices", "id", "introductoryOffer"])
        #expect(shortlist == ["prices"])
        #expect(Spelling.closest(to: "prics", among: ["prices", "id", "introductoryOffer"]) == "prices")
    }

    @Test func aMillionCharacterUnknownProductIsReportedWithoutAGuess() throws {
        let paywall = #"[ { "id": "main", "placement": "store_open", "variants": [ { "id": "A", "products": ["\#(Self.million)"] } ] } ]"#
        let error = try #require(loadFailure(smallCatalog(paywalls: paywall)))
        #expect(error.diagnostics.map(\.path) == ["$.paywalls[0].variants[0].products[0]"])
        #expect(error.diagnostics.first?.message.hasSuffix("\"") == true, "no did-you-mean is offered")
    }
}
