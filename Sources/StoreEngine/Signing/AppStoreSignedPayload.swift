import Foundation

/// What the App Store signs as a JWS (a transaction, a subscription's renewal info): its JSON
/// and the environment it names, which decides the certificates in its header.
protocol AppStoreSignedPayload: Encodable {
    var environment: String { get }
}

extension AppStoreSignedPayload {
    /// The JSON that is signed: keys sorted, so one payload always reads the same.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
