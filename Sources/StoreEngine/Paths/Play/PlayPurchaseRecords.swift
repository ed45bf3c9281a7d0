import Foundation
import Ledger

/// Google Play's purchases as the simulated store keeps them: one JSON value per purchase in
/// the ledger's path records (`Ledger.setPathRecord`, keyed by its transaction, oldest first),
/// so a relaunch finds what Google holds (a payment the app had not been told of yet, a
/// pending purchase, an unacknowledged one). Reading or saving one costs the same however many
/// purchases there are.
struct PlayPurchaseRecords: PathRecords {
    private let ledger: LedgerDatabase

    init(ledger: LedgerDatabase, now: Date) {
        self.ledger = ledger
    }

    /// The path records' owner: this path's id.
    private static let owner = "play"

    /// The Google Cloud project of the service account `storefront keys` made, nil before: the
    /// project a real Pub/Sub subscription of the app's notifications belongs to.
    func serviceAccountProject() throws -> String? {
        try ServerCredentials.read(from: ledger)?.projectId
    }

    /// `Authorization: Bearer` with Google's OIDC token for `audience`, minted `now` (the wall
    /// clock's), for one push of an authenticated subscription.
    func pushAuthorization(audience: String, at now: Date) throws -> OutboxDelivery.Header {
        try GooglePushToken.header(audience: audience, ledger: ledger, at: now)
    }

    /// The purchase of a transaction, if Google holds one.
    func purchase(of transactionId: String) throws -> PlayPurchase? {
        guard let text = try ledger.pathRecord(of: Self.owner, key: transactionId) else { return nil }
        return try JSONDecoder().decode(PlayPurchase.self, from: Data(text.utf8))
    }

    /// Writes the purchase whole, inside the caller's commit.
    func save(_ purchase: PlayPurchase) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try ledger.setPathRecord(String(decoding: try encoder.encode(purchase), as: UTF8.self),
                                 of: Self.owner, key: purchase.transactionId)
    }

    /// The purchase whose token is `token` (the Developer API's lookup): only records whose JSON
    /// holds the token's text are decoded, not every purchase held.
    func purchase(withToken token: String) throws -> PlayPurchase? {
        guard !token.isEmpty else { return nil }
        for record in try ledger.pathRecords(of: Self.owner) where record.value.contains(token) {
            let purchase = try JSONDecoder().decode(PlayPurchase.self, from: Data(record.value.utf8))
            if purchase.purchaseToken == token { return purchase }
        }
        return nil
    }

    /// Every purchase Google holds, oldest first.
    func all() throws -> [PlayPurchase] {
        try ledger.pathRecords(of: Self.owner).map { try JSONDecoder().decode(PlayPurchase.self, from: Data($0.value.utf8)) }
    }

    // MARK: The app's licence key

    private static let licenseKeySetting = "play.licenseKey"

    /// The app's RSA key pair, which signs what Google Play hands the app (made once per state
    /// directory, kept with the ledger like the transactions' ES256 key).
    func licenseKey() throws -> RSAKey {
        if let pem = try ledger.setting(Self.licenseKeySetting) { return try RSAKey(privatePEM: pem) }
        let key = try RSAKey.generate()
        try ledger.setSetting(Self.licenseKeySetting, to: try key.privatePEM())
        return key
    }

    /// The public half as the Play Console shows it (Base64 DER), from a ledger opened read-only;
    /// nil when no Play purchase or launch has made one yet.
    static func publicKey(in ledger: LedgerDatabase) throws -> String? {
        guard let pem = try ledger.setting(licenseKeySetting) else { return nil }
        return try RSAKey(privatePEM: pem).publicKeyBase64()
    }

    /// Each transaction's purchase as Google Play hands it, checked with the licence key, from
    /// a ledger opened read-only (nothing is made: without a key, nothing verifies).
    static func signedPurchases(in ledger: LedgerDatabase, transactions: [TransactionRecord]) throws -> [String: SignedPurchase] {
        let key = try ledger.setting(licenseKeySetting).flatMap { try? RSAKey(privatePEM: $0) }
        let records = PlayPurchaseRecords(ledger: ledger, now: Date())
        var found: [String: SignedPurchase] = [:]
        for transaction in transactions {
            guard let purchase = try records.purchase(of: transaction.id) else { continue }
            found[transaction.id] = SignedPurchase(
                originalJson: purchase.originalJson, signature: purchase.signature, algorithm: RSAKey.algorithm,
                purchaseState: purchase.purchaseStateName, isAcknowledged: purchase.acknowledged,
                token: purchase.purchaseToken,
                problem: key.map { purchase.signatureProblem(with: $0, for: transaction) } ?? "the ledger has no licence key")
        }
        return found
    }

    /// The app's setting: whether it acknowledges and consumes on its own after granting.
    private static let acknowledgesSetting = "play.appAcknowledges"

    func appAcknowledges() throws -> Bool {
        try ledger.setting(Self.acknowledgesSetting) != "false"
    }

    func setAppAcknowledges(_ on: Bool) throws {
        try ledger.setSetting(Self.acknowledgesSetting, to: on ? "true" : "false")
    }
}
