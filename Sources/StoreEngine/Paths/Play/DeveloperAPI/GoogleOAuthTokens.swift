import Foundation

/// Google's OAuth 2.0 token endpoint for a service account, as `google-auth` calls it: the
/// JWT-bearer grant (RFC 7523), an assertion signed RS256 with the service account's key, and
/// an access token in return, good for an hour. The access token is storefront's own RS256
/// JWT, signed with the same key, so checking it needs nothing kept per token.
struct GoogleOAuthTokens {
    let key: RSAKey
    let keyId: String
    let email: String

    /// The one scope the Google Play Developer API takes.
    static let scope = "https://www.googleapis.com/auth/androidpublisher"
    static let grantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"
    /// Google refuses an assertion that lives longer than an hour, and so do we.
    static let longestLife: TimeInterval = 3600
    /// An access token's prefix, as Google's start.
    static let prefix = "ya29."

    /// `POST /token`: an access token for a valid assertion; else Google's OAuth error body.
    func answer(_ request: APIRequest, at now: Date) -> APIResponse {
        guard request.method == "POST" else { return APIResponse(status: 405) }
        let form = Self.form(request.body)
        guard form["grant_type"] == Self.grantType else {
            return Self.refusal("unsupported_grant_type", "Invalid grant_type: \(form["grant_type"] ?? "")")
        }
        guard let assertion = form["assertion"], let jwt = JWS(compact: assertion),
              let header = try? JSONSerialization.jsonObject(with: jwt.header) as? [String: Any],
              let claims = try? JSONSerialization.jsonObject(with: jwt.payload) as? [String: Any] else {
            return Self.refusal("invalid_grant", "Invalid JWT: the assertion is not a JWT.")
        }
        guard header["alg"] as? String == "RS256" else { return Self.refusal("invalid_grant", "Invalid JWT: the assertion is not signed RS256.") }
        guard claims["iss"] as? String == email else {
            return Self.refusal("invalid_grant", "Invalid grant: account not found", note: "the assertion's iss is not \(email)")
        }
        if let kid = header["kid"] as? String, kid != keyId {
            return Self.refusal("invalid_grant", "Invalid JWT Signature.", note: "the assertion names another key than \(keyId)")
        }
        guard key.verifiesRS256(jwt) else {
            return Self.refusal("invalid_grant", "Invalid JWT Signature.")
        }
        guard let audience = claims["aud"] as? String, URLComponents(string: audience)?.path == "/token" else {
            return Self.refusal("invalid_grant", "Invalid JWT: the audience is not this token endpoint.")
        }
        let time = now.timeIntervalSince1970
        guard let issued = Self.seconds(claims["iat"]), let expires = Self.seconds(claims["exp"]),
              expires > time, expires - issued <= Self.longestLife, issued <= time + 60 else {
            return Self.refusal("invalid_grant", "Invalid JWT: Token must be a short-lived token (60 minutes) and in a "
                                + "reasonable timeframe. Check your iat and exp values in the JWT claim.")
        }
        let scopes = (claims["scope"] as? String ?? "").split(separator: " ").map(String.init)
        let expiry = Int(time) + Int(Self.longestLife)
        guard let token = try? accessToken(scopes: scopes, expiring: expiry) else {
            return APIResponse.json(500, ["error": "internal_failure", "error_description": "The token could not be signed."])
        }
        return .json(200, ["access_token": token, "expires_in": Int(Self.longestLife) - 1, "token_type": "Bearer"])
    }

    /// Nil when `authorization` carries an access token of ours, unexpired, with the API's
    /// scope; else the 401 or 403 Google's APIs answer, with why in its note.
    func refusal(of authorization: String?, at now: Date) -> APIResponse? {
        guard let authorization, authorization.hasPrefix("Bearer ") else {
            return AndroidPublisherError.unauthenticated(
                "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or "
                + "other valid authentication credential.", note: "no bearer token")
        }
        let token = authorization.dropFirst("Bearer ".count)
        guard token.hasPrefix(Self.prefix), let jwt = JWS(compact: String(token.dropFirst(Self.prefix.count))),
              key.verifiesRS256(jwt),
              let claims = try? JSONSerialization.jsonObject(with: jwt.payload) as? [String: Any] else {
            return AndroidPublisherError.invalidCredentials(note: "the access token is not one the token endpoint made")
        }
        guard let expires = Self.seconds(claims["exp"]), expires > now.timeIntervalSince1970 else {
            return AndroidPublisherError.invalidCredentials(note: "the access token expired")
        }
        guard (claims["scope"] as? String ?? "").split(separator: " ").contains(Substring(Self.scope)) else {
            return AndroidPublisherError.insufficientScopes(note: "the access token lacks the scope \(Self.scope)")
        }
        return nil
    }

    /// `ya29.` and an RS256 JWT of the service account, its scopes and its expiry.
    private func accessToken(scopes: [String], expiring expiry: Int) throws -> String {
        let claims = try JSONSerialization.data(withJSONObject: ["sub": email, "scope": scopes.joined(separator: " "), "exp": expiry],
                                                options: [.sortedKeys, .withoutEscapingSlashes])
        return Self.prefix + (try key.rs256JWT(header: Data(#"{"alg":"RS256","typ":"JWT"}"#.utf8), claims: claims))
    }

    /// Google's OAuth error: 400, `error` and `error_description`; `note` says more in the Events pane.
    private static func refusal(_ error: String, _ description: String, note: String? = nil) -> APIResponse {
        var response = APIResponse.json(400, ["error": error, "error_description": description])
        response.note = note ?? description
        return response
    }

    /// An `application/x-www-form-urlencoded` body's fields (the last of a repeated name).
    static func form(_ body: Data) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            fields[decoded(parts[0])] = parts.count > 1 ? decoded(parts[1]) : ""
        }
        return fields
    }

    private static func seconds(_ value: Any?) -> TimeInterval? {
        (value as? NSNumber).map(\.doubleValue)
    }
}
