@testable import StoreEngine
import Program
import TerminalUI
import TestFixtures
import Testing

/// With Pay Station on screen every key goes to the page, as input for the engine: the app
/// never types into the session itself, and letters (even `q`) do nothing.
@Suite("Pay Station sheet: keys become engine input")
struct PayStationKeyTests {
    private func appWithSheet() -> App {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(payStationSession())))
        return app
    }

    @Test(arguments: [
        (Key.character("4"), PayStationInput.type("4")), (.character("0"), .type("0")), (.enter, .submit),
        (.backspace, .deleteBackward), (.tab, .nextField), (.escape, .close),
    ])
    func aKeyIsSentToTheEngine(key: Key, input: PayStationInput) {
        var app = appWithSheet()
        #expect(app.update(.key(key)) == [.engine(.send(.payStation(input)))])
    }

    @Test(arguments: [Key.character("q"), .character("s"), .character("?"), .character("r"), .left, .right])
    func otherKeysDoNothing(key: Key) {
        var app = appWithSheet()
        let before = app.text
        #expect(app.update(.key(key)).isEmpty)
        #expect(!app.isQuitting)  // letters do not type, and do not quit inside the sheet
        #expect(!app.showsHelp)
        #expect(app.paywall.storefront.id == "USA")
        #expect(app.text == before)
    }

    /// Typing a whole card is a stream of inputs; what the page shows waits for the engine.
    @Test func typingACardSendsEachDigitAndShowsNothingUntilTheEngineAnswers() {
        var app = appWithSheet()
        var sent: [Effect] = []
        for digit in Cards.success { sent += app.update(.key(.character(digit))) }
        #expect(sent == Cards.success.map { .engine(.send(.payStation(.type($0)))) })
        #expect(!app.text.contains("4111 1111 1111 1111 ▏"))
        #expect(app.sheet == sheetShowing(payStationSession()))
    }

    @Test func ctrlCQuitsEvenFromTheSheet() {
        var app = appWithSheet()
        #expect(app.update(.key(.interrupt)) == [.engine(.close)])
        #expect(app.isQuitting)
    }
}
