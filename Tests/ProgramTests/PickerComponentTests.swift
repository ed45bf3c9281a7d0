import Foundation
@testable import Program
import StoreEngine
import TerminalUI
import Testing

/// Issue 35 item 5: the `:` picker is a component of its own; a key in, the line and what it
/// hands the app out.
@Suite("The picker's own update")
struct PickerComponentTests {
    private let vocabulary = PickerVocabulary([
        PickerVocabulary.Picker("storefront", values: ["USA", "DEU"]),
        PickerVocabulary.Picker("theme", values: ["dark", "light"]),
    ])

    private func typed(_ text: String) -> Picker {
        var picker = Picker()
        _ = picker.update(.open)
        for character in text { _ = picker.update(.key(.character(character), vocabulary: vocabulary)) }
        return picker
    }

    @Test func enterHandsTheAppTheJumpTheLineNamesAndCloses() {
        var picker = typed("theme light")
        #expect(picker.update(.key(.enter, vocabulary: vocabulary)) == .send(.jump(.theme(name: "light"))))
        #expect(picker.prompt == nil)
    }

    @Test func aLineThatNamesNothingSaysWhy() {
        var picker = typed("storefront XYZ")
        guard case .say(let notice)? = picker.update(.key(.enter, vocabulary: vocabulary)) else {
            Issue.record("no reason given")
            return
        }
        #expect(notice.tone == .error)
        #expect(picker.prompt == nil)
    }

    @Test func tabCompletesAndBackspaceOnAnEmptyLineCloses() {
        var picker = typed("sto")
        #expect(picker.update(.key(.tab, vocabulary: vocabulary)) == nil)
        #expect(picker.prompt?.text == "storefront ")
        picker = typed("")
        #expect(picker.update(.key(.backspace, vocabulary: vocabulary)) == nil)
        #expect(picker.prompt == nil)
    }
}
