import Foundation
@testable import StoreEngine
import Testing
@testable import TerminalUI

/// Google Play's sheet drawn from the engine's read-only `PlaySession`, and the keys and clicks
/// it reads: everything fits at 80x24 and 120x40, in the storefront's language, and in front
/// of an audience QA's row and its keys are gone. `@testable` because a session's inputs are
/// the engine's alone.
@Suite("Google Play sheet")
struct PlaySheetTests {
    private func session(language: String = "en") -> PlaySession {
        PlaySession(transactionId: "txn-000001", productId: "com.example.stardust.gems_100", productName: "Pouch of Gems",
                    formattedPrice: "$0.99", offerLine: nil, account: "qa@gmail.test", language: language)
    }

    private func rows(_ session: PlaySession, width: Int, height: Int, audience: Bool = false) -> [String] {
        var frame = Frame(width: width, height: height)
        frame.render(PlaySheet(session, theme: .dark, audience: audience), in: frame.area)
        return frame.text.components(separatedBy: "\n")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func everythingFits(width: Int, height: Int) {
        var long = session()
        _ = long.take(.respond(.featureNotSupported))
        _ = long.take(.toggleAcknowledgement)
        let shown = rows(long, width: width, height: height)
        for line in ["Pouch of Gems", "$0.99", "Account: qa@gmail.test", "This is a test order; you will not be charged.",
                     "(•) Test instrument, always approves", "( ) Test instrument, always declines",
                     "( ) Slow test card, approves after a few minutes", "( ) Slow test card, declines after a few minutes",
                     "[ Buy ]", "[ Cancel ]", "QA  r FEATURE_NOT_SUPPORTED · a app acknowledges off",
                     "Enter buy · ↑↓ 1-4 instrument · r code · a ack · Esc cancel"] {
            #expect(shown.contains { $0.contains(line) }, "\(line) is not whole at \(width)x\(height)")
        }
    }

    @Test func theSheetSpeaksTheStorefrontsLanguage() {
        let shown = rows(session(language: "de"), width: 80, height: 24).joined(separator: "\n")
        #expect(shown.contains("[ Kaufen ]") && shown.contains("[ Abbrechen ]"))
        #expect(shown.contains("Dies ist eine Testbestellung"))
        #expect(shown.contains("Testzahlungsmittel, immer genehmigt"))
        #expect(!shown.contains("Test instrument"))
    }

    @Test func anAudienceSeesNoQARowAndItsKeysDoNothing() {
        let shown = rows(session(), width: 80, height: 24, audience: true).joined(separator: "\n")
        #expect(!shown.contains("QA"))
        #expect(PlaySheet.input(for: .character("r"), audience: true) == nil)
        #expect(PlaySheet.input(for: .character("a"), audience: true) == nil)
        #expect(PlaySheet.input(for: .character("r")) == .nextResponse)
        #expect(PlaySheet.input(for: .character("a")) == .toggleAcknowledgement)
    }

    private func replacing(language: String = "en") -> PlaySession {
        PlaySession(transactionId: "txn-000002", productId: "com.example.stardust.pass.monthly", productName: "Monthly Pass",
                    formattedPrice: "$0.00", offerLine: "$4.99/month", account: "qa@gmail.test", language: language,
                    replacement: PlayReplacement(mode: .chargeProratedPrice, replacedProductId: "com.example.stardust.pass.weekly",
                                                 replacedName: "Weekly Pass", replacedTransactionId: "txn-000001"))
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func aPlanChangeSaysWhatItReplacesAndTheModeWhole(width: Int, height: Int) {
        let shown = rows(replacing(), width: width, height: height)
        for line in ["Replaces · Weekly Pass  p CHARGE_PRORATED_PRICE", "[ Buy ]",
                     "Enter buy · ↑↓ 1-4 · p mode · r code · a ack · Esc cancel"] {
            #expect(shown.contains { $0.contains(line) }, "\(line) is not whole at \(width)x\(height)")
        }
        #expect(PlaySheet.input(for: .character("p")) == .nextReplacementMode)
    }

    @Test func aPlanChangeSpeaksTheStorefrontsLanguageAndAnAudienceSeesNoMode() {
        let german = rows(replacing(language: "de"), width: 80, height: 24).joined(separator: "\n")
        #expect(german.contains("Ersetzt · Weekly Pass"))
        let audience = rows(replacing(), width: 80, height: 24, audience: true).joined(separator: "\n")
        #expect(audience.contains("Replaces · Weekly Pass") && !audience.contains("CHARGE_PRORATED_PRICE"))
        #expect(PlaySheet.input(for: .character("p"), audience: true) == nil)
    }

    @Test func keysChooseAnInstrumentBuyAndCancel() {
        #expect(PlaySheet.input(for: .character("3")) == .choose(.slowApproves))
        #expect(PlaySheet.input(for: .character("5")) == nil)
        #expect(PlaySheet.input(for: .enter) == .buy && PlaySheet.input(for: .character("b")) == .buy)
        #expect(PlaySheet.input(for: .escape) == .cancel)
        #expect(PlaySheet.input(for: .down) == .next && PlaySheet.input(for: .up) == .previous)
        var sheet = session()
        #expect(sheet.take(.next) == nil)
        #expect(sheet.instrument == .declines)
        #expect(sheet.take(.previous) == nil && sheet.take(.previous) == nil)
        #expect(sheet.instrument == .slowDeclines, "the instruments wrap around")
        #expect(sheet.take(.buy) == .buy(.slowDeclines, .ok))
    }

    @Test func aClickChoosesWhatIsDrawnThere() {
        let sheet = session()
        let area = Rect(x: 0, y: 0, width: 80, height: 24)
        let shown = rows(sheet, width: 80, height: 24)
        let row = shown.firstIndex { $0.contains("Slow test card, declines") }!
        let column = DisplayWidth.of(String(shown[row].prefix { $0 != "(" }))
        #expect(PlaySheet.input(atX: column + 4, y: row, for: sheet, in: area) == .choose(.slowDeclines))
        let buyRow = shown.firstIndex { $0.contains("[ Buy ]") }!
        let buyColumn = DisplayWidth.of(String(shown[buyRow].components(separatedBy: "[ Buy ]")[0]))
        #expect(PlaySheet.input(atX: buyColumn + 2, y: buyRow, for: sheet, in: area) == .buy)
    }

    // MARK: A subscription's offers

    private func subscription() -> PlaySession {
        let choices = [
            PlayOfferChoice(reference: "monthly/free-week", offerId: "free-week", offerToken: "AUj/1",
                            line: "1 week free, then $4.99/month", formattedPrice: "$0.00"),
            PlayOfferChoice(reference: "monthly/loyalty", offerId: "loyalty", offerToken: "AUj/2",
                            line: "3 months for $9.99, then $4.99/month", formattedPrice: "$9.99"),
            PlayOfferChoice(reference: "monthly", offerId: nil, offerToken: "AUj/3", line: "$4.99/month", formattedPrice: "$4.99"),
        ]
        return PlaySession(transactionId: "txn-000002", productId: "plus.monthly", productName: "Plus Monthly",
                           formattedPrice: "$0.00", offerLine: choices[0].line, account: "qa@gmail.test",
                           offerChoices: choices)
    }

    @Test func theSheetSaysTheOffersPhasesAndWhichOfSeveralIsChosen() {
        let shown = rows(subscription(), width: 80, height: 24)
        let sheetRows = shown.filter { $0.contains("│") }
        // The header: the product and what is charged now, then the phases.
        #expect(sheetRows.contains { $0.contains("Plus Monthly") && $0.contains("$0.00") })
        #expect(sheetRows.contains { $0.contains("1 week free, then $4.99/month") })
        #expect(sheetRows.contains { $0.contains("QA  o offer 1/3 · r OK · a ack on") })
        #expect(sheetRows.contains { $0.contains("Enter buy · ↑↓ 1-4 · o offer · r code · a ack · Esc cancel") })
        // Every row of the box is whole at 80 columns.
        #expect(shown.allSatisfy { DisplayWidth.of($0) <= 80 })
    }

    @Test func oStepsThroughTheOffersAndAScenarioNamesOne() {
        #expect(PlaySheet.input(for: .character("o")) == .nextOffer)
        #expect(PlaySheet.input(for: .character("o"), audience: true) == nil)
        var sheet = subscription()
        #expect(sheet.take(.nextOffer) == nil)
        #expect(sheet.chosenOffer?.reference == "monthly/loyalty" && sheet.formattedPrice == "$9.99")
        let shown = rows(sheet, width: 80, height: 24).joined(separator: "\n")
        #expect(shown.contains("3 months for $9.99, then $4.99/month") && shown.contains("o offer 2/3"))
        _ = sheet.take(.chooseOffer("monthly"))
        #expect(sheet.chosenOffer?.offerId == nil && sheet.offerLine == "$4.99/month")
        _ = sheet.take(.nextOffer)
        #expect(sheet.chosenOffer?.reference == "monthly/free-week", "the offers wrap around")
        _ = sheet.take(.chooseOffer("no-such-offer"))
        #expect(sheet.chosenOffer?.reference == "monthly/free-week")
    }

    @Test func aSheetWithOneOfferKeepsItsRows() {
        let shown = rows(session(), width: 80, height: 24).joined(separator: "\n")
        #expect(!shown.contains("o offer"))
        #expect(shown.contains("Enter buy · ↑↓ 1-4 instrument · r code · a ack · Esc cancel"))
    }
}
