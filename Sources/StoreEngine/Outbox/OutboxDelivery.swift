import Foundation

/// One attempt the host is asked to make: post `body` to `url` with `headers`. The engine hands
/// it over once the commit that made it due is on disk (`StoreReport.deliveries`); the host
/// posts it off the engine's queue and answers with a `DeliveryResult`.
public struct OutboxDelivery: Sendable, Equatable {
    /// The outbox row.
    public var notificationId: Int64
    public var store: Marketplace
    /// The same on every attempt, so a backend can de-duplicate.
    public var uuid: String
    public var type: String
    public var url: String
    public var body: String
    public var headers: [Header]
    /// 1 for the first attempt.
    public var attempt: Int

    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(notificationId: Int64, store: Marketplace, uuid: String, type: String, url: String, body: String,
                headers: [Header], attempt: Int) {
        self.notificationId = notificationId
        self.store = store
        self.uuid = uuid
        self.type = type
        self.url = url
        self.body = body
        self.headers = headers
        self.attempt = attempt
    }

    /// The headers as the outbox keeps them: one `Name: value` line each.
    static func lines(of headers: [Header]) -> String {
        headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    static func headers(fromLines text: String) -> [Header] {
        // Every row the Server pane lists is read with its headers: spaces are trimmed by hand,
        // since Foundation's trimming goes through NSString on Linux at many times the cost.
        text.split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            var value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            while let last = value.last, last == " " || last == "\t" { value = value.dropLast() }
            return Header(name: String(line[..<colon]), value: String(value))
        }
    }
}

/// How one attempt went, as the host saw it: the backend's HTTP status, or why there was none.
public struct DeliveryResult: Sendable, Equatable {
    public var notificationId: Int64
    public var attempt: Int
    /// The status the backend answered, when it answered.
    public var httpStatus: Int?
    /// Why there was no answer.
    public var failure: DeliveryFailure?
    /// Wall milliseconds the attempt took.
    public var milliseconds: Int
    /// The start of the backend's answer (at most `DeliveryResult.responseLimit` characters).
    public var response: String

    /// How much of an answer is kept: enough to read an error, not a page.
    public static let responseLimit = 1_000

    public init(notificationId: Int64, attempt: Int, httpStatus: Int?, failure: DeliveryFailure?, milliseconds: Int,
                response: String) {
        self.notificationId = notificationId
        self.attempt = attempt
        self.httpStatus = httpStatus
        self.failure = failure
        self.milliseconds = milliseconds
        self.response = String(response.prefix(Self.responseLimit))
    }
}

/// Why an attempt got no HTTP answer, in terms every store's rules can name.
public enum DeliveryFailure: Sendable, Equatable {
    /// Connected, but no whole answer within the time allowed.
    case timedOut
    /// Nothing listened (refused, unreachable, a name that does not resolve).
    case noResponse
    /// The TLS handshake or a certificate failed.
    case tls
    /// Redirected in a loop, or too often.
    case circularRedirect
    /// The connection broke while sending or receiving.
    case socket
    /// The backend closed the connection before answering.
    case prematureClose
    /// What came back was not HTTP.
    case invalidResponse
    /// Anything else, in the HTTP client's words.
    case other(String)

    /// The failure in a word, as Apple's `sendAttemptResult` names it; the history of every
    /// store's attempts says it so.
    var name: String {
        switch self {
        case .timedOut: "TIMED_OUT"
        case .noResponse: "NO_RESPONSE"
        case .tls: "TLS_ISSUE"
        case .circularRedirect: "CIRCULAR_REDIRECT"
        case .socket: "SOCKET_ISSUE"
        case .prematureClose: "PREMATURE_CLOSE"
        case .invalidResponse: "INVALID_RESPONSE"
        case .other: "OTHER"
        }
    }

    /// The failure in a sentence, for the Events pane.
    public var sentence: String {
        switch self {
        case .timedOut: "no answer in time"
        case .noResponse: "nothing answered at that address"
        case .tls: "the TLS handshake failed"
        case .circularRedirect: "redirected in a circle"
        case .socket: "the connection broke"
        case .prematureClose: "the backend closed the connection without answering"
        case .invalidResponse: "the answer was not HTTP"
        case .other(let words): words
        }
    }
}
