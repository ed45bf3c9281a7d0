import Foundation
import Ledger

/// The App Store Server API on a state directory, answered from its ledger as Apple answers,
/// at Apple's paths, with Apple's bodies and error codes: Get Transaction Info, Get Transaction
/// History (v1 and v2), Get All Subscription Statuses and Get Refund History; Send Consumption
/// Information (v1 and v2) and Extend a Subscription Renewal Date come back as changes the
/// engine makes. Every request needs a bearer token
/// made with the state directory's In-App Purchase key (`storefront keys`). It reads on
/// connections of its own (`LedgerReaders`), opened once (the ledger is vetted at that open,
/// not at each request).
public final class AppStoreServerAPI: Sendable {
    private let readers: LedgerReaders<Keys>
    let bundleId: String
    let wallTime: @Sendable () -> Date

    /// Apple's page of a transaction history.
    static let pageSize = 20

    /// What a connection learns from the ledger's credentials: them, and the key that checks
    /// tokens with the tokens it has accepted.
    private struct Keys {
        let credentials: ServerCredentials
        var token: AppStoreBearerToken
    }

    /// Opens the state directory's ledger to read; an error when there is none to read.
    public init(stateDirectory: StateDirectory, bundleId: String,
                wallTime: @escaping @Sendable () -> Date = Date.init) throws(StoreError) {
        readers = try LedgerReaders(stateDirectory: stateDirectory) { credentials in
            Keys(credentials: credentials,
                 token: AppStoreBearerToken(keyId: credentials.apiKeyId, issuerId: credentials.issuerId,
                                            key: try SigningKey(privatePEM: credentials.apiKeyPEM), bundleId: bundleId))
        }
        self.bundleId = bundleId
        self.wallTime = wallTime
    }

    /// Its answer: a read's response, or the change a write asks the engine to make.
    public func answer(_ request: APIRequest) -> APIAnswer {
        do {
            return try readers.withReader { reader in try answer(request, reading: &reader) }
        } catch {
            return .response(Self.error(500, 5000000, "An unknown error occurred."))
        }
    }

    /// Apple's routes under `/inApps/`, by what comes between it and the transaction id, with
    /// each one's method.
    static let routes: [String: String] = [
        "v1/transactions": "GET", "v1/history": "GET", "v2/history": "GET", "v1/subscriptions": "GET",
        "v2/refund/lookup": "GET", "v1/transactions/consumption": "PUT", "v2/transactions/consumption": "PUT",
        "v1/subscriptions/extend": "PUT",
    ]

    private func answer(_ request: APIRequest, reading kept: inout LedgerReaders<Keys>.Reader) throws -> APIAnswer {
        let ledger = kept.ledger
        // A control character (a %00 in the path) is in no request Apple's clients make: the
        // request is refused whole, as Apple refuses a bad request, before any part is read.
        guard !request.hasControlCharacters else { return .response(Self.error(400, 4000000, "Bad request.")) }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // "", "inApps", version, resource…, id
        guard parts.count >= 5, parts[0].isEmpty, parts[1] == "inApps" else { return .response(APIResponse(status: 404)) }
        let route = parts[2..<(parts.count - 1)].joined(separator: "/")
        let isNotification = parts[2] == "v1" && parts[3] == "notifications"
        guard let method = Self.routes[route] ?? (isNotification ? request.method : nil) else {
            return .response(APIResponse(status: 404))
        }
        let id = parts[parts.count - 1]
        guard request.method == method else { return .response(APIResponse(status: 405)) }
        guard let credentials = kept.learnt?.credentials else {
            return .response(APIResponse(status: 401, note: "the state directory has no API key yet: run storefront keys"))
        }
        // Apple says nothing of why; the Events pane does, for the backend's developer.
        if let problem = kept.learnt?.token.problem(with: request.authorization, at: wallTime()) {
            return .response(APIResponse(status: 401, note: problem))
        }
        let reader = AppStoreLedgerReader(ledger: ledger, credentials: credentials)
        if let answer = try notificationAnswer(to: request, parts: Array(parts.dropFirst(3)), reading: reader) { return answer }
        // It names an original transaction, with codes of its own for one Apple cannot find.
        if route == "v1/subscriptions/extend" { return try extendRenewal(ofOriginal: id, sent: request, in: reader) }
        guard AppStoreIdentifiers.isNumber(id) else {
            return .response(Self.error(400, 4000006, "Invalid transaction id."))
        }
        guard let transaction = try reader.transaction(appStoreId: id) else {
            return .response(Self.error(404, 4040010, "Transaction id not found."))
        }
        switch route {
        case "v1/transactions":
            return .response(Self.transactionInfo(transaction.signedTransaction ?? ""))
        case "v1/history", "v2/history":
            return .response(try history(of: transaction, asked: request, in: reader))
        case "v2/refund/lookup":
            return .response(try refundHistory(of: transaction, asked: request, in: reader))
        case "v1/transactions/consumption":
            return consumption(of: transaction, sent: request)
        case "v2/transactions/consumption":
            return consumptionV2(of: transaction, sent: request)
        default:
            return .response(try statuses(of: transaction, asked: request, in: reader))
        }
    }

    /// Get Transaction History: the customer's transactions, filtered and sorted as asked, a
    /// page at a time; `revision` is where the next page starts.
    private func history(of transaction: TransactionRecord, asked request: APIRequest,
                         in reader: AppStoreLedgerReader) throws -> APIResponse {
        let filter: HistoryFilter
        switch HistoryFilter.reading(request) {
        case .success(let read): filter = read
        case .failure(let refusal): return refusal.response
        }
        var signed = try reader.signedTransactions(ofCustomer: transaction.userId).filter(filter.admits)
        signed.sort { filter.ascending ? $0.payload.purchaseDate < $1.payload.purchaseDate : $0.payload.purchaseDate > $1.payload.purchaseDate }
        let start = filter.start
        let page = signed.dropFirst(start).prefix(Self.pageSize)
        let next = start + page.count
        return .json(200, [
            "revision": HistoryFilter.revision(startingAt: next), "hasMore": next < signed.count,
            "bundleId": bundleId, "appAppleId": reader.credentials.appAppleId,
            "environment": reader.environment(of: transaction),
            "signedTransactions": page.map(\.compact),
        ])
    }

    /// Get All Subscription Statuses: each of the customer's App Store subscriptions, by group,
    /// with its latest transaction and its renewal info signed now.
    private func statuses(of transaction: TransactionRecord, asked request: APIRequest,
                          in reader: AppStoreLedgerReader) throws -> APIResponse {
        var wanted: Set<Int> = []
        for value in request.values(of: "status") {
            guard let status = Int(value), (1...5).contains(status) else { return Self.error(400, 4000031, "Invalid status.") }
            wanted.insert(status)
        }
        var groups: [String: [[String: Any]]] = [:]
        for status in try reader.subscriptionStatuses(ofCustomer: transaction.userId, at: wallTime())
        where wanted.isEmpty || wanted.contains(status.status) {
            groups[status.group, default: []].append([
                "status": status.status, "originalTransactionId": status.originalTransactionId,
                "signedTransactionInfo": status.signedTransactionInfo, "signedRenewalInfo": status.signedRenewalInfo,
            ])
        }
        return .json(200, [
            "environment": reader.environment(of: transaction), "bundleId": bundleId,
            "appAppleId": reader.credentials.appAppleId,
            "data": groups.keys.sorted().map { ["subscriptionGroupIdentifier": $0, "lastTransactions": groups[$0] ?? []] },
        ])
    }

    /// Get Transaction Info's body, written directly: a JWS is base64url and dots, which JSON
    /// takes as they are, and this is the answer a backend asks for most.
    static func transactionInfo(_ jws: String) -> APIResponse {
        // Only a quote, a backslash or a control character would need escaping.
        guard !jws.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return .json(200, ["signedTransactionInfo": jws])
        }
        return APIResponse(status: 200, body: Data(#"{"signedTransactionInfo":""#.utf8) + Data(jws.utf8) + Data(#""}"#.utf8),
                           contentType: "application/json")
    }

    /// Apple's error body.
    static func error(_ status: Int, _ code: Int, _ message: String) -> APIResponse {
        .json(status, ["errorCode": code, "errorMessage": message])
    }
}
