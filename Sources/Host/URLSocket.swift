import Foundation
import Platform
import StoreEngine

/// How a URL from outside (`storefront open-url`) reaches the app running on a state
/// directory: a UNIX socket, `storefront.sock` in the directory (0600, like everything there),
/// one URL per connection. The client writes the URL and a newline; the app answers `ok PID`
/// and then posts the URL to its inbox (so a client that did not wait for the answer hands
/// nothing on), or answers `error REASON`.
public enum URLSocket {
    /// The longest URL taken: anything longer is refused before it is read whole.
    public static let maxURLBytes = 1 << 20
    /// How long either side waits for the other, in seconds.
    static let timeout = 2
    /// How long the app gives one connection, from accept to its answer, however its bytes
    /// trickle in: a client that takes longer is answered with an error and let go.
    public static let connectionDeadline: TimeInterval = 5

    /// The socket's path must fit `sockaddr_un.sun_path` with its terminating zero.
    static let maxPathBytes = LocalSocket.maxPathBytes

    /// Sends `url` to the app listening at `path`; the app's pid when it took it.
    static func send(_ url: String, to path: String) throws(URLSocketError) -> Int32? {
        let descriptor = try connected(to: path)
        defer { LocalSocket.close(descriptor) }
        do throws(SystemError) {
            try LocalSocket.sendAll(Array(url.utf8) + [10], on: descriptor)
        } catch {
            throw .io("writing the URL: \(SystemErrorText.words(for: error.code))")
        }
        LocalSocket.finishWriting(on: descriptor)
        let reply = readLine(from: descriptor, limit: 256) ?? ""
        if reply.hasPrefix("ok") { return Int32(reply.dropFirst(2).trimmingCharacters(in: .whitespaces)) }
        if reply.hasPrefix("error ") { throw .refused(String(reply.dropFirst(6))) }
        throw .io("the app did not answer within \(timeout) s: it may be stopped with Ctrl-Z, or busy")
    }

    static func connected(to path: String) throws(URLSocketError) -> Int32 {
        guard path.utf8.count <= maxPathBytes else { throw .pathTooLong(path: path, limit: maxPathBytes) }
        do throws(SystemError) {
            return try LocalSocket.connect(to: path, timeout: timeout)
        } catch {
            throw error == .noSuchEntry || error == .connectionRefused ? .noListener : .io("connect: \(SystemErrorText.words(for: error.code))")
        }
    }

    static func setTimeouts(_ descriptor: Int32) {
        LocalSocket.setTimeouts(of: descriptor, seconds: timeout)
    }

    /// Writes every byte; false when the other side has gone (EPIPE, never SIGPIPE) or the
    /// send timeout passed.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        (try? LocalSocket.sendAll(bytes, on: descriptor)) != nil
    }

    /// Reads up to a newline (not included) or the end; nil past `limit` bytes, on an error, or
    /// when `deadline` passes first (each read also ends at the socket's receive timeout).
    static func readLine(from descriptor: Int32, limit: Int, deadline: Date = .distantFuture) -> String? {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            let waited = Readiness.poll([descriptor], upTo: min(left, Double(timeout)))
            if waited.interrupted { continue }
            guard waited.states[0].isReady,
                  let count = buffer.withUnsafeMutableBytes({ LocalSocket.receive(into: $0, from: descriptor) }) else { return nil }
            if count == 0 { break }
            if let end = buffer[0..<count].firstIndex(of: 10) {
                line += buffer[0..<end]
                break
            }
            line += buffer[0..<count]
            guard line.count <= limit else { return nil }
        }
        guard line.count <= limit else { return nil }
        return String(decoding: line, as: UTF8.self)
    }
}

/// Why a URL did not reach a running app.
enum URLSocketError: Error, Equatable {
    /// Nothing listens at the socket (no app, or one that takes no URLs).
    case noListener
    case pathTooLong(path: String, limit: Int)
    /// The app answered `error`.
    case refused(String)
    case io(String)
}
