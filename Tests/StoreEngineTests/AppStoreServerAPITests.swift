import Foundation
import Ledger
import TestFixtures
import Testing
@testable import StoreEngine

/// The App Store Server API's handler on a real ledger, without a server: its routes, Apple's
/// bearer token as Apple checks it, the history's filters and pages, and every refusal with
/// Apple's status and code. (Apple's own client calls it through the app: AppStoreServerAPITests
/// in EndToEndTests.)
@Suite("App Store Server API: the handler")
struct AppStoreServerAPIHandlerTests {
    /// A state directory with `purchases` Pay Station purchases of gems and its server keys
    /// (made once for the process: SharedServerKeys).
    static func withAPI(purchases: Int = 1, _ body: (AppStoreServerAPI, ServerKeys, StoreHarness) throws -> Void) throws {
        try withTemporaryDirectory { path in
            let directory = StateDirectory(path: path)
            let keys = try SharedServerKeys.copy(into: path)
            let harness = try StoreHarness(path: directory.ledgerPath, catalog: try defaultCatalog(), userId: "player-1",
                                           rate: nil, start: TestClock.start)
            for _ in 0..<purchases { _ = try harness.buy(SKU.gems100) }
            let api = try AppStoreServerAPI(stateDirectory: directory, bundleId: "com.example.stardust", wallTime: { Date() })
            try body(api, keys, harness)
        }
    }

    /// A bearer token as Apple's client makes it, with `claims` changed as given.
    static func token(_ keys: ServerKeys, key: SigningKey? = nil, kid: String? = nil,
                              claims change: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        var claims: [String: Any] = ["iss": keys.issuerId, "aud": "appstoreconnect-v1", "bid": "com.example.stardust",
                                     "exp": Int(Date().timeIntervalSince1970) + 300]
        change(&claims)
        let header = try JSONSerialization.data(withJSONObject: ["alg": "ES256", "kid": kid ?? keys.apiKeyId, "typ": "JWT"])
        let payload = try JSONSerialization.data(withJSONObject: claims)
        return "Bearer " + (try JWS.signing(payload, with: key ?? SigningKey(privatePEM: keys.apiKeyPEM), header: header).compact)
    }

    static func get(_ api: AppStoreServerAPI, _ path: String, _ keys: ServerKeys,
                            query: [(String, String)] = []) throws -> (status: Int, body: [String: Any]) {
        let request = APIRequest(method: "GET", path: path,
                                 query: query.map { APIRequest.QueryArgument(name: $0.0, value: $0.1) },
                                 authorization: try token(keys))
        let response = Self.read(api, request)
        let body = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
        return (response.status, body)
    }

    @Test func transactionInfoIsTheTransactionsJWS() throws {
        try Self.withAPI { api, keys, harness in
            let answer = try Self.get(api, "/inApps/v1/transactions/2000000000000001", keys)
            #expect(answer.status == 200)
            let record = try #require(try harness.ledger.transaction(id: "txn-000001"))
            #expect(answer.body["signedTransactionInfo"] as? String == record.signedTransaction)
            #expect(Self.read(api, APIRequest(method: "GET", path: "/inApps/v1/transactions/2000000000000001",
                                          authorization: try Self.token(keys))).contentType == "application/json")
        }
    }

    /// The API's one connection sees what the app commits after it opened.
    @Test func aPurchaseCommittedAfterTheAPIOpenedIsThere() throws {
        try Self.withAPI { api, keys, harness in
            #expect(try Self.get(api, "/inApps/v1/transactions/2000000000000002", keys).status == 404)
            _ = try harness.buy(SKU.gems100)
            #expect(try Self.get(api, "/inApps/v1/transactions/2000000000000002", keys).status == 200)
        }
    }

    /// Get Transaction Info reads the JWS afresh at each request, nothing kept from the one
    /// before: a transaction signed again (a refund, a renewal, an extension) is answered at
    /// once. The body is Apple's byte for byte, and a JWS that JSON would have to escape, or
    /// that is not ASCII, is written by the JSON writer instead.
    @Test func aTransactionSignedAgainIsAnsweredAtOnce() throws {
        try Self.withAPI { api, keys, harness in
            let request = APIRequest(method: "GET", path: "/inApps/v1/transactions/2000000000000001",
                                     authorization: try Self.token(keys))
            let first = try #require(try harness.ledger.transaction(id: "txn-000001")?.signedTransaction)
            #expect(Self.read(api, request).body == Data(#"{"signedTransactionInfo":"\#(first)"}"#.utf8))
            try harness.ledger.recordSignedTransaction("eyJ0.eyJ1.c2ln", ofTransaction: "txn-000001")
            #expect(Self.read(api, request).body == Data(#"{"signedTransactionInfo":"eyJ0.eyJ1.c2ln"}"#.utf8))
            for odd in ["a\"b\\c", "tab\there", "caf\u{E9}", "line\nbreak", "\u{7F}"] {
                try harness.ledger.recordSignedTransaction(odd, ofTransaction: "txn-000001")
                let response = Self.read(api, request)
                #expect(response.status == 200 && response.contentType == "application/json")
                let body = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
                #expect(body?["signedTransactionInfo"] as? String == odd, "\(odd.debugDescription)")
            }
            try harness.ledger.recordSignedTransaction(first, ofTransaction: "txn-000001")
            #expect(Self.read(api, request).body == Data(#"{"signedTransactionInfo":"\#(first)"}"#.utf8))
        }
    }

    /// A transaction of another store's (no JWS) at an id of the App Store's shape is not found.
    @Test func aTransactionWithoutAJWSIsNotFound() throws {
        try Self.withAPI { api, keys, harness in
            let time = Date(timeIntervalSince1970: 1_700_000_000)
            try harness.ledger.insert(TransactionRecord(
                id: "txn-000050", productId: SKU.gems100, userId: "player-1", storefront: "DEU", integrationPath: "paystation",
                state: .purchased, quantity: 1, price: "0.99", currency: "EUR", createdAt: time, updatedAt: time))
            let answer = try Self.get(api, "/inApps/v1/transactions/2000000000000050", keys)
            #expect(answer.status == 404 && answer.body["errorCode"] as? Int == 4040010)
        }
    }

    /// A path is cut at its slashes as a walk of its characters cuts it, whether it is ASCII
    /// (cut at its bytes) or not (where a slash a combining mark follows is no slash).
    @Test func aPathIsCutAsItsCharactersAre() {
        let paths = ["/inApps/v1/transactions/2000000000000001", "", "/", "//", "/inApps/v2/refund/lookup/1",
                     "/inApps/v1/subscriptions/extend/2000000000000001", "/inApps/v1/transactions/\u{301}1",
                     "/inApps/v1/transactions/\u{E9}1", "/inApps/v1/x/\u{301}/y", "/a/b/c/d/", "/inApps//v1//x"]
        for path in paths {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let cut = AppStoreServerAPI.segments(of: path)
            #expect(cut.parts == parts, "\(path.debugDescription)")
            #expect(cut.route == (parts.count >= 5 ? parts[2..<(parts.count - 1)].joined(separator: "/") : ""),
                    "\(path.debugDescription)")
        }
    }

    /// A control character is found in any part of a request, as a walk of its scalars finds
    /// it; U+0080 to U+009F, which are not among them, are let through as before.
    @Test func aControlCharacterIsFoundWhereverItIs() {
        let clean = APIRequest(method: "GET", path: "/inApps/v1/transactions/\u{E9}\u{85}",
                               query: [APIRequest.QueryArgument(name: "a", value: "\u{FC}")], authorization: "Bearer x")
        #expect(!clean.hasControlCharacters)
        for control in ["\u{0}", "\u{1F}", "\u{7F}", "\n"] {
            var requests = Array(repeating: clean, count: 5)
            requests[0].method += control
            requests[1].path += control
            requests[2].authorization = "Bearer " + control
            requests[3].query = [APIRequest.QueryArgument(name: control, value: "1")]
            requests[4].query.append(APIRequest.QueryArgument(name: "b", value: "x" + control))
            for request in requests {
                #expect(request.hasControlCharacters, "\(control.debugDescription)")
            }
        }
    }

    /// A path with escapes and one without decode alike whether the bytes come as an array (the
    /// fuzzer) or where the server keeps them.
    @Test func percentEscapesDecodeAlikeFromEitherKindOfBytes() {
        for raw in ["/inApps/v1/transactions/2000000000000001", "/a%41%2fb", "/%00x", "/%zz%4", "/caf%C3%A9", "/%FF"] {
            let bytes = Array(raw.utf8)
            let fromPointer = bytes.withUnsafeBytes { APIRequest.percentDecoded($0) }
            #expect(APIRequest.percentDecoded(bytes) == fromPointer, "\(raw)")
        }
        #expect(APIRequest.percentDecoded(Array("/a%41%2fb%00".utf8)) == "/aA/b\u{0}")
        #expect(APIRequest.percentDecoded(Array("/%zz%4".utf8)) == "/%zz%4")
        #expect(APIRequest.percentDecoded(Array("/%FF".utf8)) == "/\u{FFFD}")
    }

    @Test func unknownAndMalformedIdsGetApplesCodes() throws {
        try Self.withAPI { api, keys, _ in
            let unknown = try Self.get(api, "/inApps/v1/transactions/2000000000000099", keys)
            #expect(unknown.status == 404 && unknown.body["errorCode"] as? Int == 4040010)
            #expect(unknown.body["errorMessage"] as? String == "Transaction id not found.")
            let malformed = try Self.get(api, "/inApps/v1/transactions/txn-000001", keys)
            #expect(malformed.status == 400 && malformed.body["errorCode"] as? Int == 4000006)
            let anotherShape = try Self.get(api, "/inApps/v1/transactions/1000000000000001", keys)
            #expect(anotherShape.status == 404 && anotherShape.body["errorCode"] as? Int == 4040010)
            #expect(try Self.get(api, "/inApps/v1/nothing/2000000000000001", keys).status == 404)
            #expect(try Self.get(api, "/inApps/v1/transactions", keys).status == 404)
            let posted = Self.read(api, APIRequest(method: "POST", path: "/inApps/v1/transactions/2000000000000001",
                                               authorization: try Self.token(keys)))
            #expect(posted.status == 405)
        }
    }

    /// Every way a token is wrong is 401, as Apple answers, and nothing of the ledger is read out.
    @Test func aWrongTokenIs401() throws {
        try Self.withAPI { api, keys, _ in
            let now = Int(Date().timeIntervalSince1970)
            let wrong: [String?] = [
                nil, "Bearer", "Basic abc", "Bearer not.a.jwt",
                try Self.token(keys, key: SigningKey.generate()),
                try Self.token(keys, kid: "ABCDEFGHIJ"),
                try Self.token(keys) { $0["iss"] = UUID().uuidString.lowercased() },
                try Self.token(keys) { $0["aud"] = "appstoreconnect-v2" },
                try Self.token(keys) { $0["bid"] = "com.example.other" },
                try Self.token(keys) { $0["exp"] = now - 10 },
                try Self.token(keys) { $0["exp"] = now + 7200 },
                try Self.token(keys) { $0.removeValue(forKey: "exp") },
                try Self.token(keys) { $0["iat"] = now - 4000; $0["exp"] = now + 300 },
            ]
            for authorization in wrong {
                let response = Self.read(api, APIRequest(method: "GET", path: "/inApps/v1/transactions/2000000000000001",
                                                     authorization: authorization))
                #expect(response.status == 401 && response.body.isEmpty, "\(authorization ?? "none")")
                #expect(response.note?.isEmpty == false, "the Events pane says why: \(authorization ?? "none")")
            }
            let expired = Self.read(api, APIRequest(method: "GET", path: "/inApps/v1/transactions/2000000000000001",
                                                authorization: try Self.token(keys) { $0["exp"] = now - 10 }))
            #expect(expired.note == "the token expired")
            // With iat an hour or less before exp, it passes.
            let issued = try Self.token(keys) { $0["iat"] = now - 60 }
            #expect(Self.read(api, APIRequest(method: "GET", path: "/inApps/v1/transactions/2000000000000001",
                                          authorization: issued)).status == 200)
        }
    }

    /// A token accepted once is checked by its expiry alone after, whether it is found as the
    /// last one accepted or among the others, and is refused once it has expired.
    @Test func anAcceptedTokenPassesUntilItExpires() throws {
        try Self.withAPI { _, keys, _ in
            var check = AppStoreBearerToken(keyId: keys.apiKeyId, issuerId: keys.issuerId,
                                            key: try SigningKey(privatePEM: keys.apiKeyPEM), bundleId: "com.example.stardust")
            let now = Date()
            let first = try Self.token(keys) { $0["exp"] = Int(now.timeIntervalSince1970) + 300 }
            let second = try Self.token(keys) { $0["exp"] = Int(now.timeIntervalSince1970) + 600 }
            #expect(check.problem(with: first, at: now) == nil)
            #expect(check.problem(with: second, at: now) == nil)
            #expect(check.problem(with: first, at: now + 100) == nil, "found among the others")
            #expect(check.problem(with: first, at: now + 200) == nil, "found as the last accepted")
            #expect(check.problem(with: first, at: now + 400) == "the token expired")
            #expect(check.problem(with: first, at: now + 400) == "the token expired", "checked in full again")
            #expect(check.problem(with: second, at: now + 400) == nil)
            #expect(check.problem(with: second, at: now + 700) == "the token expired", "the last accepted, expired")
            #expect(check.problem(with: second, at: now + 700) == "the token expired")
            #expect(check.problem(with: nil, at: now) == "no bearer token")
        }
    }

    @Test func theHistoryComesInPagesOfTwentyInEitherOrder() throws {
        try Self.withAPI(purchases: 23) { api, keys, _ in
            let first = try Self.get(api, "/inApps/v2/history/2000000000000005", keys)
            #expect(first.status == 200 && first.body["hasMore"] as? Bool == true)
            let page = try #require(first.body["signedTransactions"] as? [String])
            #expect(page.count == 20)
            let revision = try #require(first.body["revision"] as? String)
            let second = try Self.get(api, "/inApps/v2/history/2000000000000005", keys, query: [("revision", revision)])
            #expect(second.body["hasMore"] as? Bool == false)
            let rest = try #require(second.body["signedTransactions"] as? [String])
            #expect(rest.count == 3)
            let ids = (page + rest).compactMap(Self.transactionId)
            #expect(ids == (1...23).map { String(2_000_000_000_000_000 + $0) }, "oldest first")
            let newest = try Self.get(api, "/inApps/v1/history/2000000000000005", keys, query: [("sort", "DESCENDING")])
            #expect((newest.body["signedTransactions"] as? [String])?.first.flatMap(Self.transactionId) == "2000000000000023")
            #expect(first.body["bundleId"] as? String == "com.example.stardust" && first.body["environment"] as? String == "Sandbox")
            #expect(first.body["appAppleId"] as? Int64 == keys.appAppleId)
        }
    }

    @Test func theHistoryFiltersAsAsked() throws {
        try Self.withAPI(purchases: 2) { api, keys, _ throws in
            func count(_ query: [(String, String)]) throws -> Int {
                (try Self.get(api, "/inApps/v2/history/2000000000000001", keys, query: query).body["signedTransactions"] as? [String])?.count ?? -1
            }
            #expect(try count([("productType", "CONSUMABLE")]) == 2)
            #expect(try count([("productType", "AUTO_RENEWABLE")]) == 0)
            #expect(try count([("productType", "AUTO_RENEWABLE"), ("productType", "CONSUMABLE")]) == 2)
            #expect(try count([("productId", SKU.gems100)]) == 2)
            #expect(try count([("productId", "com.example.other")]) == 0)
            #expect(try count([("revoked", "true")]) == 0)
            #expect(try count([("revoked", "false")]) == 2)
            #expect(try count([("startDate", "0"), ("endDate", "1")]) == 0)
        }
    }

    @Test(arguments: [
        ("revision", "r5", 4000005), ("sort", "NEWEST", 4000021), ("productType", "GEMS", 4000022),
        ("productId", "", 4000023), ("subscriptionGroupIdentifier", "", 4000024), ("revoked", "maybe", 4000030),
        ("startDate", "yesterday", 4000015), ("endDate", "-1", 4000016),
    ])
    func aBadHistoryArgumentGetsApplesCode(name: String, value: String, code: Int) throws {
        try Self.withAPI { api, keys, _ in
            let answer = try Self.get(api, "/inApps/v2/history/2000000000000001", keys, query: [(name, value)])
            #expect(answer.status == 400 && answer.body["errorCode"] as? Int == code, "\(answer.body)")
        }
    }

    @Test func aStartAfterTheEndIsRefused() throws {
        try Self.withAPI { api, keys, _ in
            let answer = try Self.get(api, "/inApps/v2/history/2000000000000001", keys, query: [("startDate", "5"), ("endDate", "4")])
            #expect(answer.status == 400 && answer.body["errorCode"] as? Int == 4000013)
        }
    }

    @Test func statusesOfACustomerWithoutSubscriptionsAreEmptyAndABadStatusIsRefused() throws {
        try Self.withAPI { api, keys, _ in
            let answer = try Self.get(api, "/inApps/v1/subscriptions/2000000000000001", keys)
            #expect(answer.status == 200 && (answer.body["data"] as? [Any])?.isEmpty == true, "\(answer.body)")
            let bad = try Self.get(api, "/inApps/v1/subscriptions/2000000000000001", keys, query: [("status", "9")])
            #expect(bad.status == 400 && bad.body["errorCode"] as? Int == 4000031)
        }
    }

    @Test func refundHistoryIsTheCustomersRefundedTransactionsOldestRefundFirst() throws {
        try Self.withAPI(purchases: 3) { api, keys, harness in
            let none = try Self.get(api, "/inApps/v2/refund/lookup/2000000000000002", keys)
            #expect(none.status == 200 && (none.body["signedTransactions"] as? [String]) == [], "\(none.body)")
            #expect(none.body["hasMore"] as? Bool == false && none.body["revision"] is String)
            _ = try harness.store.act(.refund(.other), on: "txn-000003")
            harness.clock.advance(by: 60)
            _ = try harness.store.act(.refund(.developerIssue), on: "txn-000001")
            // Any of the customer's transactions names the customer, a refunded one or not.
            let answer = try Self.get(api, "/inApps/v2/refund/lookup/2000000000000002", keys)
            #expect(answer.status == 200 && answer.body["hasMore"] as? Bool == false, "\(answer.body)")
            let signed = try #require(answer.body["signedTransactions"] as? [String])
            #expect(signed.compactMap(Self.transactionId) == ["2000000000000003", "2000000000000001"])
            let payloads = signed.compactMap { JWS(compact: $0).flatMap { SignedTransactionPayload.decoded(from: $0.payload) } }
            #expect(payloads.count == 2 && payloads.allSatisfy { $0.revocationDate != nil }, "signed again with the refund")
            #expect(Set(answer.body.keys) == ["signedTransactions", "revision", "hasMore"], "Apple's RefundHistoryResponse")
        }
    }

    @Test func refundHistoryComesInPagesOfTwenty() throws {
        try Self.withAPI(purchases: 22) { api, keys, harness in
            for number in 1...22 { _ = try harness.store.act(.refund(.other), on: String(format: "txn-%06d", number)) }
            let first = try Self.get(api, "/inApps/v2/refund/lookup/2000000000000001", keys)
            #expect((first.body["signedTransactions"] as? [String])?.count == 20 && first.body["hasMore"] as? Bool == true)
            let revision = try #require(first.body["revision"] as? String)
            let second = try Self.get(api, "/inApps/v2/refund/lookup/2000000000000001", keys, query: [("revision", revision)])
            let rest = try #require(second.body["signedTransactions"] as? [String])
            #expect(rest.compactMap(Self.transactionId) == ["2000000000000021", "2000000000000022"])
            #expect(second.body["hasMore"] as? Bool == false)
        }
    }

    @Test func refundHistoryRefusesWithApplesCodes() throws {
        try Self.withAPI { api, keys, _ in
            let unknown = try Self.get(api, "/inApps/v2/refund/lookup/2000000000000099", keys)
            #expect(unknown.status == 404 && unknown.body["errorCode"] as? Int == 4040010, "\(unknown.body)")
            let malformed = try Self.get(api, "/inApps/v2/refund/lookup/txn-000001", keys)
            #expect(malformed.status == 400 && malformed.body["errorCode"] as? Int == 4000006, "\(malformed.body)")
            let revision = try Self.get(api, "/inApps/v2/refund/lookup/2000000000000001", keys, query: [("revision", "page-2")])
            #expect(revision.status == 400 && revision.body["errorCode"] as? Int == 4000005, "\(revision.body)")
            #expect(try Self.get(api, "/inApps/v1/refund/lookup/2000000000000001", keys).status == 404, "v2 only")
            #expect(try Self.get(api, "/inApps/v2/refund/2000000000000001", keys).status == 404)
            let posted = Self.read(api, APIRequest(method: "POST", path: "/inApps/v2/refund/lookup/2000000000000001",
                                                   authorization: try Self.token(keys)))
            #expect(posted.status == 405)
        }
    }

    /// A read's response; a read never asks the engine for a change.
    private static func read(_ api: AppStoreServerAPI, _ request: APIRequest) -> APIResponse {
        guard case .response(let response) = api.answer(request) else {
            Issue.record("\(request.method) \(request.path) asked for a change")
            return APIResponse(status: 0)
        }
        return response
    }

    private static func transactionId(_ compact: String) -> String? {
        JWS(compact: compact).flatMap { SignedTransactionPayload.decoded(from: $0.payload) }?.transactionId
    }
}
