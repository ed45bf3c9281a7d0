import Testing
@testable import StoreEngine

/// The App Store's shape of ids: numbers a backend may parse, one to one with the ledger's.
@Suite("Signing: App Store ids")
struct AppStoreIdentifiersTests {
    @Test(arguments: ["txn-000001", "txn-000042", "txn-999999", "txn-1234567"])
    func aTransactionIdIsANumberThatLeadsBack(ledgerId: String) throws {
        let appStoreId = AppStoreIdentifiers.transactionId(of: ledgerId)
        #expect(appStoreId.count == 16 && Int64(appStoreId) != nil && appStoreId.hasPrefix("2000000"), "\(appStoreId)")
        #expect(AppStoreIdentifiers.ledgerId(ofTransaction: appStoreId) == ledgerId)
        let lineItem = try #require(AppStoreIdentifiers.webOrderLineItemId(of: ledgerId))
        #expect(lineItem != appStoreId && Int64(lineItem) != nil)
        #expect(AppStoreIdentifiers.ledgerId(ofTransaction: lineItem) == nil, "a line item is no transaction")
    }

    @Test func anIdOfAnotherShapeIsLeftAsItIs() {
        for id in ["order-1", "txn-", "txn-12a", "txn-1234567890123456", "GPA.1234"] {
            #expect(AppStoreIdentifiers.transactionId(of: id) == id)
            #expect(AppStoreIdentifiers.webOrderLineItemId(of: id) == nil)
        }
        for id in ["", "2000000000000000", "200000000000001", "20000000000000x1", "txn-000001", "1000000000000001"] {
            #expect(AppStoreIdentifiers.ledgerId(ofTransaction: id) == nil, "\(id)")
        }
    }

    @Test func aGroupIsEightDigitsTheSameForOneName() {
        let pass = AppStoreIdentifiers.subscriptionGroupIdentifier(of: "pass")
        #expect(pass.count == 8 && pass.allSatisfy(\.isNumber))
        #expect(AppStoreIdentifiers.subscriptionGroupIdentifier(of: "pass") == pass)
        #expect(AppStoreIdentifiers.subscriptionGroupIdentifier(of: "vip") != pass)
        #expect(AppStoreIdentifiers.subscriptionGroupIdentifier(of: "").count == 8)
    }
}
