import Foundation
import Ledger

/// Google Play's purchases as the simulated store keeps them, in the ledger's settings: one
/// JSON value per purchase (`play.purchase.<transaction>`) and the list of them
/// (`play.purchases`), so a relaunch finds what Google holds (a payment the app had not been
/// told of yet, a pending purchase, an unacknowledged one). Settings rather than a table of
/// its own: the rows are few and read whole, and the schema stays the engine's.
struct PlayPurchaseRecords: PathRecords {
    private let ledger: Ledger

    init(ledger: Ledger, now: Date) {
        self.ledger = ledger
    }

    private static let listKey = "play.purchases"

    private static func key(of transactionId: String) -> String { "play.purchase.\(transactionId)" }

    /// The purchase of a transaction, if Google holds one.
    func purchase(of transactionId: String) throws -> PlayPurchase? {
        guard let text = try ledger.setting(Self.key(of: transactionId)) else { return nil }
        return try JSONDecoder().decode(PlayPurchase.self, from: Data(text.utf8))
    }

    /// Writes the purchase whole, inside the caller's commit.
    func save(_ purchase: PlayPurchase) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try ledger.setSetting(Self.key(of: purchase.transactionId),
                              to: String(decoding: try encoder.encode(purchase), as: UTF8.self))
        var ids = try transactionIds()
        if !ids.contains(purchase.transactionId) {
            ids.append(purchase.transactionId)
            try ledger.setSetting(Self.listKey, to: ids.joined(separator: ","))
        }
    }

    /// Every purchase Google holds, oldest first.
    func all() throws -> [PlayPurchase] {
        try transactionIds().compactMap { try purchase(of: $0) }
    }

    private func transactionIds() throws -> [String] {
        (try ledger.setting(Self.listKey) ?? "").split(separator: ",").map(String.init)
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
    static func publicKey(in ledger: Ledger) throws -> String? {
        guard let pem = try ledger.setting(licenseKeySetting) else { return nil }
        return try RSAKey(privatePEM: pem).publicKeyBase64()
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
