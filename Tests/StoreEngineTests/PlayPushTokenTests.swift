import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The OIDC token of a Pub/Sub push subscription with authentication: its header and claims as
/// Google's carry them, its signature checked with the published public key, every way a
/// backend's check refuses one, the certs endpoint, and the token on each handed-over attempt
/// (never in the outbox's row). google-auth's own check: PlayNotificationTests in EndToEndTests.
@Suite("Google Play: the push subscription's OIDC token")
struct PlayPushTokenTests {
    static let audience = "https://backend.example/play"
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private static func parts(_ token: String) throws -> (header: [String: Any], claims: [String: Any], jwt: JWS) {
        let jwt = try #require(JWS(compact: token))
        let header = try #require(try JSONSerialization.jsonObject(with: jwt.header) as? [String: Any])
        let claims = try #require(try JSONSerialization.jsonObject(with: jwt.payload) as? [String: Any])
        return (header, claims, jwt)
    }

    @Test func aTokenCarriesGooglesHeaderAndClaimsAndVerifiesWithThePublicKey() throws {
        let signer = try GooglePushToken(key: RSAKey.generate())
        let token = try signer.mint(audience: Self.audience, email: "a@p.iam.gserviceaccount.com", subject: "123", at: Self.now)
        let (header, claims, jwt) = try Self.parts(token)
        #expect(header as? [String: String] == ["alg": "RS256", "kid": signer.keyId, "typ": "JWT"])
        #expect(signer.keyId.count == 40 && signer.keyId.allSatisfy(\.isHexDigit))
        #expect(claims["aud"] as? String == Self.audience && claims["iss"] as? String == "https://accounts.google.com")
        #expect(claims["azp"] as? String == "a@p.iam.gserviceaccount.com" && claims["email"] as? String == "a@p.iam.gserviceaccount.com")
        #expect(claims["email_verified"] as? Bool == true && claims["sub"] as? String == "123")
        #expect(claims["iat"] as? Int == 1_800_000_000 && claims["exp"] as? Int == 1_800_003_600)
        let certificates = try signer.certificates()
        let pem = try #require(certificates[signer.keyId])
        #expect(pem.hasPrefix("-----BEGIN PUBLIC KEY-----\n") && pem.hasSuffix("\n-----END PUBLIC KEY-----\n"))
        #expect(try RSAKey(publicPEM: pem).verifiesRS256(jwt))
        // The same signature over other claims does not verify.
        #expect(try !RSAKey(publicPEM: pem).verifiesRS256(jwt.replacingPayload(with: Data(#"{"aud":"anyone"}"#.utf8))))
        #expect(GooglePushToken.problem(with: "Bearer " + token, certificates: certificates, at: Self.now) == nil)
    }

    /// Each way a backend's offline check refuses a token, with why.
    @Test func everyRefusalSaysWhy() throws {
        let signer = try GooglePushToken(key: RSAKey.generate())
        let certificates = try signer.certificates()
        let token = try signer.mint(audience: Self.audience, email: "e", subject: "1", at: Self.now)
        let other = try GooglePushToken(key: RSAKey.generate())
        let unsigned = Base64URL.encode(Data(#"{"alg":"none","kid":"x"}"#.utf8)) + "." + Base64URL.encode(Data("{}".utf8)) + "."
        let cases: [(String, [String: String], Date, String)] = [
            ("Basic abc", certificates, Self.now, "Authorization is not a Bearer token"),
            ("Bearer not.a.jwt!", certificates, Self.now, "the Bearer token is not a JWT"),
            ("Bearer " + unsigned, certificates, Self.now, "the token is not signed RS256"),
            ("Bearer " + token, try other.certificates(), Self.now, "the token names no key of the certs (kid \(signer.keyId))"),
            ("Bearer " + token, [signer.keyId: try other.key.publicPEM()], Self.now,
             "the token's signature does not verify with key \(signer.keyId)"),
            ("Bearer " + token, [signer.keyId: "not a PEM"], Self.now, "the token's signature does not verify with key \(signer.keyId)"),
            ("Bearer " + token, certificates, Self.now.addingTimeInterval(3600), "the token expired"),
        ]
        for (authorization, certs, time, why) in cases {
            #expect(GooglePushToken.problem(with: authorization, certificates: certs, at: time) == why, "\(authorization)")
        }
        #expect(throws: SigningError.self) { try RSAKey(publicPEM: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n") }
    }

    /// With an audience, each attempt handed over carries a token of the wall clock, made for it
    /// and not kept; the service account `storefront keys` made names it.
    @Test func eachAttemptCarriesAFreshTokenThatTheOutboxDoesNotKeep() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            let credentials = try ServerCredentials.kept(in: harness.ledger)
            _ = harness.store.configureOutbox(OutboxSettings(urls: [.googlePlay: "http://127.0.0.1:9/play"], pushAudience: Self.audience))
            _ = try harness.openPlay(SKU.gems100)
            try harness.sendPlay(.buy)
            let before = Date().timeIntervalSince1970
            let delivery = try #require(try harness.store.runDue().deliveries.first)
            let authorization = try #require(delivery.headers.first { $0.name == "Authorization" }?.value)
            #expect(delivery.headers.first?.name == "Content-Type")
            let signer = try #require(try GooglePushToken.read(from: harness.ledger))
            #expect(GooglePushToken.problem(with: authorization, certificates: try signer.certificates(), at: Date()) == nil)
            let (_, claims, _) = try Self.parts(String(authorization.dropFirst("Bearer ".count)))
            #expect(claims["aud"] as? String == Self.audience)
            #expect(claims["email"] as? String == credentials.serviceAccountEmail)
            #expect(claims["sub"] as? String == credentials.serviceAccountClientId && credentials.serviceAccountClientId.count == 21)
            let issued = try #require(claims["iat"] as? Double)
            #expect(issued >= before.rounded(.down) && issued <= Date().timeIntervalSince1970, "the wall clock's, not the simulated")
            // The row keeps what every attempt sends; the token is the attempt's own.
            let row = try #require(try harness.ledger.notification(id: delivery.notificationId))
            #expect(!row.headers.contains("Authorization"))
        }
    }

    @Test func beforeTheServiceAccountATokenNamesAPlaceholderAndWithoutAnAudienceNoneIsSent() throws {
        try withStore(catalog: try sandboxCatalog(), rate: .paused) { harness in
            _ = harness.store.configureOutbox(OutboxSettings(urls: [.googlePlay: "http://127.0.0.1:9/play"], pushAudience: Self.audience))
            _ = try harness.openPlay(SKU.gems100)
            try harness.sendPlay(.buy)
            let delivery = try #require(try harness.store.runDue().deliveries.first)
            let authorization = try #require(delivery.headers.first { $0.name == "Authorization" }?.value)
            let (_, claims, _) = try Self.parts(String(authorization.dropFirst("Bearer ".count)))
            #expect(claims["email"] as? String == GooglePushToken.placeholderEmail)
            #expect(claims["sub"] as? String == GooglePushToken.placeholderSubject)

            _ = harness.store.configureOutbox(OutboxSettings(urls: [.googlePlay: "http://127.0.0.1:9/play"]))
            _ = try harness.openPlay(SKU.gems100)
            try harness.sendPlay(.buy)
            let plain = try harness.store.runDue().deliveries.filter { $0.notificationId != delivery.notificationId }
            #expect(!plain.isEmpty && plain.allSatisfy { !$0.headers.contains { $0.name == "Authorization" } }, "\(plain)")
        }
    }

    /// `GET /oauth2/v1/certs` answers the key id and its PEM as Google's does; `storefront keys`
    /// gets the same.
    @Test func theCertsEndpointPublishesTheKey() throws {
        try PlayDeveloperAPIHandlerTests.withAPI { servers, keys, _ in
            let answer = try PlayDeveloperAPIHandlerTests.response(servers.answer(APIRequest(method: "GET", path: "/oauth2/v1/certs")))
            #expect(answer.status == 200 && answer.contentType == "application/json")
            let served = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: String])
            #expect(served == keys.tokenCertificates && served.count == 1)
            let file = try #require(try JSONSerialization.jsonObject(with: keys.tokenCertificatesJSON) as? [String: String])
            #expect(file == served)
            let posted = try PlayDeveloperAPIHandlerTests.response(servers.answer(APIRequest(method: "POST", path: "/oauth2/v1/certs")))
            #expect(posted.status == 405)
        }
    }

    @Test func beforeAnyKeyTheCertsAreEmpty() throws {
        try withTemporaryDirectory { path in
            let directory = StateDirectory(path: path)
            try directory.create()
            _ = try LedgerDatabase(path: directory.ledgerPath)
            let servers = try StoreServers(stateDirectory: directory, catalog: try defaultCatalog(), wallTime: { Date() })
            let answer = try PlayDeveloperAPIHandlerTests.response(servers.answer(APIRequest(method: "GET", path: "/oauth2/v1/certs")))
            #expect(answer.status == 200 && answer.body == Data("{}".utf8))
        }
    }

    /// `storefront receive`'s verdict on a push: verified with the certs, refused when forged,
    /// unchecked without certs or without a token.
    @Test func theReferenceBackendChecksTheTokenAgainstTheCerts() throws {
        let signer = try GooglePushToken(key: RSAKey.generate())
        let certificates = try signer.certificates()
        let token = try signer.mint(audience: Self.audience, email: "e", subject: "1", at: Date())
        let body = Data(#"{"message":{"data":"e30=","messageId":"1"},"subscription":"projects/p/subscriptions/s"}"#.utf8)
        func verdict(_ authorization: String?, _ certs: [String: String]?) -> ReceivedNotification.Verdict {
            ReceivedNotification.read(body, authorization: authorization, root: nil, xsollaSecretKey: nil, tokenCertificates: certs).verdict
        }
        #expect(verdict("Bearer " + token, certificates) == .verified)
        let forged = try #require(JWS(compact: token)).replacingPayload(with: Data(#"{"aud":"x"}"#.utf8)).compact
        #expect(verdict("Bearer " + forged, certificates) == .refused("the token's signature does not verify with key \(signer.keyId)"))
        #expect(verdict("Bearer " + token, nil)
                == .unchecked("a Bearer token came; no Google certs to check it with (storefront keys writes them)"))
        #expect(verdict(nil, certificates) == .unchecked("Pub/Sub signs nothing in the body"))
    }
}
