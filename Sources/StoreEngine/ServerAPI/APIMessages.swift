import Foundation

/// One HTTP request to the stores' APIs, whole, as the host's server hands it over.
public struct APIRequest: Sendable {
    public var method: String
    /// The path without its query (`/inApps/v1/transactions/2000000000000001`), percent-decoded.
    public var path: String
    /// The query's arguments in order, repeated names included.
    public var query: [QueryArgument]
    public var authorization: String?
    public var body: Data

    public struct QueryArgument: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(method: String, path: String, query: [QueryArgument] = [], authorization: String? = nil,
                body: Data = Data()) {
        self.method = method
        self.path = path
        self.query = query
        self.authorization = authorization
        self.body = body
    }

    /// Every value of the argument `name`.
    public func values(of name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }

    /// `bytes` with their percent escapes decoded, every decoded byte kept (NUL included); an
    /// escape that is not `%` and two hex digits stays as written, as libmicrohttpd leaves it;
    /// bytes that are not UTF-8 become U+FFFD. How a request's path is read, by the server and
    /// by the fuzzer alike.
    public static func percentDecoded(_ bytes: some Collection<UInt8>) -> String {
        Array(bytes).withUnsafeBytes { percentDecoded($0) }
    }

    /// The same of bytes in place, as the server has them: a concrete type, so the walk over
    /// them is compiled for it rather than through a generic collection's witnesses, a cost
    /// of every request from another module.
    public static func percentDecoded(_ raw: UnsafeRawBufferPointer) -> String {
        // Most paths carry no escape: they are taken as they are, in one copy.
        guard raw.contains(UInt8(ascii: "%")) else { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count,
               let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(raw[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether the method, the path, the query or the authorization holds a control character
    /// (U+0000 to U+001F, U+007F): one that arrived percent-encoded, since HTTP carries none raw.
    ///
    /// Each is read as bytes: in UTF-8 these characters are single bytes below 0x80, which no
    /// byte of another character is, and a byte walk needs no array of the texts nor a decoding
    /// of scalars, on every request.
    public var hasControlCharacters: Bool {
        func holdsOne(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { bytes in
                // Every byte looked at, no early exit: a loop the compiler makes a vector one
                // of, for an authorization of some hundred bytes.
                var found: UInt8 = 0
                for byte in bytes { found |= (byte < 0x20 ? 1 : 0) | (byte == 0x7F ? 1 : 0) }
                return found != 0
            }
        }
        return holdsOne(method) || holdsOne(path) || authorization.map(holdsOne) == true
            || query.contains { holdsOne($0.name) || holdsOne($0.value) }
    }
}

/// What an API answers.
public struct APIResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data
    public var contentType: String?
    /// Why, for the Events pane only (a 401's reason, which the store's answer does not say).
    public var note: String?

    public init(status: Int, body: Data = Data(), contentType: String? = nil, note: String? = nil) {
        self.status = status
        self.body = body
        self.contentType = contentType
        self.note = note
    }

    /// A JSON body.
    public static func json(_ status: Int, _ object: Any) -> APIResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return APIResponse(status: status, body: body, contentType: "application/json")
    }
}

/// One call a backend made to the stores' APIs, as the Events pane says it: `200 GET
/// /inApps/v1/transactions/2000000000000001 2 ms`, the status first, where a narrow pane
/// still shows it.
public struct APICall: Sendable, Equatable {
    public var method: String
    public var path: String
    public var status: Int
    public var milliseconds: Int
    /// Why, when the answer has a reason the caller was not told (`APIResponse.note`).
    public var note: String?

    public init(method: String, path: String, status: Int, milliseconds: Int, note: String? = nil) {
        self.method = method
        self.path = path
        self.status = status
        self.milliseconds = milliseconds
        self.note = note
    }

    /// The line the Events pane shows; a path past 200 characters is cut (a caller's bytes are no log).
    public var line: String {
        let shown = path.count > 200 ? path.prefix(200) + "…" : Substring(path)
        return "\(status) \(method.prefix(10)) \(shown) \(milliseconds) ms" + (note.map { ": " + $0 } ?? "")
    }
}

/// What a store's API makes of a request: its answer, when the request only reads; or a
/// change the engine makes first (one commit, as the app's own calls are), then the answer
/// that fits what the engine did.
public enum APIAnswer: Sendable, Equatable {
    case response(APIResponse)
    case change(ServerChange, answers: ChangeAnswers)
}

/// A change a team's backend asks of a store through its API, in the engine's own words: a
/// path's input, or an action on a transaction, as QA's keys make them.
public enum ServerChange: Sendable, Equatable {
    case send(PathInput)
    case act(TransactionAction, onTransaction: String)
    /// A `TEST` notification to the App Store's URL, under this `notificationUUID`.
    case requestTestNotification(uuid: String)
}

/// The store's answers to a change, one for each way the engine's call can end.
public struct ChangeAnswers: Sendable, Equatable {
    /// Made.
    public var done: APIResponse
    /// The engine refused it and changed nothing (the store's error for the state it is in).
    public var refused: APIResponse
    /// Not made: the ledger could not be written, or nothing could make it yet.
    public var failed: APIResponse

    public init(done: APIResponse, refused: APIResponse, failed: APIResponse) {
        self.done = done
        self.refused = refused
        self.failed = failed
    }

    /// The answer for the engine's report of the change; a refusal or a failure carries the
    /// engine's sentence as its note, for the Events pane.
    public func response(after report: StoreReport) -> APIResponse {
        var answer: APIResponse
        if report.failure != nil {
            answer = failed
        } else if report.notice?.isRefusal == true {
            answer = refused
        } else {
            return done
        }
        answer.note = report.notice?.text
        return answer
    }
}
