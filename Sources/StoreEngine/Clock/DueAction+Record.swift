import Foundation

// How a path's due work is written to the ledger and read back: a kind and a few named fields
// (JSON), in the words of the path that performs it. The ledger never reads them.
extension DueAction {
    /// The kind and fields that keep it; nil for the engine's own steps.
    var recorded: (kind: String, fields: [String: String])? {
        switch self {
        case .payStationRedirect(let invoice): return ("redirect", ["invoiceId": invoice])
        case .payStationLoaded(let invoice): return ("loaded", ["invoiceId": invoice])
        case .payStationDelivered(let invoice): return ("delivered", ["invoiceId": invoice])
        case .xeeNotification(let transaction): return ("notification", ["transactionId": transaction])
        case .xeeProfilePoll(let transaction, let poll):
            return ("profilePoll", ["transactionId": transaction, "poll": String(poll)])
        case .xeeLifecycleNotification(let transaction, let change):
            return ("lifecycleNotification", ["transactionId": transaction, "change": change.rawValue])
        case .subscriptionDue: return nil
        }
    }

    /// Reads back what `recorded` wrote for `path`; nil for what this build does not know.
    init?(path: String, kind: String, fields: [String: String]) {
        switch (path, kind) {
        case ("paystation", "redirect"): guard let invoice = fields["invoiceId"] else { return nil }
            self = .payStationRedirect(invoiceId: invoice)
        case ("paystation", "loaded"): guard let invoice = fields["invoiceId"] else { return nil }
            self = .payStationLoaded(invoiceId: invoice)
        case ("paystation", "delivered"): guard let invoice = fields["invoiceId"] else { return nil }
            self = .payStationDelivered(invoiceId: invoice)
        case ("xee", "notification"): guard let transaction = fields["transactionId"] else { return nil }
            self = .xeeNotification(transactionId: transaction)
        case ("xee", "profilePoll"):
            guard let transaction = fields["transactionId"], let poll = fields["poll"].flatMap(Int.init) else { return nil }
            self = .xeeProfilePoll(transactionId: transaction, poll: poll)
        case ("xee", "lifecycleNotification"):
            guard let transaction = fields["transactionId"],
                  let change = fields["change"].flatMap(Store.SubscriptionChange.init(rawValue:)) else { return nil }
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
