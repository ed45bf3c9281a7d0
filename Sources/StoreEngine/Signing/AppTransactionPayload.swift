import Foundation

/// What a player's signed app transaction says (`signedAppTransaction`), field for field as
/// Apple's `JWSAppTransactionDecodedPayload`: the app's own purchase (its download), which an app
/// reads through `AppTransaction.shared` and a backend verifies as it verifies a transaction.
/// Signed when it is read, with the same certificates. Values are the sandbox's where Apple fixes
/// them there (`originalApplicationVersion` 1.0, `versionExternalIdentifier` 0).
public struct AppTransactionPayload: AppStoreSignedPayload, Codable, Sendable, Equatable {
    /// `Sandbox`, `Production` or `Xcode`: the environment, under the name Apple gives it here.
    public var receiptType: String
    /// Absent until `storefront keys` gave the app an id.
    public var appAppleId: Int64?
    public var bundleId: String
    public var applicationVersion: String
    public var versionExternalIdentifier: Int64
    public var receiptCreationDate: Int64
    /// When the player first got the app: their first purchase, as the ledger knows them.
    public var originalPurchaseDate: Int64
    public var originalApplicationVersion: String
    /// Base64 of the SHA-384 of the nonce and the device's id, as Apple makes it.
    public var deviceVerification: String
    public var deviceVerificationNonce: String
    public var appTransactionId: String
    public var originalPlatform: String

    /// The certificates follow the environment, as for a transaction.
    public var environment: String { receiptType }

    /// The app transaction of `userId`, who first bought at `firstSeen`, signed at `time`.
    init(userId: String, bundleId: String, appAppleId: Int64?, environment: SignedEnvironment, firstSeen: Date,
         signedAt time: Date) {
        receiptType = environment.rawValue
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        applicationVersion = "1"
        versionExternalIdentifier = 0
        receiptCreationDate = SignedTransactionPayload.milliseconds(time)
        originalPurchaseDate = SignedTransactionPayload.milliseconds(firstSeen)
        originalApplicationVersion = "1.0"
        // The same for one player every time it is signed: a backend may compare them.
        let nonce = AccountToken.uuid(forUser: "appTransaction.nonce:" + userId).lowercased()
        deviceVerificationNonce = nonce
        deviceVerification = Data(Digest.sha384.of(nonce + AccountToken.uuid(forUser: "device:" + userId)) ?? [])
            .base64EncodedString()
        let number = (Digest.sha256.of("appTransactionId:" + userId) ?? []).prefix(8)
            .reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        // Eighteen digits, as Apple's ids are.
        appTransactionId = String(700_000_000_000_000_000 + number % 100_000_000_000_000_000)
        originalPlatform = "iOS"
    }
}
