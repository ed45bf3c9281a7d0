import Foundation
import Testing
import Ledger

/// `paidTransactions`: what a store reports for its customer, from the whole ledger. Only one
/// user's rows, only paid and unrefunded ones, only the paths (and products) asked for, newest
/// first, however many come before them.
@Suite("Paid transactions")
struct PaidTransactionsTests {
    private static func row(_ id: String, at seconds: TimeInterval, user: String = "user-42", path: String = "storekit",
                            product: String = "gems", state: TransactionState = .purchased) -> TransactionRecord {
        var record = sampleTransaction(id: id, state: state, createdAt: date(1_700_000_000 + seconds))
        record.userId = user
        record.integrationPath = path
        record.productId = product
        return record
    }

    @Test func onlyTheUsersPaidUnrefundedRowsOfThePathsAndProductsAskedForNewestFirst() throws {
        try withTemporaryLedgerPath { path throws in
            try withLedger(at: path) { ledger throws in
                try ledger.insert(Self.row("plan", at: 0, product: "pass"))
                try ledger.insert(Self.row("xee-plan", at: 1, path: "xee", product: "pass"))
                try ledger.insert(Self.row("other-user", at: 2, user: "user-7", product: "pass"))
                try ledger.insert(Self.row("paystation", at: 3, path: "paystation", product: "pass"))
                try ledger.insert(Self.row("failed", at: 4, product: "pass", state: .failed))
                try ledger.insert(Self.row("refunded", at: 5, product: "pass"))
                try ledger.recordRevocation(ofTransaction: "refunded", reason: "other", at: date(1_700_000_006))
                try ledger.inTransaction {
                    for index in 0..<300 { try ledger.insert(Self.row("gems-\(index)", at: 10 + Double(index))) }
                }
                let appStore = ["storekit", "xee"]
                #expect(try ledger.paidTransactions(user: "user-42", paths: appStore, products: ["pass"]).map(\.id)
                        == ["xee-plan", "plan"])
                #expect(try ledger.paidTransactions(user: "user-42", paths: appStore, limit: 1).map(\.id) == ["gems-299"])
                #expect(try ledger.paidTransactions(user: "user-42", paths: appStore).count == 302)
                #expect(try ledger.paidTransactions(user: "user-42", paths: ["paystation"]).map(\.id) == ["paystation"])
                #expect(try ledger.paidTransactions(user: "user-42", paths: appStore, products: []).isEmpty)
                #expect(try ledger.paidTransactions(user: "user-42", paths: []).isEmpty)
            }
        }
    }
}
