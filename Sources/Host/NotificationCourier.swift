import CCurl
import Foundation
import StoreEngine
import Synchronization

/// Posts the stores' notifications to the team's backend with libcurl, off the caller's
/// thread: each store on a serial queue of its own, so one backend that hangs holds up only its
/// own store's deliveries (each bounded by the timeouts), and a store's notifications leave in
/// the order they were handed over.
public final class NotificationCourier: Sendable {
    /// Connecting may take this long…
    public let connectMilliseconds: Int
    /// …and the whole attempt this long, as the stores bound theirs.
    public let totalMilliseconds: Int
    private let queues = Mutex<[Marketplace: DispatchQueue]>([:])

    private static let started: Bool = sf_curl_start() != 0

    public init(connectMilliseconds: Int = 5_000, totalMilliseconds: Int = 30_000) {
        self.connectMilliseconds = connectMilliseconds
        self.totalMilliseconds = totalMilliseconds
    }

    /// Posts `delivery` on its store's queue; `answer` hears how it went, on that queue.
    public func post(_ delivery: OutboxDelivery, answer: @escaping @Sendable (DeliveryResult) -> Void) {
        let queue = queues.withLock { queues in
            if let queue = queues[delivery.store] { return queue }
            let queue = DispatchQueue(label: "storefront.notifications.\(delivery.store.rawValue)")
            queues[delivery.store] = queue
            return queue
        }
        queue.async { [self] in answer(attempt(delivery)) }
    }

    /// One attempt, on the calling thread.
    public func attempt(_ delivery: OutboxDelivery) -> DeliveryResult {
        guard Self.started else {
            return result(of: delivery, status: nil, failure: .other("libcurl could not start"), seconds: 0, answer: "")
        }
        let capacity = DeliveryResult.responseLimit * 4
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var answer = sf_post_answer()
        answer.buffer = buffer
        answer.capacity = capacity
        // A header is one line: a line break inside one would make another.
        let headers = delivery.headers.map { "\($0.name): \($0.value)".filter { $0 != "\n" && $0 != "\r" } }
            .joined(separator: "\n")
        let body = Array(delivery.body.utf8)
        let outcome = body.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                sf_curl_post(delivery.url, chars.baseAddress, chars.count, headers, connectMilliseconds, totalMilliseconds, &answer)
            }
        }
        let text = String(decoding: UnsafeRawBufferPointer(start: buffer, count: answer.length), as: UTF8.self)
        let error = withUnsafeBytes(of: answer.error) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return result(of: delivery, status: outcome == SF_POST_ANSWERED ? Int(answer.status) : nil,
                      failure: Self.failure(outcome, words: error), seconds: answer.seconds, answer: text)
    }

    private func result(of delivery: OutboxDelivery, status: Int?, failure: DeliveryFailure?, seconds: Double,
                        answer: String) -> DeliveryResult {
        DeliveryResult(notificationId: delivery.notificationId, attempt: delivery.attempt, httpStatus: status,
                       failure: failure, milliseconds: Int((seconds * 1_000).rounded()), response: answer)
    }

    static func failure(_ outcome: sf_post_outcome, words: String) -> DeliveryFailure? {
        switch outcome {
        case SF_POST_ANSWERED: nil
        case SF_POST_TIMED_OUT: .timedOut
        case SF_POST_NO_RESPONSE: .noResponse
        case SF_POST_TLS: .tls
        case SF_POST_CIRCULAR_REDIRECT: .circularRedirect
        case SF_POST_SOCKET: .socket
        case SF_POST_PREMATURE_CLOSE: .prematureClose
        case SF_POST_INVALID_RESPONSE: .invalidResponse
        default: .other(words.isEmpty ? "libcurl failed" : words)
        }
    }
}
