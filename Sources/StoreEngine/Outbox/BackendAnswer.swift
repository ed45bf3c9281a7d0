import Foundation

/// How the team's backend answered one attempt of a notification, as a path's store acts on
/// it (`StoreLifecycle.backendAnswered`).
struct BackendAnswer: Equatable {
    enum Outcome: Equatable {
        /// Taken (Xsolla: 200, 201 or 204).
        case taken
        /// Refused for good, with the backend's error code and message where it gave them.
        case refused(status: Int, code: String?, message: String?)
        /// Not taken; the store tries again at that time.
        case retrying(at: Date)
        /// Not taken, and no attempt is left.
        case gaveUp
    }

    /// The notification's type (`payment`, `user_validation`).
    var type: String
    var transactionId: String
    /// 1 for the first.
    var attempt: Int
    var outcome: Outcome
    /// The answer in a few words (`HTTP 500`, `no answer in time`).
    var words: String
}
