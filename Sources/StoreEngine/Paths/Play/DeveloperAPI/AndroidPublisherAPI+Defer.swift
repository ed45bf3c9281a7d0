import Foundation
import Ledger

// Deferring a subscription's next renewal through the Google Play Developer API: the period
// runs on, uncharged, to a later expiry, as Google Play moves it. `purchases.subscriptions.defer`
// names the expiry it expects and the one it wants; `purchases.subscriptionsv2.defer` a
// duration and the etag `subscriptionsv2.get` gave. The engine moves it (the same action as the
// App Store's renewal-date extension), from the expiry read here: a renewal in between refuses it.
extension AndroidPublisherAPI {
    /// How far Google Play defers a renewal in one call: a year.
    static let longestDeferral: TimeInterval = 365 * 86_400

    /// `purchases.subscriptions.defer`: `deferralInfo.expectedExpiryTimeMillis` must be the
    /// expiry now, `desiredExpiryTimeMillis` later, by a year at most; answers `newExpiryTimeMillis`.
    func deferRenewal(_ purchase: PlayPurchase, asked request: APIRequest, subscriptions: PlaySubscriptionReader) throws -> APIAnswer {
        guard case .object(let info)? = APIJSONValue.fields(of: request.body)?["deferralInfo"],
              let expected = Self.milliseconds(info["expectedExpiryTimeMillis"]),
              let desired = Self.milliseconds(info["desiredExpiryTimeMillis"]) else {
            return .response(AndroidPublisherError.invalidValue(
                "deferralInfo needs expectedExpiryTimeMillis and desiredExpiryTimeMillis.", location: "deferralInfo"))
        }
        guard let subscription = try subscriptions.subscription(startedBy: purchase), subscription.endedAt == nil else {
            return .response(AndroidPublisherError.invalidState(note: "the subscription has ended"))
        }
        let current = PlayPurchase.milliseconds(subscription.expiresAt)
        guard expected == current else {
            return .response(AndroidPublisherError.invalidValue(
                "The expected expiry time \(expected) is not the subscription's expiry time.",
                location: "deferralInfo.expectedExpiryTimeMillis"))
        }
        let until = Date(timeIntervalSince1970: Double(desired) / 1000)
        if let refusal = Self.refusal(deferring: subscription, to: until, location: "deferralInfo.desiredExpiryTimeMillis") {
            return .response(refusal)
        }
        return Self.deferring(subscription, to: until, done: .json(200, ["newExpiryTimeMillis": String(desired)]),
                              call: "purchases.subscriptions.defer")
    }

    /// `purchases.subscriptionsv2.defer`: `deferralContext.deferDuration` (`604800s`) from the
    /// expiry now, with the etag read with it; `validateOnly` answers without deferring.
    func deferRenewalV2(_ purchase: PlayPurchase, asked request: APIRequest, subscriptions: PlaySubscriptionReader) throws -> APIAnswer {
        guard case .object(let context)? = APIJSONValue.fields(of: request.body)?["deferralContext"],
              case .string(let duration)? = context["deferDuration"], duration.hasSuffix("s"),
              let seconds = Double(duration.dropLast()), seconds.isFinite, case .string(let etag)? = context["etag"] else {
            return .response(AndroidPublisherError.invalidValue("deferralContext needs a deferDuration and the etag.",
                                                                location: "deferralContext"))
        }
        guard let subscription = try subscriptions.subscription(startedBy: purchase), subscription.endedAt == nil else {
            return .response(AndroidPublisherError.invalidState(note: "the subscription has ended"))
        }
        guard etag == PlayPurchaseResources.etag(of: subscription) else {
            return .response(AndroidPublisherError.invalidValue("The etag is not the subscription's latest.",
                                                                location: "deferralContext.etag"))
        }
        let until = subscription.expiresAt.addingTimeInterval(seconds)
        if let refusal = Self.refusal(deferring: subscription, to: until, location: "deferralContext.deferDuration") {
            return .response(refusal)
        }
        let done = APIResponse.json(200, ["itemExpiryTimeDetails": [
            ["productId": subscription.productId, "expiryTime": PlayPurchaseResources.time(until)],
        ]])
        if case .bool(true)? = context["validateOnly"] { return .response(done) }
        return Self.deferring(subscription, to: until, done: done, call: "purchases.subscriptionsv2.defer")
    }

    /// Google's refusal of a new expiry not later than the one now, or more than a year later.
    private static func refusal(deferring subscription: SubscriptionSummary, to until: Date, location: String) -> APIResponse? {
        let later = until.timeIntervalSince(subscription.expiresAt)
        guard later > 0 else {
            return AndroidPublisherError.invalidValue("The new expiry time must be later than the current one.", location: location)
        }
        guard later <= longestDeferral else {
            return AndroidPublisherError.invalidValue("A subscription can be deferred by a year at most.", location: location)
        }
        return nil
    }

    /// The engine's change, from the expiry read: answered `done` once made, Google's invalid
    /// state when the engine refuses (in grace, on hold, paused, or renewed since).
    private static func deferring(_ subscription: SubscriptionSummary, to until: Date, done: APIResponse, call: String) -> APIAnswer {
        var answers = answers(200)
        answers.done = done
        let change = RenewalExtension(.until(until), expectedEnd: subscription.expiresAt, note: call)
        return .change(.act(.extendRenewal(change), onTransaction: subscription.latestTransactionId), answers: answers)
    }

    /// An int64 as Google's JSON writes it (a string of digits), or a plain number.
    private static func milliseconds(_ value: APIJSONValue?) -> Int64? {
        switch value {
        case .string(let digits)?: Int64(digits)
        case .number(let number)?: Int64(number)
        default: nil
        }
    }
}
