import Foundation
import Ledger

/// What a path may do with the outbox of its store's notifications (`PathPurchases.outbox`):
/// post one to the team's backend inside the path's commit, ask what the backend took, and
/// sign as Xsolla signs. Nothing is sent from here: the engine hands rows over once committed.
struct PathOutbox {
    unowned let store: Store

    /// The ledger setting that keeps the secret key Xsolla signs with when the catalog names none.
    static let xsollaSecretSetting = "xsolla.webhookSecretKey"

    /// Whether `marketplace`'s server has a URL to post to.
    func posts(from marketplace: Marketplace) -> Bool {
        store.outbox.urls[marketplace] != nil
    }

    /// The audience of an authenticated push subscription: each push carries a token for it.
    var pushAudience: String? { store.outbox.pushAudience }

    /// Whether Xsolla's webhook mode makes the backend's answers part of a purchase now.
    var holdsXsollaPurchases: Bool { store.outbox.holdsXsollaPurchases }

    /// Writes `message` to the outbox of `marketplace`, inside the caller's commit; nothing
    /// without a URL.
    func post(_ message: OutboxMessage, from marketplace: Marketplace, transaction transactionId: String?) throws {
        try store.enqueueNotification(from: marketplace, uuid: message.uuid, type: message.type,
                                      transactionId: transactionId, body: message.body, headers: message.headers)
    }

    /// Whether the backend took a notification of `type` of `transactionId` from `marketplace`.
    func delivered(_ type: String, of transactionId: String, from marketplace: Marketplace) throws -> Bool {
        try written(type, of: transactionId, from: marketplace).contains { $0.deliveredAt != nil }
    }

    /// Whether a notification of `type` of `transactionId` from `marketplace` was ever written.
    func posted(_ type: String, of transactionId: String, from marketplace: Marketplace) throws -> Bool {
        try !written(type, of: transactionId, from: marketplace).isEmpty
    }

    private func written(_ type: String, of transactionId: String, from marketplace: Marketplace) throws -> [NotificationRecord] {
        try store.ledger.notifications(matching: NotificationQuery(
            store: marketplace.rawValue, from: .distantPast, until: .distantFuture, type: type,
            transactionIds: [transactionId], limit: 100))
    }

    /// Xsolla's `Authorization` header for `body`: `Signature <SHA-1 of the body followed by the
    /// project's secret key>`. The key is the catalog's, else one made for this ledger and kept.
    func xsollaAuthorization(of body: String) throws -> OutboxDelivery.Header {
        let key = try store.outbox.xsollaSecretKey ?? xsollaLedgerKey()
        guard let digest = Digest.sha1.hex(of: body + key) else {
            throw StoreError.signing(path: store.ledger.path, reason: "libcrypto could not hash an Xsolla webhook")
        }
        return OutboxDelivery.Header(name: "Authorization", value: "Signature " + digest)
    }

    /// The ledger's own Xsolla secret key, made on first use from the system's randomness (a
    /// script's seeded draws stay as they were).
    func xsollaLedgerKey() throws -> String {
        try Self.xsollaKey(keptIn: store.ledger)
    }

    /// The ledger's Xsolla secret key, made and kept when missing (`storefront keys` prints it).
    static func xsollaKey(keptIn ledger: LedgerDatabase) throws -> String {
        if let key = try ledger.setting(xsollaSecretSetting) { return key }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let key = String((0..<32).map { _ in alphabet.randomElement(using: &generator) ?? "0" })
        try ledger.setSetting(xsollaSecretSetting, to: key)
        return key
    }
}
