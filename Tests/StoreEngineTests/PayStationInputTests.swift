import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

/// The engine owns every Pay Station session: the program sends `PathInput` and gets the page
/// back as a read-only value in each report. Only public API here, as the UI has.
@Suite("Store: the player's input on Pay Station")
struct PayStationInputTests {
    @Test func keysReachTheFocusedFieldAndTheReportShowsThem() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            let typed = try harness.type("4x1-1 1")
            let session = try #require(typed.page?.session)
            #expect(session.cardNumber == "4111", "only digits reach a field")
            #expect(session.focusedField == .number)

            let deleted = try harness.send(.deleteBackward)
            #expect(deleted.page?.session.cardNumber == "411")
        }
    }

    @Test func theReportIsACopyTheEngineDoesNotChangeLater() throws {
        try withStore { harness in
            let opened = try harness.store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            try harness.type("4111")
            // The page handed up earlier is a value: what the engine did since is not in it.
            #expect(opened.page?.session.cardNumber == "")
            #expect(harness.page?.session.cardNumber == "4111")
        }
    }

    @Test func tabGoesRoundTheFieldsAndFocusJumps() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            #expect(try harness.send(.nextField).page?.session.focusedField == .expiry)
            #expect(try harness.send(.nextField).page?.session.focusedField == .cvv)
            #expect(try harness.send(.nextField).page?.session.focusedField == .number)
            _ = try harness.send(.nextField)
            #expect(try harness.send(.nextField).page?.session.focusedField == .cvv)
            #expect(try harness.type("123").page?.session.cvv == "123")
        }
    }

    @Test func aBadFieldShowsAProblemAndRecordsNothing() throws {
        try withStore { harness in
            try harness.open(SKU.gems100)
            let events = try harness.allEventKinds()
            try harness.type("4111111111111112")
            let report = try harness.send(.submit)
            #expect(report.page?.session.problem != nil)
            #expect(report.page?.session.focusedField == .number)
            #expect(report.notice == nil)
            #expect(try harness.allEventKinds() == events)
        }
    }

    @Test func inputWithNothingOnScreenDoesNothing() throws {
        try withStore { harness in
            for input in [PayStationInput.type("4"), .deleteBackward, .submit, .nextField, .close] {
                let report = try harness.send(input)
                #expect(report.sheet == nil)
                #expect(report.notice == nil)
            }
            #expect(try harness.allEventKinds().isEmpty)
            #expect(try harness.ledger.transactionCount() == 0)
        }
    }

    @Test func theSheetSaysWhichPathItBelongsTo() throws {
        try withStore { harness in
            let report = try harness.store.beginPurchase(of: SKU.gems100, in: "USA", on: .paystation)
            #expect(report.sheet?.path == .paystation)
            #expect(report.page?.testCards.map(\.number) == [Cards.success, Cards.threeDSecure, Cards.declined, Cards.delivering])
        }
    }
}
