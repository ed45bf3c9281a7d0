import Foundation

extension ServerKeys {
    /// A bearer token for the App Store Server API, as Apple's client makes one with the key
    /// `storefront keys` wrote: ES256 with the key's id, its issuer, for `appstoreconnect-v1` and
    /// `bundleId`, issued `now` and expiring `lifetime` seconds later (Apple takes at most an
    /// hour). What the bench, the fuzzer and the tests call the API with; a backend makes its own.
    public func appStoreBearerToken(bundleId: String, now: Date = Date(), lifetime: TimeInterval = 1800) throws(StoreError) -> String {
        let issued = Int(now.timeIntervalSince1970)
        let claims: [String: Any] = ["iss": issuerId, "aud": "appstoreconnect-v1", "bid": bundleId,
                                     "iat": issued, "exp": issued + Int(min(lifetime, AppStoreBearerToken.longestLife))]
        let header: [String: Any] = ["alg": "ES256", "kid": apiKeyId, "typ": "JWT"]
        do {
            let payload = try JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])
            let headerData = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
            return try JWS.signing(payload, with: SigningKey(privatePEM: apiKeyPEM), header: headerData).compact
        } catch let error as SigningError {
            throw .signing(path: "the App Store Server API key \(apiKeyId)", reason: error.description)
        } catch {
            throw StoreError(error)
        }
    }
}
