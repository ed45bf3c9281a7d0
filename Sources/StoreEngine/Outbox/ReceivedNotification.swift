import Foundation

/// A notification as a team's backend receives it, told apart by its shape, its signature
/// checked by the rules its store gives a backend: what `storefront receive` prints.
public struct ReceivedNotification: Sendable, Equatable {
    public enum Verdict: Sendable, Equatable {
        /// The signature holds.
        case verified
        /// It does not, and why.
        case refused(String)
        /// Nothing to check it with, or nothing signed: said, not guessed.
        case unchecked(String)
    }

    /// `appStore`, `googlePlay` or `xsolla`; nil for a body of no store's shape.
    public var store: Marketplace?
    /// `DID_RENEW`, `SUBSCRIPTION_RENEWED (2)`, `order_paid`.
    public var type: String
    public var subtype: String?
    public var verdict: Verdict
    /// The notification decoded, nested signed data included, as indented JSON.
    public var decoded: String

    /// What the store counts as taken when the backend is content: Apple 200, the others 204.
    public var successStatus: Int { store == .appStore ? 200 : 204 }

    /// What should be answered when its signature failed: Xsolla's `INVALID_SIGNATURE`, else 401.
    public var refusal: (status: Int, body: String) {
        store == .xsolla ? (400, #"{"error":{"code":"INVALID_SIGNATURE","message":"Invalid signature"}}"#) : (401, "")
    }

    /// Reads `body` (with its `Authorization` header): App Store data is checked against `root`
    /// (DER), Xsolla's against `xsollaSecretKey`, a push's Bearer token against
    /// `tokenCertificates` (key id to PEM, Google's certs); any missing leaves it unchecked.
    public static func read(_ body: Data, authorization: String?, root: Data?, xsollaSecretKey: String?,
                            tokenCertificates: [String: String]? = nil, now: Date = Date()) -> ReceivedNotification {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return ReceivedNotification(store: nil, type: "not JSON", verdict: .refused("the body is not a JSON object"),
                                        decoded: String(decoding: body.prefix(2_000), as: UTF8.self))
        }
        if let signed = object["signedPayload"] as? String { return appStore(signed, root: root) }
        if let message = object["message"] as? [String: Any], object["subscription"] != nil {
            return play(object, message: message, verdict: pushVerdict(authorization, certificates: tokenCertificates, at: now))
        }
        if let type = object["notification_type"] as? String {
            let verdict: Verdict = xsollaSecretKey.map {
                XsollaSignatureCheck.holds(authorization, body: body, secretKey: $0)
                    ? .verified : .refused("Authorization is not Signature sha1(body + the secret key)")
            } ?? .unchecked("no secret key to check it with")
            return ReceivedNotification(store: .xsolla, type: type, verdict: verdict, decoded: indented(object))
        }
        return ReceivedNotification(store: nil, type: "unknown", verdict: .refused("no store sends this shape"),
                                    decoded: indented(object))
    }

    private static func appStore(_ signed: String, root: Data?) -> ReceivedNotification {
        let verdict: Verdict
        switch root.map({ SignedDataCheck.payload(of: signed, trustingRoot: $0) }) {
        case .success?: verdict = .verified
        case .failure(let refusal)?: verdict = .refused(refusal.description)
        case nil: verdict = .unchecked("no root certificate to check it with (--root keys/storefront-root.cer)")
        }
        // Shown whether or not it verified: the verdict says which.
        guard var object = NotificationRequestText.jwsPayload(signed) as? [String: Any] else {
            return ReceivedNotification(store: .appStore, type: "unreadable", verdict: .refused("its payload is not JSON"),
                                        decoded: signed)
        }
        // The transaction and renewal info inside are JWS too: shown decoded.
        if var data = object["data"] as? [String: Any] {
            for key in ["signedTransactionInfo", "signedRenewalInfo"] {
                if let nested = data[key] as? String, let decoded = NotificationRequestText.jwsPayload(nested) {
                    data[key] = decoded
                }
            }
            object["data"] = data
        }
        return ReceivedNotification(store: .appStore, type: object["notificationType"] as? String ?? "?",
                                    subtype: object["subtype"] as? String, verdict: verdict, decoded: indented(object))
    }

    /// Pub/Sub signs nothing in the body; a push subscription with authentication adds a token.
    private static func pushVerdict(_ authorization: String?, certificates: [String: String]?, at now: Date) -> Verdict {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return .unchecked("Pub/Sub signs nothing in the body") }
        guard let certificates else { return .unchecked("a Bearer token came; no Google certs to check it with (storefront keys writes them)") }
        return GooglePushToken.problem(with: authorization, certificates: certificates, at: now).map(Verdict.refused) ?? .verified
    }

    private static func play(_ object: [String: Any], message: [String: Any], verdict: Verdict) -> ReceivedNotification {
        var envelope = object
        var decodedMessage = message
        var type = "?"
        if let data = (message["data"] as? String).flatMap({ Data(base64Encoded: $0) }),
           let notification = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            decodedMessage["data"] = notification
            for (key, names) in [("subscriptionNotification", "subscription"), ("oneTimeProductNotification", "one-time product")] {
                if let inner = notification[key] as? [String: Any], let number = inner["notificationType"] as? Int {
                    type = "\(names) \(number)"
                }
            }
            if notification["voidedPurchaseNotification"] != nil { type = "voided purchase" }
            if notification["testNotification"] != nil { type = "test" }
        }
        envelope["message"] = decodedMessage
        return ReceivedNotification(store: .googlePlay, type: type, verdict: verdict, decoded: indented(envelope))
    }

    private static func indented(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys,
                                                                                       .withoutEscapingSlashes])
        else { return "\(object)" }
        return String(decoding: data, as: UTF8.self)
    }
}
