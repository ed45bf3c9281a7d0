import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The signer alone, without a store or a ledger: what it signs verifies, and every way a
/// signed transaction can be wrong is named.
@Suite("Signing: the transaction signer")
struct TransactionSignerTests {
    private static func payload(of record: TransactionRecord, bundleId: String = "com.example.stardust")
        -> SignedTransactionPayload {
        SignedTransactionPayload(
            transactionId: AppStoreIdentifiers.transactionId(of: record.id),
            originalTransactionId: AppStoreIdentifiers.transactionId(of: record.id), bundleId: bundleId, productId: record.productId,
            purchaseDate: 1_700_000_000_000, originalPurchaseDate: 1_700_000_000_000, expiresDate: nil, quantity: 1,
            type: "Consumable", inAppOwnershipType: "PURCHASED", signedDate: 1_700_000_000_000, environment: "Sandbox",
            storefront: "USA", storefrontId: "143441", transactionReason: "PURCHASE", offerType: nil,
            offerIdentifier: nil, price: 990, currency: "USD", appAccountToken: AccountToken.uuid(forUser: "player-1"),
            revocationDate: nil, revocationReason: nil)
    }

    private static func record(_ id: String = "txn-000001", signed: String? = nil) -> TransactionRecord {
        var record = RedeliveryTests.gemsTransaction(id: id, at: Date(timeIntervalSince1970: 1_700_000_000))
        record.signedTransaction = signed
        return record
    }

    private static func signer() throws -> TransactionSigner {
        let key = try SigningKey.generate()
        return TransactionSigner(key: key, certificates: try SigningCertificates.issuing(for: key))
    }

    @Test func whatItSignsVerifies() throws {
        let signer = try Self.signer()
        let verifier = TransactionVerifier(key: signer.key, bundleId: "com.example.stardust")
        let signed = Self.record(signed: try signer.sign(Self.payload(of: Self.record())))
        #expect(verifier.problem(with: signed) == nil)
        // Without a bundle id to check (history without a catalog), it still verifies.
        #expect(TransactionVerifier(key: signer.key, bundleId: nil).problem(with: signed) == nil)
    }

    @Test func eachWayOfBeingWrongIsNamed() throws {
        let signer = try Self.signer()
        let verifier = TransactionVerifier(key: signer.key, bundleId: "com.example.stardust")
        let compact = try signer.sign(Self.payload(of: Self.record()))
        #expect(verifier.problem(with: Self.record()) == "the transaction is not signed")
        #expect(verifier.problem(with: Self.record(signed: "not a jws")) == "the signed transaction is not a compact JWS")
        let other = TransactionVerifier(key: try SigningKey.generate(), bundleId: "com.example.stardust")
        #expect(other.problem(with: Self.record(signed: compact))?.contains("does not verify") == true)
        let forged = try #require(try TransactionSigner.forgery(of: compact))
        #expect(verifier.problem(with: Self.record(signed: forged))?.contains("does not verify") == true)
        #expect(verifier.problem(with: Self.record("txn-000002", signed: compact))
            == "the signature is for txn-000001, of \(SKU.gems100)")
        let elsewhere = try signer.sign(Self.payload(of: Self.record(), bundleId: "com.example.other"))
        #expect(verifier.problem(with: Self.record(signed: elsewhere)) == "signed for bundle com.example.other, not com.example.stardust")
    }

    @Test func aForgeryKeepsTheSignatureAndChangesTheQuantity() throws {
        let signer = try Self.signer()
        let compact = try signer.sign(Self.payload(of: Self.record()))
        let forged = try #require(try TransactionSigner.forgery(of: compact))
        let original = try #require(JWS(compact: compact))
        let altered = try #require(JWS(compact: forged))
        #expect(altered.compact.split(separator: ".").last == original.compact.split(separator: ".").last)
        #expect(SignedTransactionPayload.decoded(from: altered.payload)?.quantity == 100)
        #expect(try TransactionSigner.forgery(of: "not a jws") == nil)
    }
}
