import Foundation
import Ledger

/// `purchases.voidedpurchases.list`: the purchases refunded, charged back or revoked between
/// `startTime` and `endTime` (milliseconds; by default the 30 days before the ledger's
/// simulated now), one-time products only unless `type=1`, oldest first, `maxResults` at a
/// time (1,000 by default) with a `nextPageToken` for the rest (`PlayVoidedPurchases`).
struct VoidedPurchasesList {
    let request: APIRequest
    let ledger: LedgerDatabase
    let wallTime: Date

    static let defaultPage = 1_000
    static let defaultWindow: TimeInterval = 30 * 86_400

    func response() throws -> APIResponse {
        let now = try PlaySubscriptionReader(ledger: ledger, wallTime: wallTime).now()
        guard let start = milliseconds("startTime", absent: PlayPurchase.milliseconds(now - Self.defaultWindow)),
              let end = milliseconds("endTime", absent: PlayPurchase.milliseconds(now)) else {
            return AndroidPublisherError.invalidValue("startTime and endTime are milliseconds since 1970.", location: "startTime")
        }
        guard start <= end else {
            return AndroidPublisherError.invalidValue("startTime must not be after endTime.", location: "startTime")
        }
        let type = request.values(of: "type").last
        guard type == nil || type == "0" || type == "1" else {
            return AndroidPublisherError.invalidValue("type is 0 (one-time products) or 1 (with subscriptions).", location: "type")
        }
        let pageSize = request.values(of: "maxResults").last.map { Int($0) } ?? Self.defaultPage
        guard let pageSize, pageSize > 0 else {
            return AndroidPublisherError.invalidValue("maxResults is a number above 0.", location: "maxResults")
        }
        let offset = request.values(of: "token").last.map { Base64URL.decode($0).flatMap { Int(String(decoding: $0, as: UTF8.self)) } }
            ?? request.values(of: "startIndex").last.map { Int($0) } ?? 0
        guard let offset, offset >= 0 else {
            return AndroidPublisherError.invalidValue("The page token is not one this list gave.", location: "token")
        }
        let voided = try PlayVoidedPurchases(ledger: ledger, now: wallTime).all(includingSubscriptions: type == "1")
            .filter { (start...end).contains($0.voidedTimeMillis) }
        let page = voided.dropFirst(offset).prefix(pageSize)
        var body: [String: Any] = [
            "voidedPurchases": page.map(\.fields),
            "pageInfo": ["totalResults": voided.count, "resultPerPage": pageSize, "startIndex": offset],
        ]
        if offset + page.count < voided.count {
            body["tokenPagination"] = ["nextPageToken": Base64URL.encode(Data(String(offset + page.count).utf8))]
        }
        return .json(200, body)
    }

    /// The argument `name` in milliseconds, `absent` when not given; nil when it is no number.
    private func milliseconds(_ name: String, absent: Int64) -> Int64? {
        guard let given = request.values(of: name).last else { return absent }
        return Int64(given)
    }
}
