import Foundation

/// A store's rules for delivering its notifications: which answers count as delivered, its
/// word for how an attempt went, and when it tries again.
protocol DeliveryRules {
    /// Whether the backend took the notification.
    func isDelivered(_ result: DeliveryResult) -> Bool
    /// The store's word for the attempt, as its history returns it.
    func resultName(for result: DeliveryResult) -> String
    /// When the attempt after `attempt` (1 for the first) is made, after one made at `time`, of
    /// a notification written at `written`; nil when the store gives up.
    func nextAttempt(after attempt: Int, madeAt time: Date, writtenAt written: Date) -> Date?
    /// Whether the answer ends the notification's attempts though it was not taken (Xsolla's
    /// refusals).
    func isFinal(_ result: DeliveryResult) -> Bool
}

extension DeliveryRules {
    func isFinal(_ result: DeliveryResult) -> Bool { false }
}

/// The App Store's: delivered on 200 to 206; in the sandbox one attempt, and with production's
/// retries five more, at 1, 12, 24, 48 and 72 hours after the attempt before.
struct AppStoreDeliveryRules: DeliveryRules {
    /// Production's retries rather than the sandbox's single attempt.
    var retries = false

    static let retryHours: [Double] = [1, 12, 24, 48, 72]

    func isDelivered(_ result: DeliveryResult) -> Bool {
        result.failure == nil && (200...206).contains(result.httpStatus ?? 0)
    }

    func resultName(for result: DeliveryResult) -> String {
        if let failure = result.failure { return failure.name }
        return isDelivered(result) ? "SUCCESS" : "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
    }

    func nextAttempt(after attempt: Int, madeAt time: Date, writtenAt written: Date) -> Date? {
        guard retries, attempt >= 1, attempt <= Self.retryHours.count else { return nil }
        return time.addingTimeInterval(Self.retryHours[attempt - 1] * 3_600)
    }
}
