import Foundation
import Testing
@testable import StoreEngine

// The phases Pay Station gained around its card form, as a pure state machine: the saved card
// offered first, a page still loading after a cold start, "save card", a payment Pay Station is
// still processing (`delivering`), and what closing says about the invoice. The engine-level
// tests (PayStationFullTests.swift) drive the same session through `Store`.

@Suite("Pay Station session: saved card, loading, delivering and closing")
struct PayStationSessionPhasesTests {
    /// A MasterCard test number that passes the Luhn check and is none of the sandbox's cards, so
    /// paying with it succeeds as any other valid card does.
    static let otherCard = "5555555555554444"

    static func session(savedCard: String? = nil, isLoaded: Bool = true) -> PayStationSession {
        PayStationSession(transactionId: "txn-000001", invoiceId: "100000001", token: "TOKEN123",
                          productId: SKU.gems100, productName: "Pouch of Gems", formattedPrice: "$0.99",
                          opensExternalBrowser: true, sandbox: true, today: TestClock.start,
                          savedCard: savedCard, isLoaded: isLoaded)
    }

    // MARK: A saved card

    @Test func withoutASavedCardThePageOpensOnTheCardForm() {
        let session = Self.session()
        #expect(session.savedCard == nil)
        #expect(session.phase == .cardForm)
        #expect(session.focusedField == .number)
        #expect(session.isLoaded)
    }

    @Test func aSavedCardOpensOnThePaymentMethodWithTheSavedCardChosen() {
        let session = Self.session(savedCard: Self.otherCard)
        #expect(session.savedCard == Self.otherCard)
        #expect(session.phase == .paymentMethod)
        #expect(session.method == .savedCard)
        #expect(!session.phase.isFinal)
        // No card field is being typed into while the method is chosen.
        #expect(session.focusedField == nil)
        #expect(session.cardNumber == "")
    }

    @Test func tabAndShiftTabToggleTheMethod() {
        var session = Self.session(savedCard: Cards.success)
        session.focusNextField()
        #expect(session.method == .newCard)
        session.focusNextField()
        #expect(session.method == .savedCard)
        session.focusPreviousField()
        #expect(session.method == .newCard)
        session.focusPreviousField()
        #expect(session.method == .savedCard)
        // Choosing a method moves nothing else.
        #expect(session.phase == .paymentMethod)
        #expect(session.focus == .number)
        #expect(session.problem == nil)
    }

    @Test func typingOnThePaymentMethodFillsNoField() {
        var session = Self.session(savedCard: Cards.success)
        session.typeText("4111")
        session.deleteBackward()
        #expect(session.cardNumber == "")
        #expect(session.secureCode == "")
        #expect(session.phase == .paymentMethod)
        #expect(session.method == .savedCard)
    }

    struct SavedCardCase: Sendable, CustomTestStringConvertible {
        var card: String
        var phase: PayStationSession.Phase
        var testDescription: String { "\(card) → \(phase)" }
    }

    @Test(arguments: [
        SavedCardCase(card: Cards.success, phase: .done),
        SavedCardCase(card: otherCard, phase: .done),
        SavedCardCase(card: Cards.threeDSecure, phase: .threeDSecure),
        SavedCardCase(card: Cards.delivering, phase: .delivering),
    ])
    func enterOnTheSavedCardPaysWithIt(_ saved: SavedCardCase) {
        var session = Self.session(savedCard: saved.card)
        session.submit()
        #expect(session.phase == saved.phase)
        #expect(session.cardNumber == saved.card)
        #expect(session.problem == nil)
    }

    @Test func theSavedDeclinedCardIsDeclinedNamingIt() {
        var session = Self.session(savedCard: Cards.declined)
        session.submit()
        guard case .declined(let reason) = session.phase else {
            Issue.record("expected a decline, got \(session.phase)")
            return
        }
        #expect(reason.contains("1178"))
    }

    @Test func aSavedThreeDSecureCardStillAsksForTheCode() {
        var session = Self.session(savedCard: Cards.threeDSecure)
        session.submit()
        #expect(session.phase == .threeDSecure)
        session.typeText(TestCard.threeDSecureCode)
        session.submit()
        #expect(session.phase == .done)
    }

    @Test func enterOnANewCardOpensTheEmptyCardForm() {
        var session = Self.session(savedCard: Cards.success)
        session.focusNextField()
        #expect(session.method == .newCard)
        session.submit()
        #expect(session.phase == .cardForm)
        #expect(session.focusedField == .number)
        #expect(session.cardNumber == "")

        // The form pays with the card typed, not with the saved one.
        session.pay(card: Cards.declined)
        guard case .declined = session.phase else {
            Issue.record("expected the typed card to be declined, got \(session.phase)")
            return
        }
        #expect(session.cardNumber == Cards.declined)
    }

    @Test func onTheCardFormTabMovesTheFieldsNotTheMethod() {
        var session = Self.session(savedCard: Cards.success)
        session.focusNextField()
        session.submit()
        #expect(session.method == .newCard)
        session.focusNextField()
        #expect(session.focus == .expiry)
        #expect(session.method == .newCard)
        #expect(session.phase == .cardForm)
    }

    // MARK: Loading after a cold start

    @Test func aLoadingPageTakesNoInput() {
        var session = Self.session(isLoaded: false)
        let before = session
        session.type("4")
        #expect(session.cardNumber == "")
        session.deleteBackward()
        session.submit()
        #expect(session.problem == nil, "Enter on an empty number would say what is wrong")
        session.focusNextField()
        #expect(session.focus == .number)
        session.focusPreviousField()
        #expect(session.focus == .number)
        session.toggleSavingCard()
        #expect(!session.isLoaded)
        #expect(session.cardNumber == "")
        #expect(session.focus == .number)
        #expect(!session.savesCard)
        // Backspace has nothing to delete on an empty form: the whole session is unchanged.
        #expect(session == before)
    }

    @Test func aLoadingPageWithASavedCardNeitherPaysNorTogglesTheMethod() {
        var session = Self.session(savedCard: Cards.success, isLoaded: false)
        let before = session
        session.focusNextField()
        #expect(session.method == .savedCard)
        session.focusPreviousField()
        #expect(session.method == .savedCard)
        session.submit()
        #expect(session.phase == .paymentMethod)
        #expect(session.cardNumber == "")
        #expect(session == before)
    }

    @Test(arguments: [nil, Cards.success])
    func escStillClosesALoadingPage(_ savedCard: String?) {
        var session = Self.session(savedCard: savedCard, isLoaded: false)
        session.close()
        #expect(session.phase == .cancelled)
        #expect(!session.closedDuringPayment)
    }

    @Test func onceLoadedThePageTakesInput() {
        var session = Self.session(isLoaded: false)
        session.finishLoading()
        #expect(session.isLoaded)
        session.toggleSavingCard()
        #expect(session.savesCard)
        session.typeText(Cards.success)
        #expect(session.cardNumber == Cards.success)
        session.focusNextField()
        #expect(session.focus == .expiry)
        session.focusPreviousField()
        session.submit()
        #expect(session.focus == .expiry)
    }

    @Test func onceLoadedASavedCardPays() {
        var session = Self.session(savedCard: Cards.success, isLoaded: false)
        session.finishLoading()
        session.submit()
        #expect(session.phase == .done)
    }

    @Test func finishingLoadingTwiceChangesNothingMore() {
        var session = Self.session(isLoaded: false)
        session.finishLoading()
        session.typeText("41")
        let loaded = session
        session.finishLoading()
        #expect(session == loaded)
    }

    // MARK: Save card

    @Test func spaceTicksAndClearsSaveCardOnTheCardForm() {
        var session = Self.session()
        #expect(!session.savesCard)
        session.toggleSavingCard()
        #expect(session.savesCard)
        session.toggleSavingCard()
        #expect(!session.savesCard)
        session.toggleSavingCard()
        // Ticked, it stays ticked through the payment: the engine saves the card once paid.
        session.pay(card: Self.otherCard)
        #expect(session.phase == .done)
        #expect(session.savesCard)
        #expect(session.cardNumber == Self.otherCard)
    }

    @Test func saveCardIsNotOfferedOnThePaymentMethod() {
        var session = Self.session(savedCard: Cards.success)
        session.toggleSavingCard()
        #expect(!session.savesCard)
        session.focusNextField()
        session.toggleSavingCard()
        #expect(!session.savesCard)
    }

    @Test func saveCardDoesNotChangeOnThreeDSecure() {
        var session = Self.session()
        session.pay(card: Cards.threeDSecure)
        #expect(session.phase == .threeDSecure)
        session.toggleSavingCard()
        #expect(!session.savesCard)

        var ticked = Self.session()
        ticked.toggleSavingCard()
        ticked.pay(card: Cards.threeDSecure)
        ticked.toggleSavingCard()
        #expect(ticked.savesCard)
    }

    @Test(arguments: [Cards.success, Cards.declined, Cards.delivering])
    func saveCardDoesNotChangeOnceFinal(_ card: String) {
        var session = Self.session()
        session.pay(card: card)
        #expect(session.phase.isFinal)
        session.toggleSavingCard()
        #expect(!session.savesCard)
    }

    // MARK: Delivering

    @Test func theDeliveringCardIsPaidAndStillProcessing() {
        var session = Self.session()
        session.pay(card: Cards.delivering)
        #expect(session.phase == .delivering)
        // The player's part is over: paid, even while Pay Station still processes it.
        #expect(session.phase.isFinal)
        #expect(session.problem == nil)

        // Keys do nothing while it processes, and Esc does not cancel a payment made.
        session.typeText("1")
        session.submit()
        session.close()
        #expect(session.phase == .delivering)
        #expect(!session.closedDuringPayment)

        session.finishDelivering()
        #expect(session.phase == .done)
        #expect(session.phase.isFinal)
    }

    @Test func finishingDeliveringChangesNoOtherPhase() {
        var form = Self.session()
        form.finishDelivering()
        #expect(form.phase == .cardForm)

        var method = Self.session(savedCard: Cards.success)
        method.finishDelivering()
        #expect(method.phase == .paymentMethod)

        var secure = Self.session()
        secure.pay(card: Cards.threeDSecure)
        secure.finishDelivering()
        #expect(secure.phase == .threeDSecure)

        var declined = Self.session()
        declined.pay(card: Cards.declined)
        let before = declined.phase
        declined.finishDelivering()
        #expect(declined.phase == before)

        var cancelled = Self.session()
        cancelled.close()
        cancelled.finishDelivering()
        #expect(cancelled.phase == .cancelled)
    }

    @Test func whichPhasesAreFinal() {
        #expect(!PayStationSession.Phase.paymentMethod.isFinal)
        #expect(!PayStationSession.Phase.cardForm.isFinal)
        #expect(!PayStationSession.Phase.threeDSecure.isFinal)
        #expect(PayStationSession.Phase.delivering.isFinal)
        #expect(PayStationSession.Phase.done.isFinal)
        #expect(PayStationSession.Phase.declined(reason: "no").isFinal)
        #expect(PayStationSession.Phase.cancelled.isFinal)
    }

    // MARK: Closing

    @Test func closingOnThreeDSecureLeavesAnUnpaidInvoice() {
        var session = Self.session()
        session.pay(card: Cards.threeDSecure)
        session.typeText("12")
        session.close()
        #expect(session.phase == .cancelled)
        #expect(session.closedDuringPayment)
    }

    @Test func closingOnTheCardFormIsClosingBeforePaying() {
        var session = Self.session()
        session.typeText(Cards.success)
        session.submit()
        session.close()
        #expect(session.phase == .cancelled)
        #expect(!session.closedDuringPayment)
    }

    @Test func closingOnThePaymentMethodIsClosingBeforePaying() {
        var session = Self.session(savedCard: Cards.success)
        session.close()
        #expect(session.phase == .cancelled)
        #expect(!session.closedDuringPayment)
    }

    @Test func closingAfterAWrongCodeIsStillDuringPayment() {
        var session = Self.session()
        session.pay(card: Cards.threeDSecure)
        session.typeText("9999")
        session.submit()
        #expect(session.wrongCodes == 1)
        session.close()
        #expect(session.closedDuringPayment)
    }

    /// A click on a field of a page still loading moves nothing: the form is not drawn yet.
    @Test func aClickOnAFieldWhileLoadingDoesNothing() {
        var session = Self.session(isLoaded: false)
        session.focus(on: .cvv)
        #expect(session.focus == .number)
        session.finishLoading()
        session.focus(on: .cvv)
        #expect(session.focus == .cvv)
    }
}
