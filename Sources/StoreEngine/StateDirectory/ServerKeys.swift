import Catalog
import Foundation
import Ledger

/// What a team's backend configures to trust and call the stores' servers storefront plays for
/// one state directory (`storefront keys`): the root certificate its App Store data chains to,
/// the In-App Purchase key of the App Store Server API, a Google Cloud service account for the
/// Google Play Developer API, and the public half of each store's own key.
public struct ServerKeys: Sendable {
    /// The root certificate (DER), which Apple's `SignedDataVerifier` takes as its root.
    public let rootCertificate: Data
    public let rootCertificatePEM: String
    /// The App Store Server API's key: its id, its issuer, the key itself (`.p8`, PKCS #8 PEM).
    public let apiKeyId: String
    public let issuerId: String
    public let apiKeyPEM: String
    /// The app's number in the App Store.
    public let appAppleId: Int64
    public let projectId: String
    public let serviceAccountEmail: String
    public let serviceAccountKeyId: String
    public let serviceAccountKeyPEM: String
    /// The public half of each store's own key, by path, in the form its store shows it
    /// (Google Play's licence key, Base64 DER as the Play Console shows it).
    public let ownKeys: [IntegrationPath: String]
    /// The secret key Xsolla signs its webhooks with, unless the catalog names the project's.
    public let xsollaSecretKey: String
    /// The public keys the stores' push tokens are checked with, by key id (PEM), as Google's
    /// certs endpoint lists them.
    public let tokenCertificates: [String: String]

    /// Those keys as the certs endpoint answers them: one JSON object, key id to PEM.
    public var tokenCertificatesJSON: Data {
        (try? JSONSerialization.data(withJSONObject: tokenCertificates, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }

    /// The name App Store Connect gives the key's file.
    public var apiKeyFileName: String { "SubscriptionKey_\(apiKeyId).p8" }

    /// The service account's key file, as the Google Cloud console downloads it, but for
    /// `token_uri`: where the token is asked for, the local API's, so `google-auth` fetches its
    /// token there unchanged.
    public func serviceAccountJSON(tokenURI: String) -> Data {
        let fields: [String: String] = [
            "type": "service_account", "project_id": projectId, "private_key_id": serviceAccountKeyId,
            "private_key": serviceAccountKeyPEM, "client_email": serviceAccountEmail,
            "client_id": ServerCredentials.clientId(ofKey: serviceAccountKeyId),
            "auth_uri": "https://accounts.google.com/o/oauth2/auth", "token_uri": tokenURI,
            "auth_provider_x509_cert_url": "https://www.googleapis.com/oauth2/v1/certs",
            "client_x509_cert_url": "https://www.googleapis.com/robot/v1/metadata/x509/"
                + serviceAccountEmail.replacingOccurrences(of: "@", with: "%40"),
            "universe_domain": "googleapis.com",
        ]
        // Pretty and sorted, as one reads it; the key's newlines are JSON escapes.
        return (try? JSONSerialization.data(withJSONObject: fields, options: [.prettyPrinted, .sortedKeys,
                                                                                .withoutEscapingSlashes])) ?? Data()
    }
}

extension StateDirectory {
    /// The state directory's server keys, made where missing (the ledger, the directory and
    /// each key), in one commit: a backend asks for them before the app ever ran. It takes no
    /// claim on the directory, so it works beside a running app (whose commits it waits for).
    public func serverKeys() throws(StoreError) -> ServerKeys {
        try create()
        do {
            let ledger = try LedgerDatabase(path: ledgerPath)
            return try ledger.inTransaction {
                let signingKey = try Store.signingKey(keptIn: ledger)
                let certificates = try Store.signingCertificates(for: signingKey, keptIn: ledger)
                let credentials = try ServerCredentials.kept(in: ledger)
                return ServerKeys(
                    rootCertificate: certificates.root.der, rootCertificatePEM: certificates.root.pem,
                    apiKeyId: credentials.apiKeyId, issuerId: credentials.issuerId, apiKeyPEM: credentials.apiKeyPEM,
                    appAppleId: credentials.appAppleId, projectId: credentials.projectId,
                    serviceAccountEmail: credentials.serviceAccountEmail,
                    serviceAccountKeyId: credentials.serviceAccountKeyId,
                    serviceAccountKeyPEM: credentials.serviceAccountKeyPEM,
                    ownKeys: try PathRegistry.ownPublicKeys(madeIn: ledger),
                    xsollaSecretKey: try PathOutbox.xsollaKey(keptIn: ledger),
                    tokenCertificates: try PathRegistry.tokenCertificates(madeIn: ledger))
            }
        } catch let error as SigningError {
            throw .signing(path: ledgerPath, reason: error.description)
        } catch {
            throw StoreError(error)
        }
    }
}
