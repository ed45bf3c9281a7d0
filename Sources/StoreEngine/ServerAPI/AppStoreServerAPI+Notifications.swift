import Foundation
import Ledger

// The App Store Server API's notification endpoints, answered from the outbox: Request a Test
// Notification (a change the engine makes), Get Test Notification Status and Get Notification
// History (reads).
extension AppStoreServerAPI {
    /// Apple's page of a notification history.
    static let notificationPageSize = 20

    /// The answer to a notification endpoint, nil when `parts` (the path after `/inApps/v1/`)
    /// names none.
    func notificationAnswer(to request: APIRequest, parts: [String], reading reader: AppStoreLedgerReader) throws -> APIAnswer? {
        let ledger = reader.ledger
        switch (request.method, parts) {
        case ("POST", ["notifications", "test"]):
            let uuid = UUID().uuidString.lowercased()
            let token = "\(uuid)_\(SignedTransactionPayload.milliseconds(wallTime()))"
            return .change(.requestTestNotification(uuid: uuid), answers: ChangeAnswers(
                done: .json(200, ["testNotificationToken": token]),
                refused: Self.error(404, 4040007, "An error that indicates the App Store Server Notifications URL was not found."),
                failed: Self.error(500, 5000001, "An unknown error occurred. Please try again.")))
        case ("GET", let path) where path.count == 3 && path[0] == "notifications" && path[1] == "test":
            return .response(try testNotificationStatus(token: path[2], in: ledger))
        case ("POST", ["notifications", "history"]):
            return .response(try notificationHistory(request, reading: reader))
        case (_, let path) where path.first == "notifications":
            return .response(APIResponse(status: path.count <= 3 ? 405 : 404))
        default:
            return nil
        }
    }

    /// Get Test Notification Status: the notification the token names, and its attempts.
    private func testNotificationStatus(token: String, in ledger: LedgerDatabase) throws -> APIResponse {
        let pieces = token.split(separator: "_", omittingEmptySubsequences: false)
        guard pieces.count == 2, UUID(uuidString: String(pieces[0])) != nil, !pieces[1].isEmpty,
              pieces[1].allSatisfy(\.isASCII), pieces[1].allSatisfy(\.isNumber)
        else { return Self.error(400, 4000020, "Invalid test notification token.") }
        guard let row = try ledger.notification(uuid: String(pieces[0]).lowercased()), row.type == "TEST", let id = row.id else {
            return Self.error(404, 4040008, "Either the test notification token is expired or the notification and status are not yet available.")
        }
        return .json(200, ["signedPayload": Self.signedPayload(ofBody: row.body),
                           "sendAttempts": try Self.sendAttempts(of: id, in: ledger)])
    }

    /// Get Notification History: the App Store's notifications made between `startDate` and
    /// `endDate` (on the simulated calendar, as they were signed), filtered and paged as asked.
    private func notificationHistory(_ request: APIRequest, reading reader: AppStoreLedgerReader) throws -> APIResponse {
        let ledger = reader.ledger
        let query: NotificationHistoryQuery
        switch NotificationHistoryQuery.reading(request.body, paginationToken: request.values(of: "paginationToken").first,
                                                 now: wallTime()) {
        case .success(let read): query = read
        case .failure(let refusal): return Self.error(400, refusal.code, refusal.message)
        }
        var transactionIds: [String]?
        if let transactionId = query.transactionId {
            guard AppStoreIdentifiers.isNumber(transactionId) else { return Self.error(400, 4000006, "Invalid transaction id.") }
            guard let transaction = try reader.transaction(appStoreId: transactionId) else {
                return Self.error(404, 4040010, "Transaction id not found.")
            }
            transactionIds = try reader.signedTransactions(ofCustomer: transaction.userId).map(\.record.id)
        }
        let rows = try ledger.notifications(matching: NotificationQuery(
            store: Marketplace.appStore.rawValue, from: query.start, until: query.end, type: query.type, subtype: query.subtype,
            transactionIds: transactionIds, onlyFailures: query.onlyFailures, afterId: query.afterId,
            limit: Self.notificationPageSize + 1))
        let page = rows.prefix(Self.notificationPageSize)
        var body: [String: Any] = [
            "hasMore": rows.count > page.count,
            "notificationHistory": try page.map { row in
                ["signedPayload": Self.signedPayload(ofBody: row.body), "sendAttempts": try Self.sendAttempts(of: row.id ?? 0, in: ledger)]
            },
        ]
        if rows.count > page.count, let last = page.last?.id { body["paginationToken"] = NotificationHistoryQuery.token(after: last) }
        return .json(200, body)
    }

    /// The `signedPayload` of a body the outbox keeps (`{"signedPayload": "…"}`).
    static func signedPayload(ofBody body: String) -> String {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])?["signedPayload"] as? String ?? ""
    }

    private static func sendAttempts(of id: Int64, in ledger: LedgerDatabase) throws -> [[String: Any]] {
        try ledger.attempts(ofNotification: id).map {
            ["attemptDate": SignedTransactionPayload.milliseconds($0.attemptedAt), "sendAttemptResult": $0.result]
        }
    }
}
