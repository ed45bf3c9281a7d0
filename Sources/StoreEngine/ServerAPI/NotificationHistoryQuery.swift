import Foundation

/// The body of Get Notification History, read as Apple reads it: `startDate` and `endDate`
/// required (milliseconds), the start before the end; a `notificationType` or a
/// `transactionId`, not both; a `notificationSubtype` only with its type; `onlyFailures`.
struct NotificationHistoryQuery: Equatable {
    var start: Date
    var end: Date
    var type: String?
    var subtype: String?
    var transactionId: String?
    var onlyFailures = false
    /// Where the page starts: after this outbox row.
    var afterId: Int64 = 0

    /// The token of the page after row `id`.
    static func token(after id: Int64) -> String {
        "history-\(id)"
    }

    static func reading(_ body: Data, paginationToken: String?) -> Result<NotificationHistoryQuery, AppStoreRefusal> {
        guard let fields = APIJSONValue.fields(of: body) else {
            return .failure(AppStoreRefusal(code: 4000000, message: "Invalid request body: a JSON object with startDate and endDate."))
        }
        guard case .number(let start)? = fields["startDate"], start >= 0 else {
            return .failure(AppStoreRefusal(code: 4000015, message: "Invalid start date."))
        }
        guard case .number(let end)? = fields["endDate"], end >= 0 else {
            return .failure(AppStoreRefusal(code: 4000016, message: "Invalid end date."))
        }
        guard start < end else {
            return .failure(AppStoreRefusal(code: 4000013, message: "Invalid request. The start date is later than or equal to the end date."))
        }
        var query = NotificationHistoryQuery(start: Date(timeIntervalSince1970: Double(start) / 1_000),
                                             end: Date(timeIntervalSince1970: Double(end) / 1_000))
        for (key, code, name) in [("notificationType", 4000018, "notification type"), ("notificationSubtype", 4000000, "notification subtype"),
                                  ("transactionId", 4000006, "transaction id")] {
            switch fields[key] {
            case nil, .null?:
                continue
            case .string(let text)? where !text.isEmpty && text.utf8.count <= 100
                && text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }):
                switch key {
                case "notificationType": query.type = text
                case "notificationSubtype": query.subtype = text
                default: query.transactionId = text
                }
            default:
                return .failure(AppStoreRefusal(code: code, message: "Invalid \(name)."))
            }
        }
        if query.type != nil, query.transactionId != nil {
            return .failure(AppStoreRefusal(code: 4000019, message: "Invalid request. Include either the transactionId or a notificationType, not both."))
        }
        if query.subtype != nil, query.type == nil {
            return .failure(AppStoreRefusal(code: 4000000, message: "Invalid request. A notificationSubtype needs its notificationType."))
        }
        switch fields["onlyFailures"] {
        case nil, .null?: break
        case .bool(let flag)?: query.onlyFailures = flag
        default: return .failure(AppStoreRefusal(code: 4000000, message: "Invalid onlyFailures: true or false."))
        }
        if let token = paginationToken {
            guard token.hasPrefix("history-"), let id = Int64(token.dropFirst("history-".count)), id > 0 else {
                return .failure(AppStoreRefusal(code: 4000014, message: "Invalid pagination token."))
            }
            query.afterId = id
        }
        return .success(query)
    }
}
