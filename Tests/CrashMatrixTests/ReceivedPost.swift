import Foundation
import Ledger

/// One POST the matrix's receiver got (`Tests/Support/receive_any.py`), as its log line says:
/// where it went, which store's shape its body had and the id a backend de-duplicates by.
struct ReceivedPost: Equatable {
    var path: String
    /// The ledger's name of the store (`appStore`, `googlePlay`, `xsolla`); nil for a body of
    /// no store's shape.
    var store: String?
    var id: String?
    /// Why the receiver could not read the body.
    var error: String?

    /// The posts of one log, one JSON line each. A body its sender was killed while sending
    /// (`truncated`) is no request the backend got: it is left out.
    static func read(log text: String) -> [ReceivedPost] {
        text.split(separator: "\n").compactMap { line in
            guard let fields = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  fields["truncated"] as? Bool != true else { return nil }
            return ReceivedPost(path: fields["path"] as? String ?? "", store: fields["store"] as? String,
                                id: fields["id"] as? String, error: fields["error"] as? String)
        }
    }
}

/// The id the receiver logs for a notification, read from the row's own body the way
/// `receive_any.py` reads the request: so a post matches the row whose bytes it carried.
enum NotificationKey {
    static func of(_ row: NotificationRecord) -> String? {
        guard let body = try? JSONSerialization.jsonObject(with: Data(row.body.utf8)) as? [String: Any] else { return nil }
        if let signed = body["signedPayload"] as? String {
            return jwsPayload(signed)?["notificationUUID"] as? String
        }
        if let message = body["message"] as? [String: Any] {
            return message["messageId"] as? String
        }
        guard let type = body["notification_type"] as? String else { return nil }
        // Xsolla's webhooks carry no id: the type and the transaction (or order, or
        // subscription) name one.
        for (section, field) in [("transaction", "external_id"), ("order", "invoice_id"), ("subscription", "subscription_id")] {
            guard let value = (body[section] as? [String: Any])?[field] else { continue }
            let text = "\(value)"
            if !text.isEmpty { return "\(type) \(text)" }
        }
        return type
    }

    /// A JWS's payload, unverified: the matrix asks where a notification went, not whose it is.
    static func jwsPayload(_ jws: String) -> [String: Any]? {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }
}
