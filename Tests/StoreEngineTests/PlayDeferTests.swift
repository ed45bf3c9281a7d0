import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// `purchases.subscriptions.defer` and `purchases.subscriptionsv2.defer` on the handler: Google's
/// refusals, and the deferral the engine makes (`SUBSCRIPTION_DEFERRED`, the expiry read back).
@Suite("Google Play Developer API: defer")
struct PlayDeferTests {
    typealias API = PlayDeveloperAPIHandlerTests

    /// The subscription's expiry as `subscriptionsv2.get` says it, and its etag.
    static func read(_ servers: StoreServers, _ token: String, _ bearer: String) throws -> (expiry: Date, etag: String?) {
        let answer = try API.response(servers.answer(API.get("/subscriptionsv2/tokens/\(token)", bearer)))
        let body = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let item = try #require((body["lineItems"] as? [[String: Any]])?.first)
        let expiry = try #require(try Date((item["expiryTime"] as? String) ?? "", strategy: .iso8601.year().month().day()
            .time(includingFractionalSeconds: true).timeZone(separator: .omitted)))
        return (expiry, body["etag"] as? String)
    }

    static func deferral(_ expected: Date, _ desired: Date) -> String {
        let ms = { (date: Date) in String(Int64((date.timeIntervalSince1970 * 1000).rounded())) }
        return #"{"deferralInfo":{"expectedExpiryTimeMillis":""# + ms(expected) + #"","desiredExpiryTimeMillis":""#
            + ms(desired) + #""}}"#
    }

    @Test func aDeferralNeedsTheExpiryNowAndALaterOneWithinAYear() throws {
        try API.withAPI { servers, keys, harness in
            let (_, token) = try API.buy(SKU.monthlyPass, on: harness)
            let bearer = try API.bearer(servers, keys)
            let path = "/subscriptions/\(SKU.monthlyPass)/tokens/\(token):defer"
            let expiry = try Self.read(servers, token, bearer).expiry
            let day: TimeInterval = 86_400
            for body in ["{}", #"{"deferralInfo":{"desiredExpiryTimeMillis":"1"}}"#, "not json",
                         Self.deferral(expiry.addingTimeInterval(-60), expiry.addingTimeInterval(day)),
                         Self.deferral(expiry, expiry), Self.deferral(expiry, expiry.addingTimeInterval(366 * day))] {
                let answer = try API.make(servers.answer(API.post(path, bearer, body: body)), on: harness)
                #expect(answer.status == 400 && API.reason(answer) == "invalid", "\(body)")
            }
            let wanted = expiry.addingTimeInterval(10 * day)
            let answer = try API.make(servers.answer(API.post(path, bearer, body: Self.deferral(expiry, wanted))), on: harness)
            let body = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
            #expect(answer.status == 200 && body["newExpiryTimeMillis"] as? String == String(Int64(wanted.timeIntervalSince1970 * 1000)))
            let deferred = try Self.read(servers, token, bearer).expiry
            #expect(abs(deferred.timeIntervalSince(wanted)) < 0.001)
            #expect(try harness.events(.subscriptionDeferred).count == 1)
            // Ended: Google's invalid state.
            _ = try harness.store.act(.expire, on: try #require(harness.store.account.subscriptions.keys.first))
            let ended = try API.make(servers.answer(API.post(path, bearer, body: Self.deferral(wanted, wanted.addingTimeInterval(day)))),
                                     on: harness)
            #expect(ended.status == 400 && API.reason(ended) == "invalidPurchaseState")
        }
    }

    /// In grace, the engine refuses what the handler read as deferrable: Google's invalid state.
    @Test func aSubscriptionInGraceIsNotDeferred() throws {
        try API.withAPI { servers, keys, harness in
            let (sheet, token) = try API.buy(SKU.monthlyPass, on: harness)
            _ = try harness.store.act(.billingIssue(true), on: sheet.transactionId)
            let bearer = try API.bearer(servers, keys)
            let expiry = try Self.read(servers, token, bearer).expiry
            _ = try harness.store.advance(to: expiry.addingTimeInterval(60))
            let grace = try Self.read(servers, token, bearer).expiry
            let answer = try API.make(servers.answer(API.post("/subscriptions/\(SKU.monthlyPass)/tokens/\(token):defer", bearer,
                                                              body: Self.deferral(grace, grace.addingTimeInterval(86_400)))),
                                      on: harness)
            #expect(answer.status == 400 && API.reason(answer) == "invalidPurchaseState", "\(answer.note ?? "")")
            #expect(try harness.events(.subscriptionDeferred).isEmpty)
        }
    }

    @Test func theV2DeferralNeedsTheLatestEtagAndCanOnlyValidate() throws {
        try API.withAPI { servers, keys, harness in
            let (_, token) = try API.buy(SKU.monthlyPass, on: harness)
            let bearer = try API.bearer(servers, keys)
            let path = "/subscriptionsv2/tokens/\(token):defer"
            let (expiry, etag) = try Self.read(servers, token, bearer)
            let tag = try #require(etag)
            func body(_ duration: String, etag: String = tag, validateOnly: Bool = false) -> String {
                #"{"deferralContext":{"deferDuration":""# + duration + #"","etag":""# + etag + #"","validateOnly":"#
                    + (validateOnly ? "true" : "false") + "}}"
            }
            for sent in ["{}", body("7 days"), body("604800s", etag: "stale"), body("-60s"), body("31708800s")] {
                let answer = try API.make(servers.answer(API.post(path, bearer, body: sent)), on: harness)
                #expect(answer.status == 400 && API.reason(answer) == "invalid", "\(sent)")
            }
            let checked = try API.make(servers.answer(API.post(path, bearer, body: body("604800s", validateOnly: true))), on: harness)
            let unmoved = try Self.read(servers, token, bearer).expiry
            #expect(checked.status == 200 && unmoved == expiry, "validated only")
            let answer = try API.make(servers.answer(API.post(path, bearer, body: body("604800s"))), on: harness)
            let details = try #require((try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["itemExpiryTimeDetails"]
                as? [[String: Any]])
            #expect(answer.status == 200 && details.first?["productId"] as? String == SKU.monthlyPass)
            let (moved, newTag) = try Self.read(servers, token, bearer)
            #expect(abs(moved.timeIntervalSince(expiry.addingTimeInterval(604_800))) < 0.001 && newTag != tag)
            // The etag read before the deferral is stale now.
            let stale = try API.make(servers.answer(API.post(path, bearer, body: body("60s"))), on: harness)
            #expect(stale.status == 400 && API.reason(stale) == "invalid")
        }
    }
}
