import Testing
@testable import TerminalUI

/// The App Store sheet's own words: in every language a store's sheet speaks (Google Play's,
/// `PlaySheetText`), English for any other, and each fits the sheet's 60 columns.
@Suite("The App Store sheet's words")
struct AppStoreSheetTextTests {
    @Test func everyLanguageOfTheStoresSheetsAndEnglishForAnyOther() {
        #expect(Set(AppStoreSheetText.builtIn.keys) == Set(PlaySheetText.builtIn.keys))
        for (language, words) in AppStoreSheetText.builtIn {
            #expect(Set(words.keys) == Set(AppStoreSheetText.Key.allCases), "\(language)")
        }
        #expect(AppStoreSheetText(language: "sv")[.familySharing] == AppStoreSheetText(language: "en")[.familySharing])
        #expect(AppStoreSheetText(language: "es")[.familySharing] == "En familia: se puede compartir con tu familia")
    }

    @Test func eachLineFitsTheSheet() {
        for (language, words) in AppStoreSheetText.builtIn {
            for (key, text) in words { #expect(DisplayWidth.of(text) <= 60, "\(language) \(key): \(text)") }
        }
    }
}
