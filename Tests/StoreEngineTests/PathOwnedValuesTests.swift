import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// What one path alone knows is made in its folder from the engine's own values: StoreKit's
/// errors as a `FailureReason`, Pay Station's invoice as a transaction's path reference, the
/// Xee server's profile as `ServerAccess`. Each reads back as it was written.
@Suite("Paths: path-owned values over the engine's")
struct PathOwnedValuesTests {
    @Test(arguments: StoreKitFailure.allCases)
    func aStoreKitErrorReadsBackFromTheLedgersWords(_ failure: StoreKitFailure) {
        let recorded = FailureReason.storeKit(failure).recorded
        #expect(recorded == failure.qualifiedName)
        #expect(FailureReason(recorded: recorded) == .storeKit(failure))
        #expect(FailureReason(recorded: recorded).storeKitFailure == failure)
        #expect(FailureReason.storeKit(failure).isError)
    }

    @Test func anotherFailureIsNoStoreKitError() {
        #expect(FailureReason.paymentDeclined.storeKitFailure == nil)
        #expect(FailureReason.userCancelled.storeKitFailure == nil)
        #expect(FailureReason.other("StoreKitError.somethingNew").storeKitFailure == nil)
    }

    @Test func theInvoiceIsTheTransactionsPathReference() {
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        var record = TransactionRecord(id: "txn-000007", productId: "gems_100", userId: "u", storefront: "USA",
                                       integrationPath: "paystation", state: .purchasing, quantity: 1, price: "0.99",
                                       currency: "USD", createdAt: time, updatedAt: time)
        record.pathReference = PayStationPath.invoiceId(ofSequence: 7)
        #expect(record.invoiceId == "100000007", "kept in the ledger's invoice column")
        let summary = TransactionSummary(record: record)
        #expect(summary.pathReference == "100000007")
        #expect(summary.invoiceId == "100000007")
    }

    @Test func aXeeProfileLevelRoundTripsThroughServerAccess() {
        let row = XeeAccessRecord(userId: "u-1", level: "premium", transactionId: "txn-000003",
                                  expiresAt: Date(timeIntervalSince1970: 1_700_003_600), willRenew: true,
                                  source: XeeAccessSource.verifiedWithApple.rawValue,
                                  updatedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let access = ServerAccess(row)
        #expect(access.path == .xee)
        #expect(access.store == .appStore, "the Xee server hears of App Store purchases")
        #expect(access.shownSource == "verified with Apple")
        #expect(XeeAccessRecord(access, user: "u-1") == row)
    }

    @Test func theRegistryReadsEachServersProfileFromTheLedger() throws {
        try withTemporaryLedgerPath { path in
            let ledger = try LedgerDatabase(path: path)
            let time = Date(timeIntervalSince1970: 1_700_000_000)
            try ledger.recordXeeAccess(XeeAccessRecord(userId: "u-1", level: "vip", transactionId: nil, expiresAt: nil,
                                                       willRenew: false, source: "restore", updatedAt: time))
            try ledger.recordXeeAccess(XeeAccessRecord(userId: "u-2", level: "premium", transactionId: nil,
                                                       expiresAt: nil, willRenew: false, source: "restore", updatedAt: time))
            let read = try PathRegistry.serverAccess(in: ledger, user: "u-1")
            #expect(read.map(\.level) == ["vip"])
            #expect(read.map(\.path) == [.xee])
            #expect(read.first?.shownSource == "restore")
        }
    }
}
