import Foundation

/// A notification's request as a person reads it: the App Store's `signedPayload` with its
/// JWS payload decoded, and the `signedTransactionInfo` and `signedRenewalInfo` inside it
/// decoded too; a Pub/Sub push with `message.data` decoded from base64; anything else (Xsolla's
/// webhook) as it was sent. JSON is indented, the keys a reader looks for first first, the rest
/// in order. Pure: the body in, text out; the signatures are not checked, only read.
public enum NotificationRequestText {
    /// The keys that say what a notification is, before the rest at each level.
    static let leadingKeys = ["notificationType", "subtype", "notificationUUID", "productId", "transactionId",
                              "subscriptionNotification", "oneTimeProductNotification", "voidedPurchaseNotification"]

    /// What was decoded, in a line, and the request as text.
    public struct Decoded: Sendable, Equatable {
        /// `signedPayload's JWS payload, …` ; nil when the body is shown as it was sent.
        public var note: String?
        public var text: String
    }

    public static func decoded(_ notification: OutboxNotification) -> Decoded {
        decoded(body: notification.body, from: Store.marketplace(named: notification.store))
    }

    public static func decoded(body: String, from store: Marketplace) -> Decoded {
        guard let object = json(body) else { return Decoded(note: nil, text: body) }
        if store == .googlePlay, var envelope = object as? [String: Any], var message = envelope["message"] as? [String: Any],
           let data = message["data"] as? String, let bytes = Data(base64Encoded: data), let inner = json(bytes) {
            message["data"] = inner
            envelope["message"] = message
            return Decoded(note: "message.data decoded from base64", text: pretty(envelope))
        }
        if var outer = object as? [String: Any], let signed = outer["signedPayload"] as? String,
           var payload = jwsPayload(signed) as? [String: Any] {
            var decoded = ["signedPayload"]
            if var data = payload["data"] as? [String: Any] {
                for key in ["signedTransactionInfo", "signedRenewalInfo"] {
                    guard let jws = data[key] as? String, let inner = jwsPayload(jws) else { continue }
                    data[key] = inner
                    decoded.append(key)
                }
                payload["data"] = data
            }
            outer["signedPayload"] = payload
            return Decoded(note: decoded.joined(separator: ", ") + " decoded from JWS (signatures not shown)",
                           text: pretty(outer))
        }
        return Decoded(note: nil, text: pretty(object))
    }

    /// The payload of a compact JWS (`header.payload.signature`), parsed; nil when it is not one.
    static func jwsPayload(_ jws: String) -> Any? {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let bytes = Base64URL.decode(parts[1]) else { return nil }
        return json(bytes)
    }

    private static func json(_ text: String) -> Any? {
        json(Data(text.utf8))
    }

    private static func json(_ data: Data) -> Any? {
        guard let object = try? JSONSerialization.jsonObject(with: data), object is [String: Any] || object is [Any]
        else { return nil }
        return object
    }

    /// Indented two spaces a level; each value that is not an object or array written as
    /// JSONSerialization writes it, so numbers, booleans and strings stay what they were.
    static func pretty(_ value: Any, indent: String = "") -> String {
        let inner = indent + "  "
        if let object = value as? [String: Any] {
            guard !object.isEmpty else { return "{}" }
            let keys = object.keys.sorted { first, second in
                let (a, b) = (leadingKeys.firstIndex(of: first), leadingKeys.firstIndex(of: second))
                switch (a, b) {
                case let (a?, b?): return a < b
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return first < second
                }
            }
            let members = keys.map { inner + leaf($0) + ": " + pretty(object[$0] ?? NSNull(), indent: inner) }
            return "{\n" + members.joined(separator: ",\n") + "\n" + indent + "}"
        }
        if let array = value as? [Any] {
            guard !array.isEmpty else { return "[]" }
            return "[\n" + array.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        }
        return leaf(value)
    }

    private static func leaf(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
        else { return "\(value)" }
        return String(decoding: data, as: UTF8.self)
    }
}
