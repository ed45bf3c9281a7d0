import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// Extend a Subscription Renewal Date and Send Consumption Information v2 on the App Store
/// Server API's handler: Apple's refusals with its codes, the extension the engine makes, the
/// same request identifier answered as the first time, and Apple's two extensions a year.
@Suite("App Store Server API: Extend a Subscription Renewal Date, Send Consumption Information v2")
struct RenewalExtensionAPITests {
    typealias Handler = AppStoreServerAPIHandlerTests

    /// Served as the app serves them (its clock standing still: the API reads the renewal date
    /// at the ledger's simulated now, which the store keeps).
    static func withAPI(_ body: (StoreServers, ServerKeys, StoreHarness) throws -> Void) throws {
        // Paid periods: Apple extends no free offer period (RenewalExtensionAPITests.aFreeTrialIsIneligible).
        try PlayDeveloperAPIHandlerTests.withAPI(catalog: try regularPriceCatalog(), body)
    }

    static func put(_ api: StoreServers, _ keys: ServerKeys, _ path: String, _ body: [String: Any]) throws -> APIAnswer {
        api.answer(APIRequest(method: "PUT", path: path, authorization: try Handler.token(keys),
                              body: try JSONSerialization.data(withJSONObject: body)))
    }

    static func extend(_ api: StoreServers, _ keys: ServerKeys, id: String = "2000000000000001", days: Any = 7,
                       reason: Any = 1, request: Any = "outage-1") throws -> APIAnswer {
        try put(api, keys, "/inApps/v1/subscriptions/extend/\(id)",
                ["extendByDays": days, "extendReasonCode": reason, "requestIdentifier": request])
    }

    /// The status and Apple's error code of an answer the handler gave itself.
    static func code(_ answer: APIAnswer) -> (Int, Int?) {
        guard case .response(let response) = answer else { return (0, nil) }
        let body = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        return (response.status, body?["errorCode"] as? Int)
    }

    /// The change made by the engine, and Apple's answer for it.
    static func make(_ answer: APIAnswer, on harness: StoreHarness) throws -> (Int, [String: Any]) {
        guard case .change(.act(let action, let transaction), let answers) = answer else {
            let (status, _) = code(answer)
            guard case .response(let response) = answer else { return (status, [:]) }
            return (status, (try JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:])
        }
        let response = answers.response(after: try harness.store.act(action, on: transaction))
        return (response.status, (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:])
    }

    @Test func aBadBodyOrIdGetsApplesCode() throws {
        try Self.withAPI { api, keys, harness in
            _ = try harness.buyThroughStoreKit(SKU.monthlyPass)
            #expect(Self.code(try Self.extend(api, keys, days: 0)) == (400, 4000009))
            #expect(Self.code(try Self.extend(api, keys, days: 91)) == (400, 4000009))
            #expect(Self.code(try Self.extend(api, keys, days: "7")) == (400, 4000009))
            #expect(Self.code(try Self.extend(api, keys, reason: 4)) == (400, 4000010))
            #expect(Self.code(try Self.extend(api, keys, request: "")) == (400, 4000011))
            #expect(Self.code(try Self.extend(api, keys, request: String(repeating: "r", count: 129))) == (400, 4000011))
            #expect(Self.code(try Self.extend(api, keys, id: "txn-000001")) == (400, 4000008))
            #expect(Self.code(try Self.extend(api, keys, id: "2000000000000099")) == (404, 4040005))
            let notJSON = api.answer(APIRequest(method: "PUT", path: "/inApps/v1/subscriptions/extend/2000000000000001",
                                                authorization: try Handler.token(keys), body: Data("seven".utf8)))
            #expect(Self.code(notJSON) == (400, 4000000))
            #expect(api.answer(APIRequest(method: "GET", path: "/inApps/v1/subscriptions/extend/2000000000000001",
                                          authorization: try Handler.token(keys))) == .response(APIResponse(status: 405)))
        }
    }

    /// Apple extends no free offer period: the monthly pass's free trial is ineligible.
    @Test func aFreeTrialIsIneligible() throws {
        try PlayDeveloperAPIHandlerTests.withAPI { api, keys, harness in
            _ = try harness.buyThroughStoreKit(SKU.monthlyPass)
            let trial = try #require(harness.store.currentReport().snapshot.subscriptions.first)
            #expect(trial.periodType == "trial")
            #expect(Self.code(try Self.extend(api, keys)) == (403, 4030004))
        }
    }

    @Test func anExtensionMovesTheRenewalDateOnceForItsRequestIdentifier() throws {
        try Self.withAPI { api, keys, harness in
            let (id, _) = try harness.buyThroughStoreKit(SKU.monthlyPass)
            let end = try #require(harness.store.account.subscriptions[id]?.expiresAt)
            let (status, body) = try Self.make(try Self.extend(api, keys), on: harness)
            let moved = end.addingTimeInterval(7 * 86_400)
            #expect(status == 200 && body["success"] as? Bool == true, "\(body)")
            #expect((body["effectiveDate"] as? NSNumber)?.int64Value == SignedTransactionPayload.milliseconds(moved))
            #expect(body["originalTransactionId"] as? String == "2000000000000001" && body["webOrderLineItemId"] != nil)
            #expect(try harness.ledger.subscriptions(user: "player-1").first?.expiresAt == moved)
            let event = try #require(try harness.events(.renewalExtended).last)
            #expect(event.message.hasSuffix("requestIdentifier outage-1") && event.message.contains("CUSTOMER_SATISFACTION"))
            // The same request again: the first answer, and no second extension.
            let again = try Self.extend(api, keys, days: 30)
            guard case .response(let response) = again else { Issue.record("extended twice"); return }
            let first = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect(response.status == 200 && first?["effectiveDate"] as? NSNumber == body["effectiveDate"] as? NSNumber)
            #expect(try harness.events(.renewalExtended).count == 1)
        }
    }

    @Test func appleExtendsASubscriptionTwiceIn365Days() throws {
        try Self.withAPI { api, keys, harness in
            _ = try harness.buyThroughStoreKit(SKU.monthlyPass)
            #expect(try Self.make(try Self.extend(api, keys, request: "a"), on: harness).0 == 200)
            #expect(try Self.make(try Self.extend(api, keys, request: "b"), on: harness).0 == 200)
            #expect(Self.code(try Self.extend(api, keys, request: "c")) == (403, 4030005))
        }
    }

    /// Not a subscription's original transaction, ended, or in grace: 4030004; and the engine's
    /// refusal of a renewal date moved since the read is the same.
    @Test func anIneligibleSubscriptionIs4030004() throws {
        try Self.withAPI { api, keys, harness in
            _ = try harness.buyThroughStoreKit(SKU.removeAds)
            #expect(Self.code(try Self.extend(api, keys)) == (403, 4030004), "a one-time purchase")
            let (id, _) = try harness.buyThroughStoreKit(SKU.monthlyPass)
            let appleId = AppStoreIdentifiers.transactionId(of: id)
            let read = try Self.extend(api, keys, id: appleId)
            // An hour on, so the renewal's new period ends elsewhere than the one read.
            _ = try harness.store.advance(to: harness.now.addingTimeInterval(3_600))
            _ = try harness.store.act(.renew, on: id)
            let late = try Self.make(read, on: harness)
            #expect(late.0 == 403, "renewed between the read and the engine")
            let renewal = try #require(harness.store.account.subscriptions[id]?.latestTransactionId)
            #expect(Self.code(try Self.extend(api, keys, id: AppStoreIdentifiers.transactionId(of: renewal))) == (403, 4030004))
            _ = try harness.store.act(.billingIssue(true), on: renewal)
            let end = try #require(harness.store.account.subscriptions[id]?.expiresAt)
            _ = try harness.store.advance(to: end.addingTimeInterval(60))
            #expect(Self.code(try Self.extend(api, keys, id: appleId)) == (403, 4030004), "in grace")
            _ = try harness.store.act(.expire, on: renewal)
            #expect(Self.code(try Self.extend(api, keys, id: appleId)) == (403, 4030004), "ended")
        }
    }

    // MARK: Send Consumption Information v2

    static var consumption: [String: Any] { [
        "customerConsented": true, "sampleContentProvided": false, "deliveryStatus": "DELIVERED",
        "consumptionPercentage": 25000, "refundPreference": "GRANT_PRORATED",
    ] }

    @Test func consumptionV2IsKeptOnTheTransaction() throws {
        try Self.withAPI { api, keys, harness in
            _ = try harness.buyThroughStoreKit(SKU.gems100)
            let answer = try Self.put(api, keys, "/inApps/v2/transactions/consumption/2000000000000001", Self.consumption)
            guard case .change(.send(let input), let answers) = answer else { Issue.record("not a change: \(answer)"); return }
            let report = try harness.store.send(input)
            #expect(answers.response(after: report) == APIResponse(status: 202))
            let event = try #require(try harness.events(.consumptionSent).last)
            #expect(event.transactionId == "txn-000001")
            #expect(event.message.contains("deliveryStatus DELIVERED, consumptionPercentage 25000, refundPreference GRANT_PRORATED"))
            var bare = Self.consumption
            bare["consumptionPercentage"] = nil
            bare["refundPreference"] = nil
            guard case .change(.send(.storeKit(.consumptionInformationV2(let request, _))), _) =
                    try Self.put(api, keys, "/inApps/v2/transactions/consumption/2000000000000001", bare)
            else { Issue.record("optional fields required"); return }
            #expect(request.consumptionPercentage == nil && request.refundPreference == nil)
        }
    }

    @Test(arguments: [
        ("customerConsented", false, 4000035), ("customerConsented", nil, 4000035), ("sampleContentProvided", "no", 4000041),
        ("sampleContentProvided", nil, 4000041), ("deliveryStatus", "DELIVERED_AND_WORKING_PROPERLY", 4000036),
        ("deliveryStatus", 0, 4000036), ("deliveryStatus", nil, 4000036), ("consumptionPercentage", 100_001, 4000000),
        ("consumptionPercentage", -1, 4000000), ("consumptionPercentage", "50", 4000000), ("refundPreference", "PREFER_GRANT", 4000000),
    ] as [(String, (any Sendable)?, Int)])
    func aBadV2FieldGetsItsCode(field: String, value: (any Sendable)?, code: Int) throws {
        try Self.withAPI { api, keys, harness in
            _ = try harness.buyThroughStoreKit(SKU.gems100)
            var body = Self.consumption
            body[field] = value
            let answer = try Self.put(api, keys, "/inApps/v2/transactions/consumption/2000000000000001", body)
            #expect(Self.code(answer) == (400, code), "\(field) \(String(describing: value))")
        }
    }
}
