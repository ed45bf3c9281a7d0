import StoreEngine
import TestFixtures
import Testing
@testable import TerminalUI

/// What each key means on Pay Station's page. The sheet only translates: the engine decides.
@Suite("Pay Station sheet: keys")
struct PayStationSheetInputTests {
    @Test(arguments: [
        (Key.escape, PayStationInput.close), (.enter, .submit), (.backspace, .deleteBackward), (.tab, .nextField),
        (.character("0"), .type("0")), (.character("4"), .type("4")), (.character("9"), .type("9")),
        (.character(" "), .toggleSavingCard),
    ])
    func keysThePageTakes(key: Key, input: PayStationInput) {
        #expect(PayStationSheet.input(for: key) == input)
    }

    /// Letters do not type into a card form, `q` does not quit from inside Pay Station, and
    /// left, right and Ctrl keys are the app's, not the page's. (Space ticks "save card".)
    @Test(arguments: [
        Key.character("q"), .character("a"), .character("?"), .character("٣"), .character("½"),
        .left, .right, .interrupt, .suspend,
    ])
    func keysThePageIgnores(key: Key) {
        #expect(PayStationSheet.input(for: key) == nil)
    }

    /// Up and Shift-Tab go back a field, Down and Tab on: the card form is never one-way.
    @Test func upAndDownMoveBetweenFields() {
        #expect(PayStationSheet.input(for: .up) == .previousField)
        #expect(PayStationSheet.input(for: .backTab) == .previousField)
        #expect(PayStationSheet.input(for: .down) == .nextField)
        #expect(PayStationSheet.input(for: .tab) == .nextField)
    }
}
