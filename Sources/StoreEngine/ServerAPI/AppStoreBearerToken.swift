import Foundation

/// The App Store Server API's check of a request's bearer token, as Apple's servers make it: a
/// JWT signed ES256 with the In-App Purchase key the header's `kid` names, issued by the key's
/// issuer (`iss`), for `appstoreconnect-v1` (`aud`) and the app (`bid`), expiring (`exp`) within
/// the hour; `iat`, when given, no more than an hour before `exp`. Nil when it passes, else why
/// not (for the Events pane; Apple answers 401 whatever the reason).
struct AppStoreBearerToken {
    let keyId: String
    let issuerId: String
    let key: SigningKey
    let bundleId: String

    /// Apple refuses a token that lives longer than an hour.
    static let longestLife: TimeInterval = 3600

    /// Tokens that passed, with their expiry: a backend signs one token and sends it with many
    /// requests, and each after the first is checked by its expiry alone (the ES256 check of
    /// the same text again would say the same).
    private var accepted: [String: TimeInterval] = [:]
    /// At most this many are kept; past it they are forgotten, and checked again in full.
    static let acceptedLimit = 256
    /// The one of them that passed last, looked at first: a backend's requests carry the same
    /// token, and comparing it to the last costs less than hashing it for the dictionary.
    private var latest: (token: String, expires: TimeInterval)?

    init(keyId: String, issuerId: String, key: SigningKey, bundleId: String) {
        self.keyId = keyId
        self.issuerId = issuerId
        self.key = key
        self.bundleId = bundleId
    }

    mutating func problem(with authorization: String?, at now: Date) -> String? {
        if let authorization, let latest, latest.token == authorization {
            if latest.expires > now.timeIntervalSince1970 { return nil }
            self.latest = nil
        }
        if let authorization, let expires = accepted[authorization] {
            if expires > now.timeIntervalSince1970 {
                latest = (authorization, expires)
                return nil
            }
            accepted[authorization] = nil
            return "the token expired"
        }
        switch check(authorization, at: now) {
        case .success(let expires):
            if accepted.count >= Self.acceptedLimit { accepted.removeAll() }
            if let authorization {
                accepted[authorization] = expires
                latest = (authorization, expires)
            }
            return nil
        case .failure(let refusal):
            return refusal.reason
        }
    }

    private struct Refusal: Error {
        var reason: String
    }

    private static func refuse(_ reason: String) -> Result<TimeInterval, Refusal> {
        .failure(Refusal(reason: reason))
    }

    /// The token checked in full: its expiry when it passes, else why not.
    private func check(_ authorization: String?, at now: Date) -> Result<TimeInterval, Refusal> {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return Self.refuse("no bearer token") }
        guard let jws = JWS(compact: String(authorization.dropFirst("Bearer ".count))) else { return Self.refuse("the token is not a JWT") }
        guard let header = try? JSONSerialization.jsonObject(with: jws.header) as? [String: Any],
              let claims = try? JSONSerialization.jsonObject(with: jws.payload) as? [String: Any] else {
            return Self.refuse("the token's header or claims are not JSON objects")
        }
        guard header["alg"] as? String == "ES256" else { return Self.refuse("the token is not signed ES256") }
        guard header["kid"] as? String == keyId else { return Self.refuse("the token names another key than \(keyId)") }
        guard jws.isSigned(by: key) else { return Self.refuse("the token's signature is not the key's") }
        guard claims["iss"] as? String == issuerId else { return Self.refuse("the token's issuer is not \(issuerId)") }
        guard claims["aud"] as? String == "appstoreconnect-v1" else { return Self.refuse("the token's audience is not appstoreconnect-v1") }
        guard claims["bid"] as? String == bundleId else { return Self.refuse("the token is for another app than \(bundleId)") }
        guard let expires = Self.seconds(claims["exp"]) else { return Self.refuse("the token has no expiry") }
        let time = now.timeIntervalSince1970
        guard expires > time else { return Self.refuse("the token expired") }
        guard expires - time <= Self.longestLife else { return Self.refuse("the token expires more than an hour from now") }
        if let issued = claims["iat"] {
            guard let issuedAt = Self.seconds(issued), expires - issuedAt <= Self.longestLife, issuedAt <= time + 60 else {
                return Self.refuse("the token was issued more than an hour before it expires, or in the future")
            }
        }
        return .success(expires)
    }

    private static func seconds(_ value: Any?) -> TimeInterval? {
        (value as? NSNumber).map(\.doubleValue)
    }
}
