import Catalog
import Foundation
import Ledger

// Every transaction is signed when it is paid, as the App Store signs what it hands the app,
// and validation verifies the signature before anything is granted.
extension Store {
    /// The ledger setting that keeps the private key (PKCS #8 PEM).
    static let signingKeySetting = "signingKey"

    /// The key the ledger keeps, or a new one, kept before it signs anything.
    static func signingKey(keptIn ledger: Ledger) throws -> SigningKey {
        if let pem = try ledger.setting(signingKeySetting) { return try SigningKey(privatePEM: pem) }
        let key = try SigningKey.generate()
        try ledger.setSetting(signingKeySetting, to: try key.privatePEM())
        return key
    }

    /// Signs `transaction` as it stands (the caller's copy, already up to date) and keeps the JWS
    /// with it, inside the caller's ledger transaction when there is one. A signing failure
    /// names the ledger whose key failed.
    func sign(_ transaction: TransactionRecord, at time: Date) throws {
        let jws: JWS
        do {
            jws = try JWS.signing(try signedPayload(of: transaction, signedAt: time).encoded(), with: signingKey)
        } catch let error as SigningError {
            throw StoreError.signing(path: ledger.path, reason: error.description)
        }
        try ledger.recordSignedTransaction(jws.compact, ofTransaction: transaction.id)
    }

    /// What the signature says of `transaction`, signed at `time`.
    func signedPayload(of transaction: TransactionRecord, signedAt time: Date) throws -> SignedTransactionPayload {
        let product = catalog.product(id: transaction.productId)
        let purchased = transaction.purchasedAt ?? transaction.updatedAt
        let expires = product.flatMap { grantRecord(for: transaction, product: $0, at: time)?.expiresAt }
        // A renewal names the purchase that started its subscription, and when that was.
        let isRenewal = transaction.state == .purchased && transaction.originalTransactionId != nil
        let originalPurchase = isRenewal ? try originalPurchaseDate(of: transaction, signedAt: time) ?? purchased : purchased
        return SignedTransactionPayload(
            transactionId: transaction.id, originalTransactionId: transaction.originalTransactionId ?? transaction.id,
            bundleId: catalog.app.bundleId,
            productId: transaction.productId, purchaseDate: SignedTransactionPayload.milliseconds(purchased),
            originalPurchaseDate: SignedTransactionPayload.milliseconds(originalPurchase),
            expiresDate: expires.map(SignedTransactionPayload.milliseconds), quantity: transaction.quantity,
            type: product.map { SignedTransactionPayload.typeName(of: $0.type) } ?? "Consumable",
            inAppOwnershipType: "PURCHASED", signedDate: SignedTransactionPayload.milliseconds(time),
            environment: catalog.settings.useSandbox ? "Sandbox" : "Production", storefront: transaction.storefront,
            storefrontId: SignedTransactionPayload.storefrontNumbers[transaction.storefront],
            transactionReason: isRenewal ? "RENEWAL" : "PURCHASE", offerType: transaction.offerType.flatMap(SignedTransactionPayload.offerNumber),
            offerIdentifier: transaction.offerType == "introductory" ? nil : transaction.offerId,
            price: SignedTransactionPayload.milliunits(transaction.amountCharged ?? transaction.price),
            currency: transaction.currency, appAccountToken: AccountToken.uuid(forUser: transaction.userId),
            revocationDate: transaction.revokedAt.map(SignedTransactionPayload.milliseconds),
            revocationReason: transaction.revokedAt == nil ? nil : RefundReason(recorded: transaction.revocationReason).number)
    }

    /// When the purchase that started a renewal's subscription was paid. An original row that
    /// cannot be read leaves the renewal's own date in its place, and the Events pane says so:
    /// the signature would otherwise carry a wrong date without a word.
    private func originalPurchaseDate(of renewal: TransactionRecord, signedAt time: Date) throws -> Date? {
        guard let originalId = renewal.originalTransactionId else { return nil }
        do {
            return try ledger.transaction(id: originalId)?.purchasedAt
        } catch {
            try log(.ledgerUnreadable, "signing \(renewal.id): its original \(originalId) could not be read "
                    + "(\(error)); its originalPurchaseDate is the renewal's own", renewal.id, time)
            return nil
        }
    }

    /// Keeps a forged JWS for a paid transaction: its payload altered (99 more of the product
    /// than were paid for; a change of price would change nothing in a free trial) under the
    /// signature of the real one, which therefore no longer verifies.
    func tamper(withSignatureOf transactionId: String) throws {
        guard let text = try ledger.transaction(id: transactionId)?.signedTransaction, let jws = JWS(compact: text),
              var payload = SignedTransactionPayload.decoded(from: jws.payload)
        else { throw LedgerError.unknownTransaction(id: transactionId) }
        payload.quantity += 99
        try ledger.recordSignedTransaction(jws.replacingPayload(with: try payload.encoded()).compact,
                                           ofTransaction: transactionId)
    }

    /// Why the signed form of `transaction` cannot be trusted, or nil: it must be this ledger's
    /// ES256 signature, for this app's bundle id, of this very transaction.
    func signatureProblem(_ transaction: TransactionRecord) -> String? {
        Self.signatureProblem(transaction, key: signingKey, bundleId: catalog.app.bundleId)
    }

    /// What is wrong with a transaction's signature by `key`, or nil when it verifies; the
    /// bundle id is checked only when given (`history` has no catalog to take it from).
    static func signatureProblem(_ transaction: TransactionRecord, key: SigningKey, bundleId: String?) -> String? {
        guard let text = transaction.signedTransaction else { return "the transaction is not signed" }
        guard let jws = JWS(compact: text) else { return "the signed transaction is not a compact JWS" }
        guard jws.isSigned(by: key) else { return "the signed transaction was altered, so its signature does not verify" }
        guard let payload = SignedTransactionPayload.decoded(from: jws.payload) else {
            return "the signed payload is not a transaction"
        }
        if let bundleId, payload.bundleId != bundleId {
            return "signed for bundle \(payload.bundleId), not \(bundleId)"
        }
        guard payload.transactionId == transaction.id, payload.productId == transaction.productId else {
            return "the signature is for \(payload.transactionId), of \(payload.productId)"
        }
        return nil
    }
}
