import Catalog
import Foundation
import Testing
@testable import StoreEngine

/// The store's own code sheet on a real ledger: only letters and digits are typed, a refused
/// code stays on the sheet with the store's reason until it is corrected, a code the store takes
/// gives way to the purchase sheet at its offer, and a store without codes opens nothing.
@Suite("The store's code sheet")
struct OfferCodeSheetTests {
    private static func codeSheet(_ report: StoreReport) throws -> OfferCodeSheet {
        guard case .offerCode(let sheet)? = report.storeSheet else {
            Issue.record("no code sheet: \(report.notice?.text ?? "no notice")")
            throw CancellationError()
        }
        return sheet
    }

    @Test func aRefusedCodeStaysToBeCorrectedAndTheRightOneOpensThePurchaseSheet() throws {
        try withStore { harness in
            _ = try Self.codeSheet(try harness.store.presentOfferCodeSheet(in: "JPN", on: .storekit))
            _ = try harness.store.answerStoreSheet(.type("spring-5O "))
            let refused = try Self.codeSheet(try harness.store.answerStoreSheet(.confirm))
            #expect(refused.typed == "spring5O" && refused.refusal == .unknown)
            #expect(harness.store.currentReport().sheet == nil)
            // Correcting the code clears the refusal.
            let corrected = try Self.codeSheet(try harness.store.answerStoreSheet(.erase))
            #expect(corrected.typed == "spring5" && corrected.refusal == nil)
            _ = try harness.store.answerStoreSheet(.type("0"))
            let redeemed = try harness.store.answerStoreSheet(.confirm)
            #expect(redeemed.storeSheet == nil)
            #expect(redeemed.sheet?.productId == SKU.monthlyPass, "\(redeemed.notice?.text ?? "")")
        }
    }

    /// The transaction manager opens the code sheet on the transaction's store and storefront.
    @Test func theTransactionManagerOpensItOnThePurchasesStore() throws {
        try withStore { harness in
            let id = try harness.buyThroughStoreKit(SKU.gems100).transactionId
            #expect(try harness.summary(of: id).actions.contains(.redeemOfferCode))
            let sheet = try Self.codeSheet(try harness.store.act(.redeemOfferCode, on: id))
            #expect(sheet.storefrontId == "JPN" && sheet.path == .storekit && sheet.language == "ja")
            let xsolla = try harness.buy(SKU.gems100).session.transactionId
            #expect(!(try harness.summary(of: xsolla).actions.contains(.redeemOfferCode)))
        }
    }

    @Test func closingRedeemsNothing() throws {
        try withStore { harness in
            _ = try harness.store.presentOfferCodeSheet(in: "JPN", on: .storekit)
            _ = try harness.store.answerStoreSheet(.type("SPRING50"))
            let closed = try harness.store.answerStoreSheet(.cancel)
            #expect(closed.storeSheet == nil && closed.sheet == nil)
            #expect(closed.snapshot.transactionCount == 0)
            #expect(closed.snapshot.events.first?.kind == .offerCodeSheet)
        }
    }

    @Test func payStationHasNoCodeSheetAndNoneOpensOverAnother() throws {
        try withStore { harness in
            let refused = try harness.store.presentOfferCodeSheet(in: "USA", on: .paystation)
            #expect(refused.storeSheet == nil && refused.notice?.text.contains("has no offer codes") == true)
            _ = try harness.openStoreKit(SKU.gems100)
            let busy = try harness.store.presentOfferCodeSheet(in: "JPN", on: .storekit)
            #expect(busy.storeSheet == nil && busy.notice?.text.contains("is open") == true, "\(busy.notice?.text ?? "")")
        }
    }
}
