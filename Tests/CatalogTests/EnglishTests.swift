import Testing
@testable import Catalog

/// The small pieces of English every message is made of: counts, their pronoun, spans of time.
@Suite("English")
struct EnglishTests {
    @Test func aCountAgreesWithItsNoun() {
        #expect(English.count(0, "error") == "0 errors")
        #expect(English.count(1, "error") == "1 error")
        #expect(English.count(2, "try", plural: "tries") == "2 tries")
        #expect(English.count(1, "problem", one: "a") == "a problem")
        #expect(English.count(3, "problem", one: "a") == "3 problems")
        #expect(English.pronoun(forCount: 1) == "it")
        #expect(English.pronoun(forCount: 2) == "them")
    }

    /// The same steps for every caller; only how exactly one day reads is each caller's.
    @Test(arguments: [
        (0.0, "0 s"), (59.9, "59 s"), (60, "1 min"), (3599, "59 min"), (3600, "1 h"), (86_399, "23 h"),
        (86_400, "1 day"), (172_799, "1 day"), (172_800, "2 days"), (30 * 86_400, "30 days"),
        (.infinity, "\(Int.max) days"), (.nan, "0 s"),
    ])
    func aSpanReadsInItsLargestWholeUnit(seconds: Double, words: String) {
        #expect(English.duration(seconds) == words)
    }

    @Test func oneDayReadsAsTheCallerSays() {
        #expect(English.duration(86_400, oneDay: "a day") == "a day")
        #expect(English.duration(2 * 86_400, oneDay: "a day") == "2 days")
    }
}
