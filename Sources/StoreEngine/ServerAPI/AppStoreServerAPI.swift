import Foundation
import Ledger
import Synchronization

/// The App Store Server API on a state directory, answered from its ledger as Apple answers,
/// at Apple's paths, with Apple's bodies and error codes: Get Transaction Info, Get Transaction
/// History (v1 and v2) and Get All Subscription Statuses. Every request needs a bearer token
/// made with the state directory's In-App Purchase key (`storefront keys`). It reads only, on
/// a read-only connection of its own opened once (the ledger is vetted at that open, not at
/// each request), so it never waits for the app's commits nor makes the app wait: SQLite's
/// write-ahead log keeps a reader apart from the writer, and each request sees what was
/// committed before it.
public final class AppStoreServerAPI: Sendable {
    /// One request at a time on the connection (SQLite's connections are not for two threads at once).
    private let ledger: Mutex<LedgerDatabase>
    let bundleId: String
    let wallTime: @Sendable () -> Date

    /// Apple's page of a transaction history.
    static let pageSize = 20

    /// Opens the state directory's ledger to read; an error when there is none to read.
    public init(stateDirectory: StateDirectory, bundleId: String,
                wallTime: @escaping @Sendable () -> Date = Date.init) throws(StoreError) {
        do {
            ledger = Mutex(try LedgerDatabase(readingOnly: stateDirectory.ledgerPath))
        } catch {
            throw StoreError(error)
        }
        self.bundleId = bundleId
        self.wallTime = wallTime
    }

    public func answer(_ request: APIRequest) -> APIResponse {
        ledger.withLock { ledger in answer(request, reading: ledger) }
    }

    private func answer(_ request: APIRequest, reading ledger: LedgerDatabase) -> APIResponse {
        // A control character (a %00 in the path) is in no request Apple's clients make: the
        // request is refused whole, as Apple refuses a bad request, before any part is read.
        guard !request.hasControlCharacters else { return Self.error(400, 4000000, "Bad request.") }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // "", "inApps", version, resource, id
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "inApps" else { return APIResponse(status: 404) }
        let route = (version: parts[2], resource: parts[3])
        let known = [("v1", "transactions"), ("v1", "history"), ("v2", "history"), ("v1", "subscriptions")]
        guard known.contains(where: { $0 == route }) else { return APIResponse(status: 404) }
        guard request.method == "GET" else { return APIResponse(status: 405) }
        do {
            guard let credentials = try ServerCredentials.read(from: ledger) else {
                return APIResponse(status: 401, note: "the state directory has no API key yet: run storefront keys")
            }
            let token = AppStoreBearerToken(keyId: credentials.apiKeyId, issuerId: credentials.issuerId,
                                            key: try SigningKey(privatePEM: credentials.apiKeyPEM), bundleId: bundleId)
            // Apple says nothing of why; the Events pane does, for the backend's developer.
            if let problem = token.problem(with: request.authorization, at: wallTime()) {
                return APIResponse(status: 401, note: problem)
            }
            let reader = AppStoreLedgerReader(ledger: ledger, credentials: credentials)
            guard AppStoreIdentifiers.isNumber(parts[4]) else {
                return Self.error(400, 4000006, "Invalid transaction id.")
            }
            guard let transaction = try reader.transaction(appStoreId: parts[4]) else {
                return Self.error(404, 4040010, "Transaction id not found.")
            }
            switch route.resource {
            case "transactions":
                return .json(200, ["signedTransactionInfo": transaction.signedTransaction ?? ""])
            case "history":
                return try history(of: transaction, asked: request, in: reader)
            default:
                return try statuses(of: transaction, asked: request, in: reader)
            }
        } catch {
            return Self.error(500, 5000000, "An unknown error occurred.")
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

    /// Apple's error body.
    static func error(_ status: Int, _ code: Int, _ message: String) -> APIResponse {
        .json(status, ["errorCode": code, "errorMessage": message])
    }
}
