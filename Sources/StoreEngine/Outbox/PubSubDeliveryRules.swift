import Foundation

/// Google Play's: its real-time developer notifications reach the backend through a Cloud
/// Pub/Sub push subscription, so Pub/Sub's push rules decide. 102, 200, 201, 202 and 204
/// acknowledge; anything else, or no answer, is redelivered after a backoff that starts at 10
/// seconds and doubles to at most 600 (a subscription's retry policy by default), until the
/// message's retention (7 days by default) ends, on the simulated clock.
struct PubSubDeliveryRules: DeliveryRules {
    static let acknowledging: Set<Int> = [102, 200, 201, 202, 204]
    static let firstBackoff: TimeInterval = 10
    static let longestBackoff: TimeInterval = 600
    static let retention: TimeInterval = 7 * 86_400

    func isDelivered(_ result: DeliveryResult) -> Bool {
        result.failure == nil && Self.acknowledging.contains(result.httpStatus ?? 0)
    }

    /// Pub/Sub keeps no history of its own to name them after: the words say what happened.
    func resultName(for result: DeliveryResult) -> String {
        if let failure = result.failure { return failure.name }
        return isDelivered(result) ? "ACKNOWLEDGED" : "NACK_HTTP_\(result.httpStatus ?? 0)"
    }

    func nextAttempt(after attempt: Int, madeAt time: Date, writtenAt written: Date) -> Date? {
        guard attempt >= 1 else { return nil }
        // Doubling past the cap would overflow long before the retention ends: stop at the cap.
        let doublings = min(attempt - 1, 6)
        let next = time.addingTimeInterval(min(Self.firstBackoff * Double(1 << doublings), Self.longestBackoff))
        return next < written.addingTimeInterval(Self.retention) ? next : nil
    }
}
