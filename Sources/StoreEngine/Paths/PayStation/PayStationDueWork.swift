import Catalog
import Foundation

/// What Pay Station asks to have done later on the clock. Only a payment being processed is
/// kept in the ledger: the page, with its loading and its redirect countdown, lives in the app
/// and closes with it (the launch's status query settles what was paid).
enum PayStationDueWork: DueWork {
    /// Pay Station sends the player back with the redirect for this invoice.
    case redirect(invoiceId: String)
    /// Pay Station's page has loaded after a cold start.
    case loaded(invoiceId: String)
    /// A payment Pay Station was still processing (`delivering`) is done.
    case delivered(invoiceId: String)

    static var performer: IntegrationPath { .paystation }

    var payload: DueWorkPayload {
        switch self {
        case .redirect(let invoice): return DueWorkPayload(kind: "redirect", fields: ["invoiceId": invoice])
        case .loaded(let invoice): return DueWorkPayload(kind: "loaded", fields: ["invoiceId": invoice])
        case .delivered(let invoice): return DueWorkPayload(kind: "delivered", fields: ["invoiceId": invoice])
        }
    }

    var isKept: Bool {
        if case .delivered = self { return true }
        return false
    }

    init(_ payload: DueWorkPayload) throws {
        switch payload.kind {
        case "redirect": self = .redirect(invoiceId: try payload.field("invoiceId"))
        case "loaded": self = .loaded(invoiceId: try payload.field("invoiceId"))
        case "delivered": self = .delivered(invoiceId: try payload.field("invoiceId"))
        default: throw DueWorkPayloadError.unknownKind(payload.kind)
        }
    }
}
