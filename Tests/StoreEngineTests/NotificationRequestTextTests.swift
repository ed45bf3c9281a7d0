import Foundation
import Testing
@testable import StoreEngine

/// Issue 37 part 6: the Server pane's details read a request as a backend decodes it: the App
/// Store's JWS payload with the transaction and renewal info inside it decoded too, Google
/// Play's Pub/Sub push with its base64 `data` decoded, anything else as it was sent.
@Suite("A notification's request, decoded for reading")
struct NotificationRequestTextTests {
    /// A compact JWS of `payload`; the signature is never read, so any bytes do.
    private static func jws(_ payload: [String: Any]) throws -> String {
        let header = Base64URL.encode(Data(#"{"alg":"ES256"}"#.utf8))
        return header + "." + Base64URL.encode(try JSONSerialization.data(withJSONObject: payload)) + ".c2lnbmF0dXJl"
    }

    @Test func theAppStoresPayloadIsDecodedWithItsTransactionAndRenewalInfo() throws {
        let transaction = try Self.jws(["productId": "com.example.pro.monthly", "transactionId": "2000000001", "price": 9990])
        let renewal = try Self.jws(["autoRenewStatus": 1, "autoRenewProductId": "com.example.pro.monthly"])
        let payload = try Self.jws([
            "notificationType": "SUBSCRIBED", "subtype": "INITIAL_BUY", "notificationUUID": "u-1", "version": "2.0",
            "data": ["bundleId": "com.example", "signedTransactionInfo": transaction, "signedRenewalInfo": renewal, "status": 1],
        ])
        let decoded = NotificationRequestText.decoded(body: #"{"signedPayload":"\#(payload)"}"#, from: .appStore)
        #expect(decoded.note == "signedPayload, signedTransactionInfo, signedRenewalInfo decoded from JWS (signatures not shown)")
        let lines = decoded.text.split(separator: "\n").map(String.init)
        // What the notification is comes first, then the rest in order; nested JWS are objects now.
        #expect(lines.prefix(4) == ["{", #"  "signedPayload": {"#, #"    "notificationType": "SUBSCRIBED","#,
                                    #"    "subtype": "INITIAL_BUY","#])
        #expect(lines.contains(#"      "signedTransactionInfo": {"#))
        #expect(lines.contains(#"        "productId": "com.example.pro.monthly","#))
        #expect(lines.contains(#"        "price": 9990"#), "a number stays a number")
        #expect(lines.contains(#"        "autoRenewStatus": 1"#))
        #expect(!decoded.text.contains(transaction), "no JWS left undecoded")
        // Valid JSON still: a reader can copy it out.
        #expect(try JSONSerialization.jsonObject(with: Data(decoded.text.utf8)) is [String: Any])
    }

    @Test func aPubSubPushHasItsDataDecodedFromBase64() throws {
        let notification = #"{"version":"1.0","packageName":"com.example","eventTimeMillis":"1795000000000","subscriptionNotification":{"notificationType":4,"purchaseToken":"tok","subscriptionId":"pro"}}"#
        let body = #"{"message":{"data":"\#(Data(notification.utf8).base64EncodedString())","messageId":"17","publishTime":"2026-11-18T09:00:00Z"},"subscription":"projects/p/subscriptions/s"}"#
        let decoded = NotificationRequestText.decoded(body: body, from: .googlePlay)
        #expect(decoded.note == "message.data decoded from base64")
        #expect(decoded.text.contains(#""subscriptionId": "pro""#))
        #expect(decoded.text.contains(#""notificationType": 4"#))
        #expect(decoded.text.contains(#""messageId": "17""#))
    }

    @Test func anythingElseIsShownAsSent() {
        let xsolla = #"{"notification_type":"payment","purchase":{"total":{"amount":9.99}}}"#
        let decoded = NotificationRequestText.decoded(body: xsolla, from: .xsolla)
        #expect(decoded.note == nil)
        #expect(decoded.text.contains(#""notification_type": "payment""#), "JSON indented, nothing decoded")
        #expect(NotificationRequestText.decoded(body: "not json", from: .appStore) == .init(note: nil, text: "not json"))
        // A body that only looks like a signed payload stays as it is.
        let broken = NotificationRequestText.decoded(body: #"{"signedPayload":"a.b"}"#, from: .appStore)
        #expect(broken.note == nil && broken.text.contains(#""signedPayload": "a.b""#))
    }
}
