import Catalog
import Foundation

// How due work is written to the ledger and read back: the path that performs it, a kind and a
// few named fields (JSON). The ledger never reads them. Only what outlives the app is kept:
// Pay Station's page, with its loading and its redirect countdown, lives in the app and closes
// with it (the launch's status query settles what was paid), so neither is written.
extension DueAction {
    /// The kind and fields that keep it; nil for what is not kept (the engine's own steps
    /// follow from their ledger rows; the page's steps close with the app).
    var recorded: (kind: String, fields: [String: String])? {
        switch self {
        case .payStationDelivered(let invoice): return ("delivered", ["invoiceId": invoice])
        case .xeeNotification(let transaction): return ("notification", ["transactionId": transaction])
        case .xeeProfilePoll(let transaction, let poll):
            return ("profilePoll", ["transactionId": transaction, "poll": String(poll)])
        case .xeeLifecycleNotification(let transaction, let change):
            return ("lifecycleNotification", ["transactionId": transaction, "change": change.rawValue])
        case .payStationRedirect, .payStationLoaded, .subscriptionDue: return nil
        }
    }

    /// Reads back what `recorded` wrote for `path`; nil for what this build does not know.
    init?(path: IntegrationPath, kind: String, fields: [String: String]) {
        let transaction = fields["transactionId"]
        switch (path, kind) {
        case (.paystation, "delivered"):
            guard let invoice = fields["invoiceId"] else { return nil }
            self = .payStationDelivered(invoiceId: invoice)
        case (.xee, "notification"):
            guard let transaction else { return nil }
            self = .xeeNotification(transactionId: transaction)
        case (.xee, "profilePoll"):
            guard let transaction, let poll = fields["poll"].flatMap(Int.init) else { return nil }
            self = .xeeProfilePoll(transactionId: transaction, poll: poll)
        case (.xee, "lifecycleNotification"):
            guard let transaction, let change = fields["change"].flatMap(Store.SubscriptionChange.init(rawValue:))
            else { return nil }
            self = .xeeLifecycleNotification(transactionId: transaction, change: change)
        default:
            return nil
        }
    }

    /// The fields as the ledger keeps them: JSON with sorted keys, so a row reads the same every time.
    static func encode(_ fields: [String: String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ payload: String) -> [String: String]? {
        (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: String]
    }
}
