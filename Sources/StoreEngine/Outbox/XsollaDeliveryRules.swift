import Foundation

/// Xsolla's, from its webhook documentation: 200, 201 and 204 take a webhook; 400, 401, 402,
/// 403, 404, 409, 415 and 422 refuse it for good (the backend's `{"error": {"code": …}}` names
/// why: `INVALID_USER`, `INVALID_PARAMETER`, `INVALID_SIGNATURE`, `INCORRECT_AMOUNT` and the
/// like); any other answer, or none, is resent 2 times 5 minutes apart, then 7
/// times 15 minutes apart, then 10 times 60 minutes apart, on the simulated clock. Pay Station
/// asks `user_validation` while the player waits, so that one is never resent.
struct XsollaDeliveryRules: DeliveryRules {
    /// The webhook's `notification_type`.
    var type: String

    static let accepting: Set<Int> = [200, 201, 204]
    static let refusing: Set<Int> = [400, 401, 402, 403, 404, 409, 415, 422]
    /// Minutes before each retry: the first two, the next seven, the last ten.
    static let retryMinutes: [Double] = Array(repeating: 5, count: 2) + Array(repeating: 15, count: 7)
        + Array(repeating: 60, count: 10)

    func isDelivered(_ result: DeliveryResult) -> Bool {
        result.failure == nil && Self.accepting.contains(result.httpStatus ?? 0)
    }

    /// Whether the backend refused it for good: no retry follows.
    func isRefused(_ result: DeliveryResult) -> Bool {
        result.failure == nil && Self.refusing.contains(result.httpStatus ?? 0)
    }

    /// `SUCCESS`; the backend's error code on a refusal (`INVALID_USER`), else `HTTP_<status>`;
    /// or why nothing answered.
    func resultName(for result: DeliveryResult) -> String {
        if let failure = result.failure { return failure.name }
        if isDelivered(result) { return "SUCCESS" }
        return XsollaErrorAnswer(result.response)?.code ?? "HTTP_\(result.httpStatus ?? 0)"
    }

    func nextAttempt(after attempt: Int, madeAt time: Date, writtenAt written: Date) -> Date? {
        guard type != XsollaWebhook.userValidation, attempt >= 1, attempt <= Self.retryMinutes.count else { return nil }
        return time.addingTimeInterval(Self.retryMinutes[attempt - 1] * 60)
    }

    func isFinal(_ result: DeliveryResult) -> Bool { isRefused(result) }
}

/// The answer Xsolla expects from a backend that refuses a webhook:
/// `{"error": {"code": "INVALID_USER", "message": "…"}}`.
struct XsollaErrorAnswer: Decodable, Equatable {
    struct Body: Decodable, Equatable {
        var code: String
        var message: String?
    }

    var error: Body
    var code: String { error.code }
    var message: String? { error.message }

    /// Nil for anything but such an answer.
    init?(_ text: String) {
        guard let answer = try? JSONDecoder().decode(Self.self, from: Data(text.utf8)) else { return nil }
        self = answer
    }
}
