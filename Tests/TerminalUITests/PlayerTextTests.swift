@testable import Catalog
import TestFixtures
import Testing

/// Issue 7 item 5: the paywall's fixed words are built in for en, de, fr, es, pt, ja, ko and ar;
/// a variant's strings override them only in their own language; an unwritten call to action
/// is the built-in word. Read through `builtIn` (testable) so that a missing word is seen as
/// missing rather than filled in from English by the subscript.
@Suite("Player text: built-in words")
struct PlayerTextTests {
    static let languages = ["en", "de", "fr", "es", "pt", "ja", "ko", "ar"]

    @Test func everyLanguageIsBuiltIn() {
        #expect(Set(PlayerText.languages).isSuperset(of: Self.languages))
    }

    @Test("Every key has a word", arguments: languages)
    func everyKey(language: String) throws {
        let words = try #require(PlayerText.builtIn[language])
        for key in PlayerText.Key.allCases {
            let word = words[key]
            #expect(word != nil, "\(language) has no \(key)")
            #expect(word?.trimmingCharacters(in: .whitespaces).isEmpty == false, "\(language).\(key) is blank")
        }
    }

    /// A word equal to the English one is a word nobody translated, unless the languages
    /// really share it; no such word exists among these keys today, so the list is empty.
    @Test("No word is left in English", arguments: languages.filter { $0 != "en" })
    func translated(language: String) throws {
        let english = try #require(PlayerText.builtIn["en"])
        let words = try #require(PlayerText.builtIn[language])
        let sharedWithEnglish: Set<PlayerText.Key> = []
        for key in PlayerText.Key.allCases where !sharedWithEnglish.contains(key) {
            #expect(words[key] != english[key], "\(language).\(key) is the English \"\(english[key] ?? "")\"")
        }
    }

    /// "More for your game" was a game-specific phrase built in; the shop's heading is generic.
    @Test("The shop heading is not about a game", arguments: languages)
    func shopTitleIsGeneric(language: String) {
        let title = PlayerText(language: language)[.shopTitle].lowercased()
        for game in ["game", "spiel", "jeu", "juego", "jogo", "ゲーム", "게임", "لعبة", "لعب"] {
            #expect(!title.contains(game), "\(language): \"\(title)\"")
        }
        #expect(PlayerText(language: "en")[.shopTitle] == "More in the store")
    }

    @Test func knownWords() {
        #expect(PlayerText(language: "de")[.owned] == "Gekauft")
        #expect(PlayerText(language: "de")[.currentPlan] == "Aktuelles Abo")
        #expect(PlayerText(language: "ko")[.cta] == "계속")
        #expect(PlayerText(language: "en")[.cta] == "Continue")
    }

    /// A language without built-in words reads English, never a key's name.
    @Test func anotherLanguageReadsEnglish() {
        for key in PlayerText.Key.allCases {
            #expect(PlayerText(language: "sv")[key] == PlayerText(language: "en")[key])
        }
    }

    @Test func overridesReplaceOnlyTheirWords() {
        let text = PlayerText(language: "ko", overrides: [.restore: "복원하기"])
        #expect(text[.restore] == "복원하기")
        #expect(text[.terms] == "이용약관")
    }
}
