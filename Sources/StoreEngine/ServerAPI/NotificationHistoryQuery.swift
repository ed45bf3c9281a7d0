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

    /// Apple's `notificationType` values (the library's `NotificationTypeV2`)…
    static let types: Set<String> = [
        "SUBSCRIBED", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "OFFER_REDEEMED", "DID_RENEW", "EXPIRED",
        "DID_FAIL_TO_RENEW", "GRACE_PERIOD_EXPIRED", "PRICE_INCREASE", "REFUND", "REFUND_DECLINED", "CONSUMPTION_REQUEST",
        "RENEWAL_EXTENDED", "REVOKE", "TEST", "RENEWAL_EXTENSION", "REFUND_REVERSED", "EXTERNAL_PURCHASE_TOKEN",
        "ONE_TIME_CHARGE", "RESCIND_CONSENT", "METADATA_UPDATE", "MIGRATION", "PRICE_CHANGE",
    ]
    /// …and `subtype` values (`Subtype`).
    static let subtypes: Set<String> = [
        "INITIAL_BUY", "RESUBSCRIBE", "DOWNGRADE", "UPGRADE", "AUTO_RENEW_ENABLED", "AUTO_RENEW_DISABLED", "VOLUNTARY",
        "BILLING_RETRY", "PRICE_INCREASE", "GRACE_PERIOD", "PENDING", "ACCEPTED", "BILLING_RECOVERY", "PRODUCT_NOT_FOR_SALE",
        "SUMMARY", "FAILURE", "UNREPORTED",
    ]
    /// How far back a history reaches.
    static let reach: TimeInterval = 180 * 86_400

    /// The token of the page after row `id`.
    static func token(after id: Int64) -> String {
        "history-\(id)"
    }

    /// The query `body` asks for, `now` being the API's time (a start more than 180 days
    /// before it is refused, as Apple refuses it).
    static func reading(_ body: Data, paginationToken: String?, now: Date) -> Result<NotificationHistoryQuery, AppStoreRefusal> {
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
        guard now.timeIntervalSince(query.start) <= reach else {
            return .failure(AppStoreRefusal(code: 4000012, message: "Invalid request. The start date is earlier than 180 days ago."))
        }
        for (key, code, name) in [("notificationType", 4000018, "notification type"), ("notificationSubtype", 4000018, "notification subtype"),
                                  ("transactionId", 4000006, "transaction id")] {
            switch fields[key] {
            case nil, .null?:
                continue
            case .string(let text)? where !text.isEmpty && text.utf8.count <= 100
                && text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }):
                switch key {
                case "notificationType":
                    guard types.contains(text) else { return .failure(AppStoreRefusal(code: code, message: "Invalid \(name).")) }
                    query.type = text
                case "notificationSubtype":
                    guard subtypes.contains(text) else { return .failure(AppStoreRefusal(code: code, message: "Invalid \(name).")) }
                    query.subtype = text
                default:
                    query.transactionId = text
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
