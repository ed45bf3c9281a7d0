import Foundation

/// What an App Store Server Notification V2 says, signed as its `signedPayload`: Apple's
/// `responseBodyV2DecodedPayload`, field for field. Dates in milliseconds since 1970.
struct NotificationPayload: AppStoreSignedPayload, Encodable, Equatable {
    var notificationType: String
    var subtype: String?
    var notificationUUID: String
    var data: NotificationData
    var version = "2.0"
    var signedDate: Int64

    var environment: String { data.environment }

    /// The app and the transaction a notification is about (Apple's `data`).
    struct NotificationData: Encodable, Equatable {
        /// Absent until `storefront keys` has given the app one, as in the sandbox before review.
        var appAppleId: Int64?
        var bundleId: String
        var environment: String
        var signedTransactionInfo: String?
        var signedRenewalInfo: String?
        /// The subscription's status (1 active … 5 revoked), for a subscription's notification.
        var status: Int?
        /// Why the player asked for a refund, on a `CONSUMPTION_REQUEST` (`UNINTENDED_PURCHASE`, …).
        var consumptionRequestReason: String?
    }

    /// The request body Apple posts: `{"signedPayload": "…"}`.
    static func body(signedPayload: String) -> String {
        "{\"signedPayload\":\"\(signedPayload)\"}"
    }
}
