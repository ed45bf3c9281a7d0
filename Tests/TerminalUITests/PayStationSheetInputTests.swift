import StoreEngine
import Testing
@testable import TerminalUI

/// What each key means on Pay Station's page. The sheet only translates: the engine decides.
@Suite("Pay Station sheet: keys")
struct PayStationSheetInputTests {
    @Test(arguments: [
        (Key.escape, PayStationInput.close), (.enter, .submit), (.backspace, .deleteBackward), (.tab, .nextField),
        (.character("0"), .type("0")), (.character("4"), .type("4")), (.character("9"), .type("9")),
    ])
    func keysThePageTakes(key: Key, input: PayStationInput) {
        #expect(PayStationSheet.input(for: key) == input)
    }

    /// Letters do not type into a card form, `q` does not quit from inside Pay Station, and
    /// arrows and Ctrl keys are the app's, not the page's.
    @Test(arguments: [
        Key.character("q"), .character("a"), .character("?"), .character(" "), .character("٣"), .character("½"),
        .up, .down, .left, .right, .backTab, .interrupt, .suspend,
    ])
    func keysThePageIgnores(key: Key) {
        #expect(PayStationSheet.input(for: key) == nil)
    }
}
