@testable import Program
@testable import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// 10 KB pasted into Pay Station's card field: the terminal delivers it as one batch of keys,
/// the loop makes it one burst, the app one engine call, and the field takes what it holds
/// (19 digits) and ignores the rest. Counted, never timed.
@Suite("A paste into Pay Station")
struct PasteTests {
    static let paste = String(repeating: "4111 1111 1111 1111 ", count: 500)  // 10,000 characters

    @Test func aBatchOfCharactersIsOneBurstAndOtherKeysStayKeys() {
        let inputs: [TerminalInput] = Self.paste.map { .key(.character($0)) } + [.key(.enter), .key(.character("j")), .resize]
        let messages = AppLoop<HeadlessBackend>.messages(for: inputs, size: (width: 80, height: 24))
        #expect(messages == [.typed(Self.paste), .key(.enter), .key(.character("j")), .resize(width: 80, height: 24)])
        #expect(AppLoop<HeadlessBackend>.messages(for: [.key(.character("s"))], size: (width: 80, height: 24))
            == [.key(.character("s"))])
    }

    @Test func onPayStationABurstIsOneEngineCall() {
        var app = makeApp()
        app.receive(report(sheet: sheetShowing(payStationSession())))
        #expect(app.update(.typed(Self.paste)) == [.engine(.send(.payStation(.paste(Self.paste))))])
    }

    @Test func elsewhereEachCharacterIsItsKey() {
        var app = makeApp()
        let effects = app.update(.typed("sv"))
        var keyed = makeApp()
        let keyedEffects = keyed.update(.key(.character("s"))) + keyed.update(.key(.character("v")))
        #expect(effects == keyedEffects)
        #expect(app.paywall.storefront.id == keyed.paywall.storefront.id && app.paywall.storefront.id != "USA")
        #expect(app.paywall.variant == keyed.paywall.variant)
    }

    @Test func theCardFieldTakesWhatItHoldsAndIgnoresTheRest() throws {
        let harness = try HeadlessHarness(storefront: "USA", width: 80, height: 24)
        harness.program.send(.started)
        harness.select(product: SKU.gems100)
        harness.press(.enter)
        try #require(harness.page?.session.focusedField == .number, "no card form: \(harness.screen)")
        harness.program.send(.typed(Self.paste))
        let session = try #require(harness.page?.session)
        #expect(session.cardNumber == "4111111111111111411")
        #expect(session.cardNumber.count == PayStationSession.capacity.number)
        #expect(!session.savesCard, "the spaces of a pasted number are separators, not Space on the form")
        // The rest of the form still works as typed: the number is too long to pass its check.
        harness.press(.enter)
        #expect(harness.page?.session.problem != nil)
    }

    @Test func aSessionPasteStopsAtTheFieldsSize() {
        var session = payStationSession()
        session.paste(String(repeating: "9", count: 10_000))
        #expect(session.cardNumber.count == 19)
        session.paste("12345")
        #expect(session.cardNumber.count == 19, "a full field takes nothing more")
    }
}
