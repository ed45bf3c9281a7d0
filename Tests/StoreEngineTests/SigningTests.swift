import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// ES256 keys and JWS over libcrypto: what signs verifies, and nothing else does.
@Suite("Signing: keys and JWS")
struct SigningKeyTests {
    @Test func aSignatureVerifiesAndAnAlteredMessageOrSignatureDoesNot() throws {
        let key = try SigningKey.generate()
        let message = Data("header.payload".utf8)
        let signature = try key.sign(message)
        #expect(signature.count == 64, "R and S, 32 bytes each")
        #expect(key.verify(signature, of: message))
        #expect(!key.verify(signature, of: Data("header.payloaD".utf8)))
        var flipped = signature
        flipped[40] ^= 0x01
        #expect(!key.verify(flipped, of: message))
        #expect(!key.verify(signature.prefix(63), of: message))
        let other = try SigningKey.generate()
        #expect(!other.verify(signature, of: message), "another key's signature")
    }

    @Test func aKeptKeyIsTheSameKey() throws {
        let key = try SigningKey.generate()
        let pem = try key.privatePEM()
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let kept = try SigningKey(privatePEM: pem)
        #expect(try kept.publicPEM() == key.publicPEM())
        #expect(kept.verify(try key.sign(Data("x".utf8)), of: Data("x".utf8)))
        #expect(try key.publicPEM().hasPrefix("-----BEGIN PUBLIC KEY-----"))
    }

    @Test func aDamagedPEMIsAnErrorNotACrash() {
        #expect(throws: SigningError.self) { try SigningKey(privatePEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") }
        #expect(throws: SigningError.self) { try SigningKey(privatePEM: "") }
    }

    @Test(arguments: [Data(), Data([0]), Data([0xFB, 0xFF]), Data("any carnal pleas".utf8), Data((0...255).map(UInt8.init))])
    func base64URLRoundTrips(data: Data) throws {
        let text = Base64URL.encode(data)
        #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
        #expect(Base64URL.decode(text) == data)
    }

    @Test func base64URLRefusesOtherAlphabetsAndImpossibleLengths() {
        #expect(Base64URL.decode("a+b/") == nil)
        #expect(Base64URL.decode("abc=") == nil)
        #expect(Base64URL.decode("abcde") == nil)
    }

    @Test func aCompactJWSReadsBackAndVerifies() throws {
        let key = try SigningKey.generate()
        let jws = try JWS.signing(Data(#"{"a":1}"#.utf8), with: key)
        let read = try #require(JWS(compact: jws.compact))
        #expect(read == jws)
        #expect(read.isSigned(by: key))
        #expect(JWS(compact: "a.b") == nil)
        #expect(JWS(compact: "a.b.c.d") == nil)
        #expect(JWS(compact: "a.b+.c") == nil)
    }

    /// The header must name ES256: the same signature under `"alg":"none"` is refused.
    @Test func anotherAlgorithmInTheHeaderIsRefused() throws {
        let key = try SigningKey.generate()
        let header = Base64URL.encode(Data(#"{"alg":"none"}"#.utf8))
        let payload = Base64URL.encode(Data("{}".utf8))
        let signature = Base64URL.encode(try key.sign(Data((header + "." + payload).utf8)))
        let jws = try #require(JWS(compact: header + "." + payload + "." + signature))
        #expect(!jws.isSigned(by: key))
    }

    @Test(arguments: [("4.99", Int64(4990)), ("0", 0), ("0.999", 999), ("1600", 1_600_000), ("0.0005", 1), ("x", 0)])
    func pricesInMilliunits(amount: String, milliunits: Int64) {
        #expect(SignedTransactionPayload.milliunits(amount) == milliunits)
    }

    @Test func theAccountTokenIsAStableUUIDPerPlayer() {
        let token = AccountToken.uuid(forUser: "player-1")
        #expect(UUID(uuidString: token) != nil)
        #expect(token == AccountToken.uuid(forUser: "player-1"))
        #expect(token != AccountToken.uuid(forUser: "player-2"))
        #expect(Array(token)[14] == "8", "version 8")
    }
}

/// Every paid transaction is signed in the commit that records it paid, and validation grants
/// nothing whose signature does not verify.
@Suite("Store: signed transactions")
struct SignedTransactionTests {
    private func payload(_ record: TransactionRecord?) throws -> SignedTransactionPayload {
        let text = try #require(record?.signedTransaction, "not signed")
        let jws = try #require(JWS(compact: text))
        return try #require(SignedTransactionPayload.decoded(from: jws.payload))
    }

    @Test func aPaidPurchaseCarriesItsSignedTransaction() throws {
        try withStore { harness in
            let (session, _) = try harness.buy(SKU.gems100)
            let record = try #require(try harness.ledger.transaction(id: session.transactionId))
            let text = try #require(record.signedTransaction)
            let jws = try #require(JWS(compact: text))
            #expect(jws.isSigned(by: harness.store.signingKey))
            let fields = try payload(record)
            #expect(fields.transactionId == AppStoreIdentifiers.transactionId(of: session.transactionId))
            #expect(fields.originalTransactionId == fields.transactionId)
            #expect(fields.webOrderLineItemId == nil && fields.subscriptionGroupIdentifier == nil, "a consumable has neither")
            #expect(fields.bundleId == "com.example.stardust")
            #expect(fields.productId == SKU.gems100)
            #expect(fields.type == "Consumable")
            #expect(fields.price == 990)
            #expect(fields.currency == "USD")
            #expect(fields.storefront == "USA")
            #expect(fields.storefrontId == "143441")
            #expect(fields.environment == "Sandbox")
            #expect(fields.inAppOwnershipType == "PURCHASED")
            #expect(fields.transactionReason == "PURCHASE")
            #expect(fields.quantity == 1)
            #expect(fields.purchaseDate == SignedTransactionPayload.milliseconds(try #require(record.purchasedAt)))
            #expect(fields.expiresDate == nil)
            #expect(fields.offerType == nil)
            #expect(fields.appAccountToken == AccountToken.uuid(forUser: "player-1"))
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(harness.store.currentReport().snapshot.transactions.first?.signedTransaction == record.signedTransaction)
        }
    }

    @Test func aFreeTrialIsSignedAsAnIntroductoryOfferAtNoCharge() throws {
        try withStore { harness in
            let (session, _) = try harness.buy(SKU.monthlyPass)
            let record = try #require(try harness.ledger.transaction(id: session.transactionId))
            let fields = try payload(record)
            #expect(fields.type == "Auto-Renewable Subscription")
            #expect(fields.offerType == 1)
            #expect(fields.offerIdentifier == nil)
            #expect(fields.price == 0)
            let grant = try #require(try harness.ledger.grant(forTransaction: session.transactionId))
            #expect(fields.expiresDate == grant.expiresAt.map(SignedTransactionPayload.milliseconds))
        }
    }

    @Test func aCancelledPurchaseIsNotSigned() throws {
        try withStore { harness in
            let session = try harness.open(SKU.gems100)
            try harness.send(.close)
            #expect(try harness.ledger.transaction(id: session.transactionId)?.signedTransaction == nil)
        }
    }

    /// A purchased, signed, unfinished transaction of 100 gems: what a crash right after the
    /// payment was recorded leaves for the next launch.
    private func paidButUnfinished(_ harness: StoreHarness) throws -> String {
        let time = harness.now
        let id = String(format: "txn-%06d", try harness.ledger.nextValue(ofSequence: "transaction"))
        try harness.ledger.insert(TransactionRecord(id: id, productId: SKU.gems100, userId: "player-1", storefront: "USA",
                                                    integrationPath: "paystation", state: .purchasing, quantity: 1,
                                                    price: "0.99", currency: "USD", createdAt: time, updatedAt: time))
        try harness.ledger.updateState(ofTransaction: id, to: .purchased, error: nil, at: time)
        try harness.ledger.recordPurchaseDate(time, ofTransaction: id)
        try harness.store.sign(try #require(try harness.ledger.transaction(id: id)), at: time)
        return id
    }

    @Test func aSignedTransactionDeliveredAgainIsGrantedWithoutSigningAgain() throws {
        try withStore { harness in
            let id = try paidButUnfinished(harness)
            let signed = try harness.ledger.transaction(id: id)?.signedTransaction
            try harness.relaunch()
            #expect(try harness.store.deliverUnfinished().map(\.tone) == [.success])
            #expect(try harness.ledger.balances() == ["gems": 100])
            #expect(try harness.ledger.transaction(id: id)?.signedTransaction == signed)
            #expect(try !harness.eventKinds(of: id).contains("transaction.signed"))
        }
    }

    /// The signed payload altered (the price made 0) before the transaction is delivered
    /// again: it fails validation, nothing is granted, it is finished, and the events say why.
    @Test func anAlteredSignedTransactionIsNeverGranted() throws {
        try withStore { harness in
            let id = try paidButUnfinished(harness)
            let record = try #require(try harness.ledger.transaction(id: id))
            let parts = try #require(record.signedTransaction).split(separator: ".").map(String.init)
            var fields = try payload(record)
            fields.price = 0
            let forged = parts[0] + "." + Base64URL.encode(try fields.encoded()) + "." + parts[2]
            try harness.ledger.recordSignedTransaction(forged, ofTransaction: id)
            try harness.relaunch()
            let notices = try harness.store.deliverUnfinished()
            #expect(notices.map(\.tone) == [.error])
            #expect(notices.first?.text.contains("signature does not verify") == true, "\(notices)")
            #expect(try harness.ledger.balances().isEmpty)
            #expect(try harness.ledger.transaction(id: id)?.isFinished == true)
            #expect(try harness.eventKinds(of: id).contains("transaction.invalid"))
        }
    }

    /// Signed for one app, delivered to another (a catalog with another bundle id): refused.
    @Test func aTransactionSignedForAnotherBundleIsRefused() throws {
        try withStore { harness in
            let id = try paidButUnfinished(harness)
            var catalog = harness.catalog
            catalog.app = AppInfo(name: catalog.app.name, bundleId: "com.example.other")
            let other = try Store(catalog: catalog, ledger: LedgerDatabase(path: harness.path), userId: "player-1",
                                  wallTime: { [clock = harness.clock] in clock.date })
            let notices = try other.deliverUnfinished()
            #expect(notices.first?.text.contains("signed for bundle com.example.stardust, not com.example.other") == true,
                    "\(notices)")
            #expect(try harness.ledger.grant(forTransaction: id) == nil)
        }
    }

    @Test func theKeyIsMadeOnceAndKeptAcrossLaunches() throws {
        try withStore { harness in
            let first = try harness.store.signingKey.publicPEM()
            try harness.relaunch()
            #expect(try harness.store.signingKey.publicPEM() == first)
            let another = try withStore { other in try other.store.signingKey.publicPEM() }
            #expect(another != first, "each ledger has its own key")
        }
    }

    @Test func publicKeyReadsOnlyAndSaysWhenThereIsNoKey() throws {
        try withTemporaryDirectory { path in
            let directory = StateDirectory(path: path)
            #expect(try directory.publicKeyPEM() == .noLedger)
            #expect(!FileManager.default.fileExists(atPath: directory.ledgerPath), "nothing was created")
            _ = try LedgerDatabase(path: directory.ledgerPath)  // a ledger no store has opened
            #expect(try directory.publicKeyPEM() == .read(nil), "no key yet, and none made")
            let store = try Store(catalog: try defaultCatalog(), ledgerPath: directory.ledgerPath, userId: "p")
            #expect(try directory.publicKeyPEM() == .read(try store.signingKey.publicPEM()))
        }
    }

    /// A kept key that libcrypto cannot read stops the store with the file and the way out.
    @Test func aDamagedKeptKeyIsNamed() throws {
        try withTemporaryLedgerPath { path in
            try LedgerDatabase(path: path).setSetting(Store.signingKeySetting, to: "not a key")
            #expect {
                try Store(catalog: try defaultCatalog(), ledgerPath: path, userId: "p")
            } throws: { error in
                guard case .signing(let file, let reason)? = error as? StoreError else { return false }
                return file == path && reason.contains("PEM_read_bio_PrivateKey")
            }
        }
    }
}
