import Catalog
import Foundation
import Ledger
import TestFixtures
import Testing
@testable import StoreEngine

/// The Google Play Developer API's handler and its OAuth token endpoint on a real ledger,
/// without a server: every refusal with Google's status and reason, and the changes made by
/// the engine as the app would make them (an acknowledgement calls off the refund at the
/// 3-minute deadline). Google's own client calls it through the app: PlayDeveloperAPITests in
/// EndToEndTests.
@Suite("Google Play Developer API: the handler")
struct PlayDeveloperAPIHandlerTests {
    static let base = "/androidpublisher/v3/applications/com.example.stardust/purchases"

    /// A state directory with its server keys (made once for the process: SharedServerKeys), a
    /// store on its ledger whose app leaves Google Play purchases unacknowledged, and the APIs
    /// reading it.
    static func withAPI(catalog given: ProductCatalog? = nil,
                        _ body: (StoreServers, ServerKeys, StoreHarness) throws -> Void) throws {
        try withTemporaryDirectory { path in
            let directory = StateDirectory(path: path)
            let keys = try SharedServerKeys.copy(into: path)
            let catalog = try given ?? defaultCatalog()
            let harness = try StoreHarness(path: directory.ledgerPath, catalog: catalog, userId: "player-1",
                                           rate: .paused, start: TestClock.start)
            try harness.sendPlay(.setAppAcknowledges(false))
            let servers = try StoreServers(stateDirectory: directory, catalog: catalog, wallTime: { Date() })
            try body(servers, keys, harness)
        }
    }

    /// A service account's assertion as `google-auth` makes it, with `claims` changed as given.
    private static func assertion(_ keys: ServerKeys, key: RSAKey? = nil, algorithm: String = "RS256",
                                  claims change: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        let now = Int(Date().timeIntervalSince1970)
        var claims: [String: Any] = ["iss": keys.serviceAccountEmail, "aud": "http://127.0.0.1:8780/token",
                                     "scope": GoogleOAuthTokens.scope, "iat": now, "exp": now + 3600]
        change(&claims)
        let header = try JSONSerialization.data(withJSONObject: ["alg": algorithm, "kid": keys.serviceAccountKeyId, "typ": "JWT"])
        let input = Base64URL.encode(header) + "." + Base64URL.encode(try JSONSerialization.data(withJSONObject: claims))
        let signer = try key ?? RSAKey(privatePEM: keys.serviceAccountKeyPEM)
        return input + "." + Base64URL.encode(try signer.sign(Data(input.utf8), digest: .sha256))
    }

    /// Bought on Google Play's sheet: the sheet and the purchase's token.
    static func buy(_ productId: String, on harness: StoreHarness) throws -> (PlaySession, String) {
        let sheet = try harness.openPlay(productId)
        try harness.sendPlay(.buy)
        return (sheet, try #require(try harness.playRecords.purchase(of: sheet.transactionId)?.purchaseToken))
    }

    private static func tokenRequest(_ assertion: String, grant: String = GoogleOAuthTokens.grantType) -> APIRequest {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let body = "grant_type=" + (grant.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "&assertion=" + assertion
        return APIRequest(method: "POST", path: "/token", body: Data(body.utf8))
    }

    /// An access token from the endpoint, as `Bearer …`.
    static func bearer(_ servers: StoreServers, _ keys: ServerKeys,
                               claims change: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        let answer = try response(servers.answer(tokenRequest(assertion(keys, claims: change))))
        let body = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        return "Bearer " + (try #require(body["access_token"] as? String, "\(body)"))
    }

    static func response(_ answer: APIAnswer) throws -> APIResponse {
        guard case .response(let response) = answer else { throw AnswerWasAChange() }
        return response
    }

    struct AnswerWasAChange: Error {}

    /// Google's `reason` of an error body.
    static func reason(_ response: APIResponse) -> String? {
        let body = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        return ((body?["error"] as? [String: Any])?["errors"] as? [[String: Any]])?.first?["reason"] as? String
    }

    /// The change made by the store, as the app's engine worker makes it, and the answer for it.
    static func make(_ answer: APIAnswer, on harness: StoreHarness) throws -> APIResponse {
        guard case .change(let change, let answers) = answer else { return try response(answer) }
        return answers.response(after: try harness.store.make(change))
    }

    static func get(_ path: String, _ authorization: String, query: [(String, String)] = []) -> APIRequest {
        APIRequest(method: "GET", path: base + path, query: query.map { APIRequest.QueryArgument(name: $0.0, value: $0.1) },
                   authorization: authorization)
    }

    static func post(_ path: String, _ authorization: String, body: String = "{}") -> APIRequest {
        APIRequest(method: "POST", path: base + path, authorization: authorization, body: Data(body.utf8))
    }

    // MARK: The token endpoint

    @Test func theTokenEndpointGivesAnHourLongBearerToken() throws {
        try Self.withAPI { servers, keys, _ in
            let answer = try Self.response(servers.answer(Self.tokenRequest(try Self.assertion(keys))))
            #expect(answer.status == 200)
            let body = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            #expect(body["token_type"] as? String == "Bearer" && body["expires_in"] as? Int == 3599)
            #expect((body["access_token"] as? String)?.hasPrefix("ya29.") == true)
        }
    }

    @Test func theTokenEndpointRefusesBadAssertionsAsGoogleDoes() throws {
        try Self.withAPI { servers, keys, _ in
            func refusal(_ request: APIRequest) throws -> (Int, String?) {
                let answer = try Self.response(servers.answer(request))
                let body = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any]
                return (answer.status, body?["error"] as? String)
            }
            let valid = try Self.assertion(keys)
            #expect(try refusal(Self.tokenRequest(valid, grant: "client_credentials")) == (400, "unsupported_grant_type"))
            #expect(try refusal(Self.tokenRequest("not-a-jwt")) == (400, "invalid_grant"))
            #expect(try refusal(Self.tokenRequest(try Self.assertion(keys, algorithm: "HS256"))) == (400, "invalid_grant"))
            #expect(try refusal(Self.tokenRequest(try Self.assertion(keys, key: try RSAKey.generate()))) == (400, "invalid_grant"))
            #expect(try refusal(Self.tokenRequest(try Self.assertion(keys) { $0["iss"] = "someone@else.iam.gserviceaccount.com" }))
                    == (400, "invalid_grant"))
            #expect(try refusal(Self.tokenRequest(try Self.assertion(keys) { $0["aud"] = "https://example.com/oauth" }))
                    == (400, "invalid_grant"))
            #expect(try refusal(Self.tokenRequest(try Self.assertion(keys) { $0["exp"] = ($0["iat"] as? Int ?? 0) + 7200 }))
                    == (400, "invalid_grant"))
            #expect(try refusal(Self.tokenRequest(try Self.assertion(keys) { $0["exp"] = 1_000 })) == (400, "invalid_grant"))
            #expect(try Self.response(servers.answer(APIRequest(method: "GET", path: "/token"))).status == 405)
        }
    }

    @Test func callsWithoutAGoodAccessTokenAreRefused() throws {
        try Self.withAPI { servers, keys, harness in
            let (_, token) = try Self.buy(SKU.removeAds, on: harness)
            let path = "/products/\(SKU.removeAds)/tokens/\(token)"
            let missing = try Self.response(servers.answer(APIRequest(method: "GET", path: Self.base + path)))
            #expect(missing.status == 401 && missing.note == "no bearer token")
            let forged = try Self.response(servers.answer(Self.get(path, "Bearer ya29.e30.e30.AAAA")))
            #expect(forged.status == 401 && Self.reason(forged) == "authError")
            let noScope = try Self.response(servers.answer(Self.get(path, try Self.bearer(servers, keys) { $0["scope"] = "email" })))
            #expect(noScope.status == 403 && Self.reason(noScope) == "insufficientPermissions")
            let good = try Self.bearer(servers, keys)
            #expect(try Self.response(servers.answer(Self.get(path, good))).status == 200)
        }
    }

    // MARK: Routes and refusals

    @Test func unknownRoutesMethodsTokensAndAppsGetGooglesErrors() throws {
        try Self.withAPI { servers, keys, harness in
            let (_, token) = try Self.buy(SKU.removeAds, on: harness)
            let bearer = try Self.bearer(servers, keys)
            #expect(try Self.response(servers.answer(Self.get("/orders/x", bearer))).status == 404)
            #expect(try Self.response(servers.answer(Self.get("/products/\(SKU.removeAds)/tokens/\(token):refund", bearer))).status == 404)
            #expect(try Self.response(servers.answer(Self.post("/products/\(SKU.removeAds)/tokens/\(token)", bearer))).status == 405)
            let unknown = try Self.response(servers.answer(Self.get("/products/\(SKU.removeAds)/tokens/nope", bearer)))
            #expect(unknown.status == 404 && Self.reason(unknown) == "purchaseTokenNotFound")
            let otherProduct = try Self.response(servers.answer(Self.get("/products/\(SKU.gems100)/tokens/\(token)", bearer)))
            #expect(otherProduct.status == 400 && Self.reason(otherProduct) == "purchaseTokenDoesNotMatchProductId")
            let otherApp = APIRequest(method: "GET", path: "/androidpublisher/v3/applications/com.other/purchases/products/x/tokens/\(token)",
                                      authorization: bearer)
            let app = try Self.response(servers.answer(otherApp))
            #expect(app.status == 404 && Self.reason(app) == "applicationNotFound")
            // Not Google's path at all: nobody's.
            #expect(try Self.response(servers.answer(APIRequest(method: "GET", path: "/v1/other", authorization: bearer))).status == 404)
        }
    }

    @Test func theVoidedListChecksItsArguments() throws {
        try Self.withAPI { servers, keys, _ in
            let bearer = try Self.bearer(servers, keys)
            for (name, value) in [("startTime", "yesterday"), ("type", "2"), ("maxResults", "0"), ("token", "!!")] {
                let answer = try Self.response(servers.answer(Self.get("/voidedpurchases", bearer, query: [(name, value)])))
                #expect(answer.status == 400 && Self.reason(answer) == "invalid", "\(name)=\(value)")
            }
            let backwards = try Self.response(servers.answer(Self.get("/voidedpurchases", bearer,
                                                                      query: [("startTime", "2000"), ("endTime", "1000")])))
            #expect(backwards.status == 400)
        }
    }

    // MARK: Changes through the engine

    /// Acknowledged through the API within the 3 minutes, the purchase is kept, as when the app
    /// acknowledges it; left alone, it is refunded (PlayPathTests).
    @Test func anAcknowledgementThroughTheAPICallsOffTheRefund() throws {
        try Self.withAPI { servers, keys, harness in
            let (sheet, token) = try Self.buy(SKU.removeAds, on: harness)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(60))
            let bearer = try Self.bearer(servers, keys)
            let answer = try Self.make(servers.answer(Self.post("/products/\(SKU.removeAds)/tokens/\(token):acknowledge", bearer)),
                                       on: harness)
            #expect(answer.status == 204)
            #expect(try harness.playRecords.purchase(of: sheet.transactionId)?.acknowledged == true)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(600))
            #expect(try harness.ledger.transaction(id: sheet.transactionId)?.revokedAt == nil)
            #expect(harness.store.currentReport().snapshot.owns(productId: SKU.removeAds))
            #expect(try harness.events(.playAcknowledged).contains { $0.message.contains("purchases.products.acknowledge") })
            // Again: nothing changes, and no error (Google's acknowledgement is idempotent).
            let again = try Self.make(servers.answer(Self.post("/products/\(SKU.removeAds)/tokens/\(token):acknowledge", bearer)),
                                      on: harness)
            #expect(again.status == 204)
        }
    }

    /// Refunded (never acknowledged in time), a purchase cannot be acknowledged or consumed:
    /// the engine refuses, and the API answers Google's invalid state with the engine's reason.
    @Test func aRefundedPurchaseCannotBeAcknowledged() throws {
        try Self.withAPI { servers, keys, harness in
            let (_, token) = try Self.buy(SKU.gems100, on: harness)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(181))
            let bearer = try Self.bearer(servers, keys)
            for verb in ["acknowledge", "consume"] {
                let answer = try Self.make(servers.answer(Self.post("/products/\(SKU.gems100)/tokens/\(token):\(verb)", bearer)),
                                           on: harness)
                #expect(answer.status == 400 && Self.reason(answer) == "invalidPurchaseState", "\(verb)")
                #expect(answer.note?.contains("refunded") == true, "\(answer.note ?? "")")
            }
            let read = try Self.response(servers.answer(Self.get("/products/\(SKU.gems100)/tokens/\(token)", bearer)))
            let body = try #require(try JSONSerialization.jsonObject(with: read.body) as? [String: Any])
            #expect(body["purchaseState"] as? Int == 1 && body["acknowledgementState"] as? Int == 0)
            let voided = try Self.response(servers.answer(Self.get("/voidedpurchases", bearer)))
            let list = try #require((try JSONSerialization.jsonObject(with: voided.body) as? [String: Any])?["voidedPurchases"] as? [[String: Any]])
            // Voided by Google, for an unacknowledged purchase.
            #expect(list.count == 1 && list.first?["voidedSource"] as? Int == 2 && list.first?["voidedReason"] as? Int == 8, "\(list)")
        }
    }

    /// A chargeback is Google's: listed with voidedSource 2 and voidedReason 7, beside a refund
    /// the player asked for (0, 1), oldest first, with Google's fields.
    @Test func aChargebackIsListedAsGooglesChargeback() throws {
        try Self.withAPI { servers, keys, harness in
            try harness.sendPlay(.setAppAcknowledges(true))
            let (refunded, _) = try Self.buy(SKU.removeAds, on: harness)
            _ = try harness.store.act(.refund(.other), on: refunded.transactionId)
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(60))
            let (chargedBack, token) = try Self.buy(SKU.gems100, on: harness)
            _ = try harness.store.act(.chargeback, on: chargedBack.transactionId)
            let bearer = try Self.bearer(servers, keys)
            let voided = try Self.response(servers.answer(Self.get("/voidedpurchases", bearer)))
            #expect(voided.status == 200)
            let list = try #require((try JSONSerialization.jsonObject(with: voided.body) as? [String: Any])?["voidedPurchases"] as? [[String: Any]])
            #expect(list.map { [$0["voidedSource"] as? Int, $0["voidedReason"] as? Int] } == [[0, 1], [2, 7]], "\(list)")
            let entry = try #require(list.last)
            #expect(entry["kind"] as? String == "androidpublisher#voidedPurchase" && entry["purchaseToken"] as? String == token)
            #expect(entry["orderId"] as? String == (try harness.ledger.transaction(id: chargedBack.transactionId)?.pathReference))
            #expect(entry["voidedTimeMillis"] as? String == String(PlayPurchase.milliseconds(harness.now)))
        }
    }

    @Test func aRevocationNeedsAFullRefundAndASubscriptionThatRuns() throws {
        try Self.withAPI { servers, keys, harness in
            let (sheet, token) = try Self.buy(SKU.monthlyPass, on: harness)
            let bearer = try Self.bearer(servers, keys)
            let path = "/subscriptionsv2/tokens/\(token):revoke"
            for body in ["{}", #"{"revocationContext":{"proratedRefund":{}}}"#, "not json"] {
                let answer = try Self.make(servers.answer(Self.post(path, bearer, body: body)), on: harness)
                #expect(answer.status == 400 && Self.reason(answer) == "invalid", "\(body)")
            }
            let revoked = try Self.make(servers.answer(Self.post(path, bearer, body: #"{"revocationContext":{"fullRefund":{}}}"#)),
                                        on: harness)
            #expect(revoked.status == 200)
            #expect(try harness.ledger.transaction(id: sheet.transactionId)?.revocationReason == "developerIssue")
            let again = try Self.make(servers.answer(Self.post(path, bearer, body: #"{"revocationContext":{"fullRefund":{}}}"#)),
                                      on: harness)
            #expect(again.status == 400 && Self.reason(again) == "invalidPurchaseState")
            let cancel = try Self.make(servers.answer(Self.post("/subscriptionsv2/tokens/\(token):cancel", bearer)), on: harness)
            #expect(cancel.status == 400 && Self.reason(cancel) == "invalidPurchaseState")
        }
    }

    /// A change the engine could not save is Google's backend error with the engine's sentence,
    /// never a success.
    @Test func aChangeNotSavedIsABackendError() throws {
        try Self.withAPI { _, _, harness in
            let answers = ChangeAnswers(done: APIResponse(status: 204), refused: AndroidPublisherError.invalidState(),
                                        failed: AndroidPublisherError.backendError)
            var report = harness.store.currentReport(notice: StoreNotice(.error, "Not saved, the disk is full."))
            report.failure = .storage("disk full")
            let answer = answers.response(after: report)
            #expect(answer.status == 500 && Self.reason(answer) == "backendError" && answer.note == "Not saved, the disk is full.")
            #expect(answers.response(after: harness.store.currentReport()).status == 204)
        }
    }
}
