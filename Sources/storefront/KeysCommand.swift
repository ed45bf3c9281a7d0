import Catalog
import Foundation
import Platform
import StoreEngine

/// `storefront keys --out DIR`: what a team's backend configures to verify what storefront
/// signs and to call the stores' servers it plays, written as the stores hand it out, each file
/// readable by its owner only: the root certificate of the App Store data (DER and PEM), the
/// App Store Server API's In-App Purchase key (`SubscriptionKey_<KEYID>.p8`), a Google service
/// account's key file, and the Google Play licence key; then the ids a backend sets beside
/// them, from the catalog (`--catalog`, else ./catalog.json) and the state directory. The
/// keys are the state directory's, made the first time they are asked for (`reset` makes new
/// ones).
enum KeysCommand {
    /// Where the service account's `token_uri` points: the token endpoint of the stores' APIs
    /// storefront serves on this address.
    static let defaultAPIAddress = ServedAddress(host: "127.0.0.1", port: ServedAddress.defaultPort)
    /// The public keys of Google's push tokens, as its certs endpoint answers them.
    static let googleCertificatesFile = "google-oidc-certs.json"

    static func run(_ options: Options) throws(CommandFailure) {
        guard let out = options.outputDirectory, !out.isEmpty else {
            throw CommandFailure(.usage, "keys writes its files into a folder: storefront keys --out DIR.")
        }
        let catalogPath = options.catalogPath ?? "catalog.json"
        let catalog = try Environment.loadCatalog(at: catalogPath)
        let environment = SignedEnvironment(settings: catalog.settings, choice: try options.signedDataStyle())
        let directory = Environment.stateDirectory(options)
        // Where the app will serve the APIs (`--api`), so the token endpoint is there.
        let address = try APIOption.address(options, catalog: catalog) ?? defaultAPIAddress
        let keys: ServerKeys
        do {
            keys = try directory.serverKeys()
        } catch {
            throw CommandFailure(error)
        }
        let files: [(name: String, contents: Data)] = [
            ("storefront-root.cer", keys.rootCertificate),
            ("storefront-root.pem", Data(keys.rootCertificatePEM.utf8)),
            (keys.apiKeyFileName, Data(keys.apiKeyPEM.utf8)),
            ("service-account.json", keys.serviceAccountJSON(tokenURI: "http://\(address)/token")),
            ("play-license-key.txt", Data(((keys.ownKeys[.play] ?? "") + "\n").utf8)),
            (googleCertificatesFile, keys.tokenCertificatesJSON),
            // The ids beside the key, as files too, for a script that configures a backend.
            ("KEY_ID", Data((keys.apiKeyId + "\n").utf8)),
            ("ISSUER_ID", Data((keys.issuerId + "\n").utf8)),
            ("APP_APPLE_ID", Data("\(keys.appAppleId)\n".utf8)),
            ("XSOLLA_SECRET_KEY", Data(((catalog.settings.notifications.xsollaSecretKey ?? keys.xsollaSecretKey) + "\n").utf8)),
        ]
        try write(files, into: out)
        let lines = [
            "Wrote " + files.map(\.name).joined(separator: ", ") + " into \(out) (each readable by you only).",
            "",
            "App Store (app-store-server-library)",
            "  root certificate  \(out)/storefront-root.cer: SignedDataVerifier([its bytes], False, Environment.\(environment.rawValue.uppercased()), bundle_id)",
            "  bundle id         \(catalog.app.bundleId)",
            "  app Apple id      \(keys.appAppleId)",
            "  environment       \(environment.rawValue)",
            "  key id            \(keys.apiKeyId)",
            "  issuer id         \(keys.issuerId)",
            "  private key       \(out)/\(keys.apiKeyFileName)",
            "",
            "Google Play (google-auth, google-api-python-client)",
            "  package name      \(catalog.app.bundleId)",
            "  service account   \(out)/service-account.json (\(keys.serviceAccountEmail))",
            "  licence key       \(out)/play-license-key.txt (Base64 DER; Security.verifyPurchase's key)",
            "  push token certs  \(out)/\(googleCertificatesFile) (as http://\(address)/oauth2/v1/certs: id_token.verify_token's certs_url)",
            "",
            "Xsolla (webhooks: Authorization: Signature <sha1(body + secret key)>)",
            "  secret key        \(out)/XSOLLA_SECRET_KEY"
                + (catalog.settings.notifications.xsollaSecretKey == nil ? " (the ledger's; the catalog's notifications.xsollaSecretKey replaces it)"
                   : " (the catalog's notifications.xsollaSecretKey)"),
            "",
            "The stores' server APIs answer on http://\(address) while the app runs with --api \(address):",
            "  App Store Server API       AppStoreServerAPIClient(key, key id, issuer id, bundle id, environment), base URL http://\(address)",
            "  Google Play Developer API  build('androidpublisher', 'v3', credentials=..., client_options={'api_endpoint': 'http://\(address)'})",
        ]
        for line in lines { print(ControlCharacters.escaped(line)) }
    }

    /// Writes each file 0600 into `folder` (made 0700 when missing), replacing one of the name.
    private static func write(_ files: [(name: String, contents: Data)], into folder: String) throws(CommandFailure) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            throw CommandFailure(.ioError, "\(ControlCharacters.escaped(folder)) is a file, not a folder: "
                                 + "choose a folder for the keys with --out DIR.")
        }
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
            for file in files {
                let path = folder + "/" + file.name
                // Made private before the key is in it, never after, and never through a link planted in its place.
                if manager.fileExists(atPath: path) { try manager.removeItem(atPath: path) }
                guard try ExclusiveFile.create(at: path, permissions: 0o600) else {
                    throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: path])
                }
                try file.contents.write(to: URL(fileURLWithPath: path))
            }
        } catch {
            throw CommandFailure(.ioError, "could not write the keys into \(ControlCharacters.escaped(folder)): "
                                 + "\((error as? SystemError).map { $0.reason + "." } ?? error.localizedDescription) "
                                 + "Choose a folder you can write in with --out DIR.")
        }
    }
}
