import Testing
@testable import StoreEngine

// The card form as a pure state machine. Its mutators are internal (the engine owns every
// session), so these tests reach them through @testable; the engine-level tests drive the same
// form through `Store.send`.

@Suite("Pay Station card form")
struct PayStationSessionTests {
    @Test func onlyASCIIDigitsReachTheCardNumber() {
        var session = PayStationSession.sample()
        session.typeText("4a1 1-1/x1١１")
        #expect(session.cardNumber == "41111")
        #expect(session.focus == .number)
        #expect(session.problem == nil)
    }

    @Test func backspaceDeletesTheLastDigitOfTheFocusedField() {
        var session = PayStationSession.sample()
        session.typeText("4111")
        session.deleteBackward()
        #expect(session.cardNumber == "411")
        session.deleteBackward()
        session.deleteBackward()
        session.deleteBackward()
        session.deleteBackward()
        #expect(session.cardNumber == "")

        session.typeText(Cards.success)
        session.submit()
        session.typeText("124")
        session.deleteBackward()
        #expect(session.expiry == "12")
        #expect(session.cardNumber == Cards.success)
    }

    @Test func fieldsStopAtTheirLongestLength() {
        var session = PayStationSession.sample()
        session.typeText("12345678901234567890123")
        #expect(session.cardNumber == "1234567890123456789")
        session.focus(on: .expiry)
        session.typeText("124055")
        #expect(session.expiry == "1240")
        session.focus(on: .cvv)
        session.typeText("123456")
        #expect(session.cvv == "1234")
    }

    @Test func enterMovesFromNumberToExpiryToCVVThenPays() {
        var session = PayStationSession.sample()
        #expect(session.focus == .number)
        session.typeText(Cards.success)
        session.submit()
        #expect(session.focus == .expiry)
        #expect(session.phase == .cardForm)
        session.typeText("12/40")
        session.submit()
        #expect(session.focus == .cvv)
        #expect(session.phase == .cardForm)
        session.typeText("123")
        #expect(session.value(of: .number) == Cards.success)
        #expect(session.value(of: .expiry) == "1240")
        #expect(session.value(of: .cvv) == "123")
        session.submit()
        #expect(session.phase == .done)
        #expect(session.problem == nil)
    }

    struct FieldCase: Sendable, CustomTestStringConvertible {
        var field: PayStationSession.Field
        var number: String
        var expiry: String
        var cvv: String
        var testDescription: String { "\(field): \(value)" }

        var value: String {
            switch field {
            case .number: return number
            case .expiry: return expiry
            case .cvv: return cvv
            }
        }
    }

    @Test(arguments: [
        FieldCase(field: .number, number: "4111", expiry: "", cvv: ""),
        FieldCase(field: .number, number: "", expiry: "", cvv: ""),
        FieldCase(field: .number, number: "4111111111111112", expiry: "", cvv: ""),
        FieldCase(field: .expiry, number: Cards.success, expiry: "1340", cvv: ""),
        FieldCase(field: .expiry, number: Cards.success, expiry: "0040", cvv: ""),
        FieldCase(field: .expiry, number: Cards.success, expiry: "124", cvv: ""),
        FieldCase(field: .cvv, number: Cards.success, expiry: "1240", cvv: "12"),
    ])
    func aBadFieldSetsAProblemAndKeepsFocus(_ bad: FieldCase) {
        var session = PayStationSession.sample()
        session.typeText(bad.number)
        if bad.field != .number {
            session.submit()
            session.typeText(bad.expiry)
        }
        if bad.field == .cvv {
            session.submit()
            session.typeText(bad.cvv)
        }
        #expect(session.focus == bad.field)
        session.submit()
        #expect(session.problem != nil)
        #expect(session.focus == bad.field)
        #expect(session.phase == .cardForm)
        #expect(session.value(of: bad.field) == bad.value)

        // Typing clears the problem, as the form's hint goes away once the player corrects it.
        session.type("1")
        #expect(session.problem == nil)
    }

    @Test func focusCanMoveToAnyFieldOnTheForm() {
        var session = PayStationSession.sample()
        session.focus(on: .cvv)
        #expect(session.focus == .cvv)
        session.typeText("123")
        session.focus(on: .number)
        session.typeText("4111")
        #expect(session.cvv == "123")
        #expect(session.cardNumber == "4111")
    }

    @Test func payingChecksTheFieldsThatWereSkipped() {
        // An empty card number skipped with Tab must not pay.
        var session = PayStationSession.sample()
        session.focus(on: .cvv)
        session.typeText("123")
        session.submit()
        #expect(session.phase == .cardForm)
        #expect(session.focus == .number)
        #expect(session.problem != nil)

        // A bad expiry skipped the same way is caught too, once the number is fine.
        session.typeText(Cards.success)
        session.focus(on: .cvv)
        session.submit()
        #expect(session.phase == .cardForm)
        #expect(session.focus == .expiry)
        #expect(session.problem != nil)

        session.typeText("1240")
        session.submit()
        session.submit()
        #expect(session.phase == .done)
    }

    @Test func theSuccessCardPays() {
        var session = PayStationSession.sample()
        session.pay(card: "4111 1111 1111 1111", expiry: "12/40", cvv: "123")
        #expect(session.phase == .done)
        #expect(session.phase.isFinal)
    }

    @Test func theThreeDSecureCardAsksForACodeBeforePaying() {
        var session = PayStationSession.sample()
        session.pay(card: Cards.threeDSecure)
        #expect(session.phase == .threeDSecure)
        #expect(!session.phase.isFinal)

        session.typeText("12")
        session.submit()
        #expect(session.phase == .threeDSecure)
        #expect(session.problem != nil)

        session.typeText("3x4")
        #expect(session.secureCode == "1234")
        #expect(session.cvv == "123")
        session.submit()
        #expect(session.phase == .done)
        #expect(session.problem == nil)
    }

    @Test func theDeclinedCardIsDeclined() {
        var session = PayStationSession.sample()
        session.pay(card: Cards.declined)
        guard case .declined(let reason) = session.phase else {
            Issue.record("expected declined, got \(session.phase)")
            return
        }
        #expect(reason.contains("1178"))
        #expect(session.phase.isFinal)
    }

    @Test func anyOtherValidCardSucceedsAsInTheSandbox() {
        var session = PayStationSession.sample()
        session.pay(card: "5555555555554444")
        #expect(session.phase == .done)
    }

    @Test func closingBeforePayingCancels() {
        var onForm = PayStationSession.sample()
        onForm.typeText("4111")
        onForm.close()
        #expect(onForm.phase == .cancelled)

        var onThreeDSecure = PayStationSession.sample()
        onThreeDSecure.pay(card: Cards.threeDSecure)
        #expect(onThreeDSecure.phase == .threeDSecure)
        onThreeDSecure.close()
        #expect(onThreeDSecure.phase == .cancelled)
    }

    @Test func closingAfterAFinalPhaseKeepsIt() {
        var paid = PayStationSession.sample()
        paid.pay(card: Cards.success)
        paid.close()
        #expect(paid.phase == .done)

        var declined = PayStationSession.sample()
        declined.pay(card: Cards.declined)
        declined.close()
        #expect(declined.phase != .cancelled)
        #expect(declined.phase.isFinal)
    }

    @Test func aFinalSessionIgnoresKeys() {
        var session = PayStationSession.sample()
        session.pay(card: Cards.success)
        let before = session
        session.typeText("99")
        session.deleteBackward()
        session.submit()
        session.focus(on: .number)
        #expect(session == before)
    }

    @Test func theURLCarriesTheTokenOnTheSandboxHost() {
        let sandbox = PayStationSession.sample(sandbox: true, token: "AbC123xyz")
        #expect(sandbox.url.contains("token=AbC123xyz"))
        #expect(sandbox.url.hasPrefix("https://sandbox-secure.xsolla.com/"))

        let live = PayStationSession.sample(sandbox: false, token: "AbC123xyz")
        #expect(live.url.contains("token=AbC123xyz"))
        #expect(live.url.hasPrefix("https://secure.xsolla.com/"))
        #expect(!live.url.contains("sandbox"))
    }
}
