import Catalog
import Foundation

/// What the Xee SDK and its server ask to have done later on the clock; all of it is kept in
/// the ledger, so a relaunch between the purchase and the notification loses nothing.
enum XeeDueWork: DueWork {
    /// The server notification for a purchase reaches the Xee server.
    case notification(transactionId: String)
    /// The app polls the Xee profile for the access a purchase should bring.
    case profilePoll(transactionId: String, poll: Int)
    /// A change to an App Store purchase (a renewal, a refund…) reaches the Xee server by
    /// notification.
    case lifecycleNotification(transactionId: String, change: SubscriptionChange)

    static var performer: IntegrationPath { .xee }

    var isKept: Bool { true }

    var payload: DueWorkPayload {
        switch self {
        case .notification(let transaction):
            return DueWorkPayload(kind: "notification", fields: ["transactionId": transaction])
        case .profilePoll(let transaction, let poll):
            return DueWorkPayload(kind: "profilePoll", fields: ["transactionId": transaction, "poll": String(poll)])
        case .lifecycleNotification(let transaction, let change):
            return DueWorkPayload(kind: "lifecycleNotification",
                                  fields: ["transactionId": transaction, "change": change.rawValue])
        }
    }

    init(_ payload: DueWorkPayload) throws {
        let kind = payload.kind
        switch kind {
        case "notification":
            self = .notification(transactionId: try payload.field("transactionId"))
        case "profilePoll":
            let poll = try payload.field("poll")
            guard let number = Int(poll) else {
                throw DueWorkPayloadError.unreadableField(kind: kind, field: "poll", value: poll)
            }
            self = .profilePoll(transactionId: try payload.field("transactionId"), poll: number)
        case "lifecycleNotification":
            let change = try payload.field("change")
            guard let known = SubscriptionChange(rawValue: change) else {
                throw DueWorkPayloadError.unreadableField(kind: kind, field: "change", value: change)
            }
            self = .lifecycleNotification(transactionId: try payload.field("transactionId"), change: known)
        default:
            throw DueWorkPayloadError.unknownKind(kind)
        }
    }
}
