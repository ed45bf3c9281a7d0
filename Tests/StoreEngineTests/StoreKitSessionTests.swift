import Foundation
import Testing
@testable import StoreEngine

/// The App Store sheet as a pure state machine: keys in, an outcome out once the player (or QA)
/// has decided. Nothing here touches a ledger.
@Suite("StoreKit: the App Store sheet's state machine")
struct StoreKitSessionTests {
    typealias Button = StoreKitSession.Button

    private static func session() -> StoreKitSession {
        StoreKitSession(transactionId: "txn-000001", productId: SKU.gems100, productName: "Pouch of Gems",
                        formattedPrice: "¥160", offerLine: nil, account: "player-1@sandbox.test", sandbox: true,
                        language: "ja")
    }

    /// The buttons in the order Tab walks them, spelled out here so a change of order is noticed.
    private static let order: [Button] = [.buy, .cancel, .fail, .askToBuy, .interrupt, .tamper]

    @Test func itOpensOnBuyWithNoErrorChosen() {
        let sheet = Self.session()
        #expect(sheet.focus == .buy)
        #expect(sheet.chosenFailure == nil)
        #expect(Button.allCases == Self.order)
    }

    @Test(arguments: [StoreKitInput.next, .previous])
    func walkingTheButtonsWrapsAroundAllSix(_ input: StoreKitInput) {
        var sheet = Self.session()
        var seen: [Button] = []
        for _ in Self.order.indices {
            #expect(sheet.take(input) == nil, "moving the focus decides nothing")
            seen.append(sheet.focus)
        }
        let expected = input == .next
            ? Array(Self.order.dropFirst()) + [.buy]
            : Array(Self.order.reversed())
        #expect(seen == expected)
        #expect(sheet.focus == .buy, "six steps come back to Buy")
        #expect(sheet.chosenFailure == nil)
    }

    @Test func previousFromBuyIsTamperAndNextFromTamperIsBuy() {
        var sheet = Self.session()
        _ = sheet.take(.previous)
        #expect(sheet.focus == .tamper)
        _ = sheet.take(.next)
        #expect(sheet.focus == .buy)
    }

    /// Enter presses whichever button has the focus.
    @Test(arguments: [
        (0, StoreKitOutcome.buy), (1, .cancel), (3, .askToBuy), (4, .interrupt), (5, .tamper),
    ])
    func enterPressesTheFocusedButton(_ steps: Int, _ outcome: StoreKitOutcome) {
        var sheet = Self.session()
        for _ in 0..<steps { _ = sheet.take(.next) }
        #expect(sheet.focus == Self.order[steps])
        #expect(sheet.take(.press) == outcome)
    }

    @Test(arguments: [
        (Character("b"), StoreKitOutcome.buy), ("c", .cancel), ("a", .askToBuy), ("n", .interrupt), ("t", .tamper),
    ])
    func eachShortcutPressesItsButton(_ letter: Character, _ outcome: StoreKitOutcome) throws {
        let button = try #require(Button.allCases.first { $0.shortcut == letter }, "no button has the shortcut \(letter)")
        var sheet = Self.session()
        #expect(sheet.take(.pressButton(button)) == outcome)
        #expect(sheet.focus == button)
    }

    @Test func theShortcutsAreTheSixLettersAndOnlyBuyAndCancelAreNotQA() {
        #expect(Self.order.map(\.shortcut) == ["b", "c", "f", "a", "n", "t"])
        #expect(Self.order.filter { !$0.isQA } == [.buy, .cancel])
    }

    /// Fail… decides nothing yet: it opens the list of errors on the first one.
    @Test func failOpensTheChooserOnTheFirstError() {
        var sheet = Self.session()
        #expect(sheet.take(.pressButton(.fail)) == nil)
        #expect(sheet.chosenFailure == StoreKitFailure.allCases.first)
        #expect(sheet.chosenFailure == .networkError)
        #expect(sheet.focus == .fail)
    }

    @Test func enterOnFailOpensTheChooserToo() {
        var sheet = Self.session()
        _ = sheet.take(.next)
        _ = sheet.take(.next)
        #expect(sheet.focus == .fail)
        #expect(sheet.take(.press) == nil)
        #expect(sheet.chosenFailure == .networkError)
    }

    @Test func theArrowsCycleTheErrorsBothWays() {
        var sheet = Self.session()
        _ = sheet.take(.pressButton(.fail))
        var forward: [StoreKitFailure?] = []
        for _ in StoreKitFailure.allCases.indices {
            #expect(sheet.take(.next) == nil)
            forward.append(sheet.chosenFailure)
        }
        #expect(forward == Array(StoreKitFailure.allCases.dropFirst()) + [.networkError])
        #expect(sheet.take(.previous) == nil)
        #expect(sheet.chosenFailure == .ineligibleForOffer, "back from the first error is the last")
        #expect(sheet.focus == .fail, "the arrows move in the list, not over the buttons")
    }

    /// Enter throws the highlighted error, whichever it is.
    @Test(arguments: StoreKitFailure.allCases)
    func enterThrowsTheHighlightedError(_ failure: StoreKitFailure) throws {
        var sheet = Self.session()
        _ = sheet.take(.pressButton(.fail))
        let index = try #require(StoreKitFailure.allCases.firstIndex(of: failure))
        for _ in 0..<index { _ = sheet.take(.next) }
        #expect(sheet.chosenFailure == failure)
        #expect(sheet.take(.press) == .fail(failure))
    }

    @Test func escInTheChooserGoesBackToTheButtonsWithoutAnOutcome() {
        var sheet = Self.session()
        _ = sheet.take(.pressButton(.fail))
        _ = sheet.take(.next)
        #expect(sheet.take(.cancel) == nil, "Esc in the list is not Cancel")
        #expect(sheet.chosenFailure == nil)
        #expect(sheet.focus == .fail)
        // Back on the buttons the arrows walk them again, and Esc now cancels.
        _ = sheet.take(.next)
        #expect(sheet.focus == .askToBuy)
        #expect(sheet.take(.cancel) == .cancel)
    }

    @Test(arguments: [0, 2, 5])
    func escOnTheButtonsIsCancelWhereverTheFocusIs(_ steps: Int) {
        var sheet = Self.session()
        for _ in 0..<steps { _ = sheet.take(.next) }
        #expect(sheet.take(.cancel) == .cancel)
    }

    @Test func clickingAnErrorHighlightsItWithoutThrowing() {
        var sheet = Self.session()
        #expect(sheet.take(.chooseFailure(.purchaseNotAllowed)) == nil)
        #expect(sheet.chosenFailure == .purchaseNotAllowed)
        #expect(sheet.focus == .fail)
        #expect(sheet.take(.chooseFailure(.productUnavailable)) == nil)
        #expect(sheet.take(.press) == .fail(.productUnavailable))
    }

    /// A button pressed (by its letter or a click) while the list is open closes the list and
    /// does what it says.
    @Test func aButtonPressedInTheChooserClosesItAndActs() {
        var sheet = Self.session()
        _ = sheet.take(.pressButton(.fail))
        #expect(sheet.take(.pressButton(.buy)) == .buy)
        #expect(sheet.chosenFailure == nil)

        var again = Self.session()
        _ = again.take(.pressButton(.fail))
        _ = again.take(.next)
        #expect(again.take(.pressButton(.fail)) == nil)
        #expect(again.chosenFailure == .networkError, "Fail… again starts the list over")
    }
}
