import Foundation
import Ledger

/// The credentials a team's backend is handed to talk to the stores' servers storefront plays:
/// the App Store's In-App Purchase key (ES256, `SubscriptionKey_<KEYID>.p8`, with its key id
/// and issuer id) and app Apple id, and a Google Cloud service account (an RSA key) for the
/// Google Play Developer API. Made once per state directory, the first time they are asked
/// for, and kept in its ledger (a file only its owner reads), so `reset` makes new ones.
struct ServerCredentials: Codable, Equatable {
    /// Ten capitals and digits, as App Store Connect names its keys.
    var apiKeyId: String
    /// A UUID, as App Store Connect's issuer id.
    var issuerId: String
    /// PKCS #8 PEM, as the `.p8` file App Store Connect lets you download once.
    var apiKeyPEM: String
    /// The app's number in the App Store (ten digits), which production data must name.
    var appAppleId: Int64
    /// The Google Cloud project the service account belongs to.
    var projectId: String
    /// Forty hex digits, as Google names a service account's key.
    var serviceAccountKeyId: String
    /// PKCS #8 PEM of the service account's RSA key.
    var serviceAccountKeyPEM: String

    var serviceAccountEmail: String { "storefront-backend@\(projectId).iam.gserviceaccount.com" }

    /// The ledger setting that keeps them (JSON).
    static let setting = "serverCredentials"

    /// The credentials the ledger keeps, or new ones, kept before they are handed out.
    static func kept(in ledger: LedgerDatabase) throws -> ServerCredentials {
        if let kept = try read(from: ledger) { return kept }
        let made = try making()
        let encoded = try JSONEncoder().encode(made)
        try ledger.setSetting(setting, to: String(decoding: encoded, as: UTF8.self))
        return made
    }

    /// New credentials: fresh keys, fresh ids.
    static func making() throws -> ServerCredentials {
        var generator = SystemRandomNumberGenerator()
        let capitalsAndDigits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let hex = Array("0123456789abcdef")
        return ServerCredentials(
            apiKeyId: String((0..<10).map { _ in capitalsAndDigits.randomElement(using: &generator)! }),
            issuerId: UUID().uuidString.lowercased(),
            apiKeyPEM: try SigningKey.generate().privatePEM(),
            appAppleId: Int64.random(in: 1_000_000_000...9_999_999_999, using: &generator),
            projectId: "storefront-\(Int.random(in: 100_000...999_999, using: &generator))",
            serviceAccountKeyId: String((0..<40).map { _ in hex.randomElement(using: &generator)! }),
            serviceAccountKeyPEM: try RSAKey.generate().privatePEM())
    }
}

extension ServerCredentials {
    /// The credentials a ledger keeps, read only (nil when none were made yet).
    static func read(from ledger: LedgerDatabase) throws -> ServerCredentials? {
        try ledger.setting(setting).flatMap { try? JSONDecoder().decode(ServerCredentials.self, from: Data($0.utf8)) }
    }
}

extension ServerCredentials {
    /// Twenty-one digits, as Google numbers a service account (its key file's `client_id`, its
    /// tokens' `sub`); the same for the same key.
    var serviceAccountClientId: String { Self.clientId(ofKey: serviceAccountKeyId) }

    static func clientId(ofKey keyId: String) -> String {
        keyId.unicodeScalars.prefix(21).map { String($0.value % 10) }.joined()
    }
}
