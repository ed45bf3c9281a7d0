import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// `storefront keys`' engine half: what a backend is handed is made once per state directory,
/// in the ledger, and is what the store signs and serves with.
@Suite("Server keys: made once per state directory, shaped as the stores hand them out")
struct ServerKeysTests {
    @Test func theyAreMadeOnAStateDirectoryWithNoLedgerAndKeptThen() throws {
        try withTemporaryDirectory { path in
            let directory = StateDirectory(path: path + "/state")
            let keys = try directory.serverKeys()
            #expect(FileManager.default.fileExists(atPath: directory.ledgerPath))
            let again = try directory.serverKeys()
            #expect(again.rootCertificate == keys.rootCertificate && again.apiKeyPEM == keys.apiKeyPEM
                    && again.serviceAccountKeyPEM == keys.serviceAccountKeyPEM && again.ownKeys == keys.ownKeys)
            // The store that opens the ledger next signs with the chain whose root was handed out.
            let store = try Store(catalog: try defaultCatalog(), ledgerPath: directory.ledgerPath, userId: "p")
            #expect(store.signingCertificates.root.der == keys.rootCertificate)
            // And the licence key is the one `public-key --path play` prints.
            let licenseKey = keys.ownKeys[.play]
            #expect(licenseKey != nil)
            #expect(try directory.publicKey(of: .play) == .read(licenseKey))
            // A reset directory hands out new ones.
            _ = try directory.reset()
            #expect(try directory.serverKeys().rootCertificate != keys.rootCertificate)
        }
    }

    @Test func eachIsShapedAsItsStoreShapesIt() throws {
        try withTemporaryDirectory { path in
            let keys = try StateDirectory(path: path).serverKeys()
            #expect(keys.apiKeyId.count == 10 && keys.apiKeyId.allSatisfy { $0.isUppercase || $0.isNumber })
            #expect(keys.apiKeyFileName == "SubscriptionKey_\(keys.apiKeyId).p8")
            #expect(UUID(uuidString: keys.issuerId) != nil)
            #expect((1_000_000_000...9_999_999_999).contains(keys.appAppleId))
            // The .p8 is a P-256 key in PKCS #8, as App Store Connect's.
            #expect(keys.apiKeyPEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
            _ = try SigningKey(privatePEM: keys.apiKeyPEM)
            _ = try RSAKey(privatePEM: keys.serviceAccountKeyPEM)
            #expect(keys.rootCertificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
            #expect(Data(base64Encoded: keys.rootCertificatePEM.split(separator: "\n").dropFirst().dropLast().joined())
                    == keys.rootCertificate)
            let account = try #require(try JSONSerialization.jsonObject(
                with: keys.serviceAccountJSON(tokenURI: "http://127.0.0.1:9/token")) as? [String: String])
            #expect(account["type"] == "service_account" && account["token_uri"] == "http://127.0.0.1:9/token")
            #expect(account["private_key"] == keys.serviceAccountKeyPEM && account["private_key_id"] == keys.serviceAccountKeyId)
            #expect(account["client_email"] == keys.serviceAccountEmail && account["project_id"] == keys.projectId)
            #expect(account["client_id"]?.count == 21 && account["client_id"]?.allSatisfy(\.isNumber) == true)
        }
    }
}
