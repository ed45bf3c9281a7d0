import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Send Consumption Information: the handler reads Apple's body and refuses what Apple would,
/// with its code; what it takes, the engine keeps as an event on the transaction, in one commit.
/// (Apple's client sends it through the app: AppStoreServerAPITests in EndToEndTests.)
@Suite("App Store Server API: Send Consumption Information")
struct ConsumptionInformationTests {
    /// Apple's body with every field, as its client sends it.
    static var body: [String: Any] { [
        "customerConsented": true, "consumptionStatus": 3, "platform": 1, "sampleContentProvided": false,
        "deliveryStatus": 0, "appAccountToken": "7E3FB20B-4CDB-47CC-936D-99D65F608138", "accountTenure": 4,
        "playTime": 3, "lifetimeDollarsRefunded": 1, "lifetimeDollarsPurchased": 2, "userStatus": 1, "refundPreference": 2,
    ] }

    static func put(_ api: AppStoreServerAPI, _ keys: ServerKeys, id: String = "2000000000000001",
                    body: Data) throws -> APIAnswer {
        api.answer(APIRequest(method: "PUT", path: "/inApps/v1/transactions/consumption/\(id)",
                              authorization: try AppStoreServerAPIHandlerTests.token(keys), body: body))
    }

    static func json(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object)
    }

    @Test func aGoodBodyIsAChangeOnTheLedgersTransactionAnswered202() throws {
        try AppStoreServerAPIHandlerTests.withAPI { api, keys, _ in
            let answer = try Self.put(api, keys, body: try Self.json(Self.body))
            guard case .change(let change, let answers) = answer else {
                Issue.record("not a change: \(answer)")
                return
            }
            guard case .send(.storeKit(.consumptionInformation(let request, let transactionId))) = change else {
                Issue.record("another change: \(change)")
                return
            }
            #expect(transactionId == "txn-000001")
            #expect(request.consumptionStatus == 3 && request.refundPreference == 2 && request.sampleContentProvided == false)
            #expect(answers.done == APIResponse(status: 202), "202, no body")
            #expect(answers.refused.status == 404 && answers.failed.status == 500)
            // Without refundPreference (optional at Apple), and with no app account token.
            var plain = Self.body
            plain["refundPreference"] = nil
            plain["appAccountToken"] = ""
            guard case .change(.send(.storeKit(.consumptionInformation(let bare, _))), _) = try Self.put(api, keys, body: try Self.json(plain))
            else { Issue.record("not taken"); return }
            #expect(bare.refundPreference == nil && bare.appAccountToken.isEmpty)
        }
    }

    @Test(arguments: [
        ("customerConsented", false, 4000035), ("customerConsented", nil, 4000035), ("customerConsented", 1, 4000035),
        ("consumptionStatus", 4, 4000034), ("consumptionStatus", "3", 4000034), ("consumptionStatus", nil, 4000034),
        ("platform", 3, 4000039), ("sampleContentProvided", 1, 4000041), ("sampleContentProvided", nil, 4000041),
        ("deliveryStatus", 6, 4000036), ("deliveryStatus", 1.5, 4000036), ("appAccountToken", "player-1", 4000033),
        ("appAccountToken", nil, 4000033), ("accountTenure", 8, 4000032), ("playTime", -1, 4000040),
        ("lifetimeDollarsRefunded", 8, 4000038), ("lifetimeDollarsPurchased", nil, 4000037), ("userStatus", 5, 4000042),
        ("refundPreference", 4, 4000000),
    ] as [(String, (any Sendable)?, Int)])
    func aBadFieldGetsItsCode(field: String, value: (any Sendable)?, code: Int) throws {
        try AppStoreServerAPIHandlerTests.withAPI { api, keys, _ in
            var body = Self.body
            body[field] = value
            guard case .response(let response) = try Self.put(api, keys, body: try Self.json(body)) else {
                Issue.record("\(field) \(String(describing: value)) was taken")
                return
            }
            let error = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect(response.status == 400 && error?["errorCode"] as? Int == code, "\(field): \(error ?? [:])")
        }
    }

    @Test func aBodyThatIsNoJSONObjectAndABadIdAreRefused() throws {
        try AppStoreServerAPIHandlerTests.withAPI { api, keys, _ in
            func code(_ answer: APIAnswer) -> (Int, Int?) {
                guard case .response(let response) = answer else { return (0, nil) }
                let error = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
                return (response.status, error?["errorCode"] as? Int)
            }
            #expect(code(try Self.put(api, keys, body: Data("consumed".utf8))) == (400, 4000000))
            #expect(code(try Self.put(api, keys, body: try Self.json([Self.body]))) == (400, 4000000))
            #expect(code(try Self.put(api, keys, body: Data())) == (400, 4000000))
            let good = try Self.json(Self.body)
            #expect(code(try Self.put(api, keys, id: "2000000000000099", body: good)) == (404, 4040010))
            #expect(code(try Self.put(api, keys, id: "txn-000001", body: good)) == (400, 4000006))
            let read = api.answer(APIRequest(method: "GET", path: "/inApps/v1/transactions/consumption/2000000000000001",
                                             authorization: try AppStoreServerAPIHandlerTests.token(keys)))
            #expect(read == .response(APIResponse(status: 405)))
            let unsigned = api.answer(APIRequest(method: "PUT", path: "/inApps/v1/transactions/consumption/2000000000000001",
                                                 body: good))
            guard case .response(let refused) = unsigned else { Issue.record("taken without a token"); return }
            #expect(refused.status == 401)
        }
    }

    /// The engine keeps it: one commit, the event on the transaction with Apple's names; a
    /// transaction gone since is refused and nothing is written.
    @Test func theEngineLogsItOnTheTransactionInOneCommit() throws {
        try AppStoreServerAPIHandlerTests.withAPI { api, keys, harness in
            guard case .change(let change, let answers) = try Self.put(api, keys, body: try Self.json(Self.body)),
                  case .send(let input) = change else {
                Issue.record("not a change")
                return
            }
            let before = harness.store.commitCount
            let report = try harness.store.send(input)
            #expect(harness.store.commitCount == before + 1)
            #expect(answers.response(after: report) == APIResponse(status: 202))
            let event = try #require(try harness.events(.consumptionSent).last)
            #expect(event.transactionId == "txn-000001")
            #expect(event.message.contains("consumptionStatus FULLY_CONSUMED"), "\(event.message)")
            #expect(event.message.contains("refundPreference PREFER_DECLINE"), "\(event.message)")
            #expect(report.snapshot.events.contains { $0.kind == .consumptionSent }, "the Events pane shows it")

            let gone = ConsumptionRequest.reading(try Self.json(Self.body))
            let request = try gone.get()
            let counted = harness.store.commitCount
            let refused = try harness.store.send(.storeKit(.consumptionInformation(request, transactionId: "txn-000099")))
            #expect(refused.notice?.isRefusal == true)
            #expect(answers.response(after: refused).status == 404)
            #expect(try harness.events(.consumptionSent).count == 1)
            #expect(harness.store.commitCount <= counted + 1)
        }
    }
}
