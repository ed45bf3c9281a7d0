import Catalog
import Foundation
import Ledger

// Every transaction is signed when it is paid, as its store signs what it hands the app (the
// App Store's JWS; Google Play's purchase JSON with the app's licence key), and validation
// verifies the signature before anything is granted.
extension Store {
    /// The ledger setting that keeps the private key (PKCS #8 PEM).
    static let signingKeySetting = "signingKey"

    /// The key the ledger keeps, or a new one, kept before it signs anything.
    static func signingKey(keptIn ledger: LedgerDatabase) throws -> SigningKey {
        if let pem = try ledger.setting(signingKeySetting) { return try SigningKey(privatePEM: pem) }
        let key = try SigningKey.generate()
        try ledger.setSetting(signingKeySetting, to: try key.privatePEM())
        return key
    }

    /// The ledger setting that keeps the certificates of the signing key (`SigningCertificates.kept`).
    static let signingCertificatesSetting = "signingCertificates"

    /// The certificates the ledger keeps for `key`, or new ones, kept before anything is signed
    /// with them: a ledger made before they were, or whose key they no longer certify, gets new ones.
    static func signingCertificates(for key: SigningKey, keptIn ledger: LedgerDatabase) throws -> SigningCertificates {
        if let kept = try ledger.setting(signingCertificatesSetting),
           let certificates = SigningCertificates(kept: kept, for: key) { return certificates }
        let certificates = try SigningCertificates.issuing(for: key)
        try ledger.setSetting(signingCertificatesSetting, to: certificates.kept)
        return certificates
    }

    /// The environment the App Store data this store signs says it is from: Xcode's when it
    /// signs as Xcode does, else the sandbox while the catalog's `useSandbox` is on.
    var signedEnvironment: SignedEnvironment {
        SignedEnvironment(settings: catalog.settings, choice: signedDataChoice)
    }

    /// Signs `transaction` as it stands (the caller's copy, already up to date) and keeps the JWS
    /// with it, inside the caller's ledger transaction when there is one. A signing failure
    /// names the ledger whose key failed.
    func sign(_ transaction: TransactionRecord, at time: Date) throws {
        // A store with a key of its own signs as it does (Google Play: the purchase's JSON, never
        // an App Store JWS).
        if signsWithItsOwnKey(transaction) {
            try path(of: transaction).ownKey?.signOwnPurchase(transaction, in: context)
            return
        }
        let compact: String
        do {
            compact = try signer.sign(try signedPayload(of: transaction, signedAt: time))
        } catch let error as SigningError {
            throw StoreError.signing(path: ledger.path, reason: error.description)
        }
        try ledger.recordSignedTransaction(compact, ofTransaction: transaction.id)
    }

    /// Signs `record` again with its revocation as it now stands (`revokedAt` nil: a refund
    /// reversed), unless QA tampered with its signature, which stays broken.
    func signAgain(_ record: TransactionRecord, revokedAt: Date?, reason: String?, at time: Date) throws {
        guard signatureProblem(record) == nil else { return }
        var changed = record
        changed.revokedAt = revokedAt
        changed.revocationReason = reason
        changed.updatedAt = time
        try sign(changed, at: time)
    }

    /// The signer for this ledger's key and its certificates.
    var signer: TransactionSigner {
        TransactionSigner(key: signingKey, certificates: signingCertificates)
    }

    /// What the signature says of `transaction`, signed at `time`.
    func signedPayload(of transaction: TransactionRecord, signedAt time: Date) throws -> SignedTransactionPayload {
        let product = catalog.product(id: transaction.productId)
        let purchased = transaction.purchasedAt ?? transaction.updatedAt
        let expires = product.flatMap { grantRecord(for: transaction, product: $0, at: time)?.expiresAt }
        // A renewal names the purchase that started its subscription, and when that was; so does a
        // family member's share, which is a renewal only when its period starts after the purchase.
        let namesItsPurchase = transaction.state == .purchased && transaction.originalTransactionId != nil
        let originalPurchase = namesItsPurchase ? try originalPurchaseDate(of: transaction, signedAt: time) ?? purchased : purchased
        let isRenewal = namesItsPurchase && (!transaction.isFamilyShared || purchased > originalPurchase)
        return SignedTransactionPayload(
            transactionId: AppStoreIdentifiers.transactionId(of: transaction.id),
            originalTransactionId: AppStoreIdentifiers.transactionId(of: transaction.originalTransactionId ?? transaction.id),
            webOrderLineItemId: product?.type == .autoRenewable ? AppStoreIdentifiers.webOrderLineItemId(of: transaction.id) : nil,
            bundleId: catalog.app.bundleId,
            productId: transaction.productId,
            subscriptionGroupIdentifier: product?.group.map(AppStoreIdentifiers.subscriptionGroupIdentifier), purchaseDate: SignedTransactionPayload.milliseconds(purchased),
            originalPurchaseDate: SignedTransactionPayload.milliseconds(originalPurchase),
            expiresDate: expires.map(SignedTransactionPayload.milliseconds), quantity: transaction.quantity,
            type: product.map { SignedTransactionPayload.typeName(of: $0.type) } ?? "Consumable",
            inAppOwnershipType: transaction.isFamilyShared ? "FAMILY_SHARED" : "PURCHASED", signedDate: SignedTransactionPayload.milliseconds(time),
            environment: signedEnvironment.rawValue, storefront: transaction.storefront,
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

    /// Keeps a forged JWS for a paid transaction (`TransactionSigner.forgery`), which therefore
    /// no longer verifies: QA's "tampered" outcome.
    func tamper(withSignatureOf transactionId: String) throws {
        if let record = try ledger.transaction(id: transactionId), signsWithItsOwnKey(record) {
            guard let ownKey = path(of: record).ownKey else { throw LedgerError.unknownTransaction(id: transactionId) }
            return try ownKey.tamperOwnSignature(of: record, in: context)
        }
        guard let text = try ledger.transaction(id: transactionId)?.signedTransaction,
              let forged = try TransactionSigner.forgery(of: text)
        else { throw LedgerError.unknownTransaction(id: transactionId) }
        try ledger.recordSignedTransaction(forged, ofTransaction: transactionId)
    }

    /// Why the signed form of `transaction` cannot be trusted, or nil (`TransactionVerifier.problem`).
    func signatureProblem(_ transaction: TransactionRecord) -> String? {
        if signsWithItsOwnKey(transaction) {
            return path(of: transaction).ownKey.map { $0.ownSignatureProblem(of: transaction, in: context) }
                ?? "its store signs with no key of its own"
        }
        // The catalog's app now: a saved catalog may change it.
        return TransactionVerifier(key: signingKey, bundleId: catalog.app.bundleId).problem(with: transaction)
    }

    /// Whether the store that sold `transaction` signs it with a key of its own (Google Play's
    /// licence key) rather than as the App Store does.
    func signsWithItsOwnKey(_ transaction: TransactionRecord) -> Bool {
        PathRegistry.path(named: transaction.integrationPath).map(PathRegistry.hasOwnKey) ?? false
    }
}
