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
        let (parts, route) = Self.segments(of: request.path)
        // "", "inApps", version, resource…, id
        guard parts.count >= 5, parts[0].isEmpty, parts[1] == "inApps" else { return .response(APIResponse(status: 404)) }
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
        // Only a path under /inApps/v1/notifications/ names a notification endpoint.
        if isNotification, let answer = try notificationAnswer(to: request, parts: Array(parts.dropFirst(3)), reading: reader) {
            return answer
        }
        // It names an original transaction, with codes of its own for one Apple cannot find.
        if route == "v1/subscriptions/extend" { return try extendRenewal(ofOriginal: id, sent: request, in: reader) }
        guard AppStoreIdentifiers.isNumber(id) else {
            return .response(Self.error(400, 4000006, "Invalid transaction id."))
        }
        // Get Transaction Info answers with the JWS alone: read alone, not the whole record.
        if route == "v1/transactions" {
            return .response(try reader.withSignedTransaction(appStoreId: id, Self.transactionInfo) ?? Self.transactionNotFound)
        }
        guard let transaction = try reader.transaction(appStoreId: id) else { return .response(Self.transactionNotFound) }
        switch route {
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

    /// Get Transaction Info's body, written directly from the JWS's bytes as the ledger lends
    /// them: a JWS is base64url and dots, which JSON takes as they are, and this is the answer
    /// a backend asks for most. The bytes are checked in one pass and copied once, into a body
    /// made to size.
    static func transactionInfo(_ jws: UnsafeRawBufferPointer) -> APIResponse {
        // Only a quote, a backslash or a control character would need escaping, and a byte past
        // ASCII is left to the decoding below (which mends UTF-8 that is not). Every byte is
        // looked at, with no early exit, which the compiler makes a vector loop of: a JWS is
        // some kilobytes (its header carries the certificate chain), and a loop that may stop
        // at each byte walks them one at a time, ten times slower.
        var unusual: UInt8 = 0
        for byte in jws {
            unusual |= (byte < 0x20 ? 1 : 0) | (byte >= 0x80 ? 1 : 0)
                | (byte == UInt8(ascii: "\"") ? 1 : 0) | (byte == UInt8(ascii: "\\") ? 1 : 0)
        }
        guard unusual == 0 else {
            return .json(200, ["signedTransactionInfo": String(decoding: jws, as: UTF8.self)])
        }
        let opening = transactionInfoOpening, closing = transactionInfoClosing
        var body = Data(count: opening.count + jws.count + closing.count)
        body.withUnsafeMutableBytes { out in
            out.copyBytes(from: opening)
            UnsafeMutableRawBufferPointer(rebasing: out[opening.count...]).copyMemory(from: jws)
            UnsafeMutableRawBufferPointer(rebasing: out[(opening.count + jws.count)...]).copyBytes(from: closing)
        }
        return APIResponse(status: 200, body: body, contentType: "application/json")
    }

    private static let transactionInfoOpening = Array(#"{"signedTransactionInfo":""#.utf8)
    private static let transactionInfoClosing = Array(#""}"#.utf8)

    /// The path cut at its slashes, and its route: what stands between its second segment and
    /// its last (`v1/transactions` in `/inApps/v1/transactions/2000000000000001`), empty when it
    /// has fewer than five. An ASCII path, as every path Apple's clients send is, is cut at its
    /// bytes in one pass: a walk of its characters would apply Unicode's rules for joining them
    /// on every request. Any other is cut at its characters, as ever, where a slash that a
    /// combining mark follows makes one character with it and is no slash.
    static func segments(of path: String) -> (parts: [String], route: String) {
        var path = path
        let cut = path.withUTF8 { bytes -> (parts: [String], route: String)? in
            var high: UInt8 = 0
            for byte in bytes { high |= byte & 0x80 }
            guard high == 0 else { return nil }
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            var parts: [String] = []
            var start = 0
            var routeStart = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
                parts.append(text(start..<index))
                start = index + 1
                if parts.count == 2 { routeStart = start }
            }
            parts.append(text(start..<bytes.count))
            // The route ends at the slash before the last segment, which begins at `start`.
            return (parts, parts.count >= 5 ? text(routeStart..<(start - 1)) : "")
        }
        if let cut { return cut }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return (parts, parts.count >= 5 ? parts[2..<(parts.count - 1)].joined(separator: "/") : "")
    }

    /// Apple's answer for an id no transaction has.
    static var transactionNotFound: APIResponse { error(404, 4040010, "Transaction id not found.") }

    /// Apple's error body.
    static func error(_ status: Int, _ code: Int, _ message: String) -> APIResponse {
        .json(status, ["errorCode": code, "errorMessage": message])
    }
}
