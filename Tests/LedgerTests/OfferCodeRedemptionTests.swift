import Foundation
import Testing
@testable import Ledger

/// A code redeemed for a purchase is a fact of the ledger, on the transaction it opened: read
/// back after reopening, counted as used while that purchase has not failed, by any player.
@Suite("Offer code redemptions")
struct OfferCodeRedemptionTests {
    @Test func aRedemptionIsKeptOnItsTransactionAndCountsUntilThePurchaseFails() throws {
        try withTemporaryLedgerPath { path in
            let time = date(1_700_000_500)
            try withLedger(at: path) { ledger throws in
                try ledger.insert(sampleTransaction(id: "t-1"))
                var theirs = sampleTransaction(id: "t-2")
                theirs.userId = "ben"
                try ledger.insert(theirs)
                try ledger.insert(sampleTransaction(id: "t-3"))
                try ledger.recordRedemption(OfferCodeRedemption(transactionId: "t-1", code: "SPRING50", oneTime: false, time: time))
                try ledger.recordRedemption(OfferCodeRedemption(transactionId: "t-2", code: "SPRING50", oneTime: false, time: time))
                try ledger.recordRedemption(OfferCodeRedemption(transactionId: "t-3", code: "K7QF2M9X", oneTime: true, time: time))
            }
            try withLedger(at: path) { ledger throws in
                #expect(try ledger.redemption(ofTransaction: "t-1")
                        == OfferCodeRedemption(transactionId: "t-1", code: "SPRING50", oneTime: false, time: time))
                #expect(try ledger.redemption(ofTransaction: "t-3")?.oneTime == true)
                #expect(try ledger.history(ofTransaction: "t-3").last?.note == "one-time offer code K7QF2M9X")
                // Every player's purchases count; a code is spelt as the catalog spells it.
                #expect(try ledger.uses(ofCode: "SPRING50") == 2)
                #expect(try ledger.uses(ofCode: "spring50") == 0)
                #expect(try ledger.uses(ofCode: "K7QF2M9X") == 1)
                // A purchase that failed (cancelled on the store's sheet) gives its code back.
                try ledger.updateState(ofTransaction: "t-2", to: .failed, error: "userCancelled", at: time)
                #expect(try ledger.uses(ofCode: "SPRING50") == 1)
                // A later note on the transaction does not count it twice.
                try ledger.updateState(ofTransaction: "t-1", to: .purchased, error: nil, at: time)
                #expect(try ledger.uses(ofCode: "SPRING50") == 1)
            }
        }
    }

    @Test func aRedemptionOfAnUnknownTransactionIsAnErrorAndWritesNothing() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                #expect(throws: LedgerError.unknownTransaction(id: "nope")) {
                    try ledger.recordRedemption(OfferCodeRedemption(transactionId: "nope", code: "A1", oneTime: true,
                                                                    time: date(1_700_000_000)))
                }
                #expect(try ledger.uses(ofCode: "A1") == 0)
                #expect(try ledger.redemption(ofTransaction: "nope") == nil)
            }
        }
    }

    @Test func anOfferBoughtOnceIsFoundPerPlayerUntilItsPurchaseFails() throws {
        try withTemporaryLedgerPath { path in
            try withLedger(at: path) { ledger throws in
                var bought = sampleTransaction(id: "t-1")
                bought.offerType = "code"
                bought.offerId = "spring"
                try ledger.insert(bought)
                #expect(try ledger.hasBought(bought.productId, under: "code", "spring", user: "user-42"))
                #expect(try !ledger.hasBought(bought.productId, under: "code", "spring", user: "ben"))
                #expect(try !ledger.hasBought(bought.productId, under: "code", "autumn", user: "user-42"))
                #expect(try !ledger.hasBought(bought.productId, under: "promotional", "spring", user: "user-42"))
                try ledger.updateState(ofTransaction: "t-1", to: .failed, error: "userCancelled", at: date(1_700_000_100))
                #expect(try !ledger.hasBought(bought.productId, under: "code", "spring", user: "user-42"))
            }
        }
    }

    @Test func otherNotesAreNotRedemptions() {
        #expect(OfferCodeRedemption(transactionId: "t", time: date(0), note: "prorated refund 1.79 USD for upgrade") == nil)
        #expect(OfferCodeRedemption(transactionId: "t", time: date(0), note: "offer code ") == nil)
        #expect(OfferCodeRedemption(transactionId: "t", time: date(0), note: "offer code A B") == nil)
        #expect(OfferCodeRedemption(transactionId: "t", time: date(0), note: "offer code AB")?.oneTime == false)
    }
}
