import Catalog
import Foundation

/// What Google Play and the app's billing code have due on the simulated clock.
enum PlayDueWork: DueWork {
    /// A slow test card settles the pending purchase: approved or declined.
    case pendingSettles(transactionId: String, approves: Bool)
    /// A purchase not acknowledged by now is refunded and revoked by Google Play (3 minutes
    /// for a licence tester's test purchase, 3 days otherwise).
    case acknowledgementDeadline(transactionId: String)
    /// The app calls `startConnection` again after a disconnection (attempt N, after its backoff).
    /// Kept in memory only: the connection lives and dies with the app.
    case reconnect(attempt: Int)

    static var performer: IntegrationPath { .play }

    var isKept: Bool {
        if case .reconnect = self { return false }
        return true
    }

    var payload: DueWorkPayload {
        switch self {
        case .pendingSettles(let transaction, let approves):
            return DueWorkPayload(kind: "pendingSettles",
                                  fields: ["transactionId": transaction, "approves": approves ? "true" : "false"])
        case .acknowledgementDeadline(let transaction):
            return DueWorkPayload(kind: "acknowledgementDeadline", fields: ["transactionId": transaction])
        case .reconnect(let attempt):
            return DueWorkPayload(kind: "reconnect", fields: ["attempt": String(attempt)])
        }
    }

    init(_ payload: DueWorkPayload) throws {
        switch payload.kind {
        case "pendingSettles":
            let approves = try payload.field("approves")
            guard approves == "true" || approves == "false" else {
                throw DueWorkPayloadError.unreadableField(kind: payload.kind, field: "approves", value: approves)
            }
            self = .pendingSettles(transactionId: try payload.field("transactionId"), approves: approves == "true")
        case "acknowledgementDeadline":
            self = .acknowledgementDeadline(transactionId: try payload.field("transactionId"))
        case "reconnect":
            let attempt = try payload.field("attempt")
            guard let number = Int(attempt) else {
                throw DueWorkPayloadError.unreadableField(kind: payload.kind, field: "attempt", value: attempt)
            }
            self = .reconnect(attempt: number)
        default:
            throw DueWorkPayloadError.unknownKind(payload.kind)
        }
    }
}
