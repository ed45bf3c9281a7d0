import Foundation
import Ledger

/// The OIDC token a Pub/Sub push subscription with authentication puts in `Authorization:
/// Bearer` of each push: an RS256 JWT Google signs for the subscription's service account, with
/// the subscription's audience, good for an hour. Google mints one per push, so it is minted as
/// each attempt is handed over, on the wall clock (the backend checks it against real time),
/// never kept in the outbox. The key that plays Google's is the state directory's own, and its
/// public half is published as Google publishes its keys (`GET /oauth2/v1/certs`, `storefront
/// keys`' google-oidc-certs.json), so a backend verifies offline with google-auth unchanged.
struct GooglePushToken {
    /// Google's keys sign its tokens, and Google issues them.
    static let issuer = "https://accounts.google.com"
    /// Google's push tokens live an hour.
    static let lifetime: TimeInterval = 3600
    /// The service account a token names before `storefront keys` made one.
    static let placeholderEmail = "storefront-push@storefront.iam.gserviceaccount.com"
    static let placeholderSubject = "100000000000000000000"
    /// The ledger setting that keeps the key playing Google's (PKCS #8 PEM).
    static let keySetting = "play.pushSigningKey"

    let key: RSAKey
    /// Forty hex digits, as Google names its keys: the SHA-1 of the public half, so the id
    /// needs no keeping of its own.
    let keyId: String

    init(key: RSAKey) throws(SigningError) {
        self.key = key
        guard let id = Digest.sha1.hex(of: try key.publicKeyBase64()) else { throw .crypto("SHA-1 of the public key") }
        keyId = id
    }

    /// The kept key, made and kept now when there is none (inside the caller's commit, if any).
    static func kept(in ledger: LedgerDatabase) throws -> GooglePushToken {
        if let kept = try read(from: ledger) { return kept }
        let key = try RSAKey.generate()
        try ledger.setSetting(keySetting, to: try key.privatePEM())
        return try GooglePushToken(key: key)
    }

    /// The kept key from a ledger that may be read-only; nil before one was made.
    static func read(from ledger: LedgerDatabase) throws -> GooglePushToken? {
        guard let pem = try ledger.setting(keySetting) else { return nil }
        return try GooglePushToken(key: RSAKey(privatePEM: pem))
    }

    /// What Google's certs endpoint answers: each key's id and its public half, PEM.
    func certificates() throws(SigningError) -> [String: String] {
        [keyId: try key.publicPEM()]
    }

    /// A token for `audience`, issued `now`, naming the service account `email` (numbered `subject`).
    func mint(audience: String, email: String, subject: String, at now: Date) throws(SigningError) -> String {
        let issued = Int(now.timeIntervalSince1970)
        let claims: [String: Any] = [
            "aud": audience, "azp": email, "email": email, "email_verified": true, "exp": issued + Int(Self.lifetime),
            "iat": issued, "iss": Self.issuer, "sub": subject,
        ]
        let header: [String: Any] = ["alg": "RS256", "kid": keyId, "typ": "JWT"]
        do {
            return try key.rs256JWT(header: JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]),
                                    claims: JSONSerialization.data(withJSONObject: claims,
                                                                   options: [.sortedKeys, .withoutEscapingSlashes]))
        } catch let error as SigningError {
            throw error
        } catch {
            throw .crypto("the token's JSON: \(error)")
        }
    }

    /// The `Authorization` header of one push from the ledger's service account (a placeholder
    /// before `storefront keys` made it), with the ledger's key (made when missing).
    static func header(audience: String, ledger: LedgerDatabase, at now: Date) throws -> OutboxDelivery.Header {
        let account = try ServerCredentials.read(from: ledger)
        let token = try kept(in: ledger).mint(audience: audience, email: account?.serviceAccountEmail ?? placeholderEmail,
                                              subject: account?.serviceAccountClientId ?? placeholderSubject, at: now)
        return OutboxDelivery.Header(name: "Authorization", value: "Bearer " + token)
    }

    /// Why `authorization` is not a push token signed by a key of `certificates` (key id to PEM)
    /// and unexpired at `now`, or nil when it is: what a backend checks offline. The audience is
    /// the backend's to compare: the problem names none.
    static func problem(with authorization: String, certificates: [String: String], at now: Date) -> String? {
        guard authorization.hasPrefix("Bearer ") else { return "Authorization is not a Bearer token" }
        guard let jwt = JWS(compact: String(authorization.dropFirst("Bearer ".count))),
              let header = try? JSONSerialization.jsonObject(with: jwt.header) as? [String: Any],
              let claims = try? JSONSerialization.jsonObject(with: jwt.payload) as? [String: Any] else {
            return "the Bearer token is not a JWT"
        }
        guard header["alg"] as? String == "RS256" else { return "the token is not signed RS256" }
        guard let keyId = header["kid"] as? String, let pem = certificates[keyId] else {
            return "the token names no key of the certs (kid \(header["kid"] as? String ?? "none"))"
        }
        guard let key = try? RSAKey(publicPEM: pem), key.verifiesRS256(jwt) else {
            return "the token's signature does not verify with key \(keyId)"
        }
        guard let expiry = (claims["exp"] as? NSNumber)?.doubleValue, expiry > now.timeIntervalSince1970 else {
            return "the token expired"
        }
        return nil
    }
}
