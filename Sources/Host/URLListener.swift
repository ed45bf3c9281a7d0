import Foundation
import Platform
import StoreEngine
import Synchronization

/// The app's end of `URLSocket`: a thread that takes URLs from outside and hands each to
/// `receive` (the program posts it to its inbox, so it is opened on the loop like any input).
/// Made by the app that holds the state directory's lock, so a socket file left by a killed
/// app can be removed safely. Its thread holds it until `stop()`, which the owner must call.
///
/// Each connection is served on a thread of its own within `deadline`, so a client that says
/// nothing, or trickles, holds up no other; at most `maxConnections` at once, and one more is
/// told the app is busy. A client that leaves before the answer costs a failed write, never
/// SIGPIPE.
public final class URLListener: Sendable {
    public let path: String
    /// Connections served at once; more are answered `error` at once.
    static let maxConnections = 16
    /// The listening socket (-1 once stopped) and the connections being served.
    private struct State {
        var descriptor: Int32
        var connections = 0
    }

    private let state: Mutex<State>
    /// Wakes the accepting thread to end it: shutting a listening socket down wakes a thread
    /// blocked in `accept` on Linux but not on Darwin, so the thread waits on both at once.
    /// Its read end is the thread's to close.
    private let stopPipe: WakePipe
    private let deadline: TimeInterval
    private let receive: @Sendable (String) -> Void

    /// Listens at `path` (replacing a stale socket file) and calls `receive` from the thread
    /// that serves each connection, one URL each, within `deadline` seconds.
    public init(path: String, deadline: TimeInterval = URLSocket.connectionDeadline,
                receive: @escaping @Sendable (String) -> Void) throws(StoreError) {
        self.path = path
        self.deadline = deadline
        self.receive = receive
        guard path.utf8.count <= URLSocket.maxPathBytes else {
            throw .urlSocket(path: path, reason: "the path is longer than the \(URLSocket.maxPathBytes) bytes a socket takes; "
                + "use a shorter --state-dir")
        }
        LocalSocket.removeFile(at: path)
        // Private before it is reachable: the socket file is made 0600.
        let descriptor: Int32
        do throws(SystemError) {
            descriptor = try LocalSocket.listen(at: path, backlog: 8)
        } catch {
            throw .urlSocket(path: path, reason: SystemErrorText.words(for: error.code))
        }
        guard let stopPipe = WakePipe(nonBlocking: false) else {
            let code = SystemError.last.code
            LocalSocket.close(descriptor)
            LocalSocket.removeFile(at: path)
            throw .urlSocket(path: path, reason: SystemErrorText.words(for: code))
        }
        state = Mutex(State(descriptor: descriptor))
        self.stopPipe = stopPipe
        let thread = Thread { [self] in
            acceptLoop()
            stopPipe.closeReadEnd()
        }
        thread.name = "storefront.urls"
        thread.start()
    }

    /// Stops listening and removes the socket file; again does nothing.
    public func stop() {
        state.withLock { state in
            guard state.descriptor >= 0 else { return }
            // Wakes the accepting thread before the descriptor goes (so it never waits on a
            // number reused since), and ends an `accept` under way.
            stopPipe.wake()
            stopPipe.closeWriteEnd()
            LocalSocket.shutDown(state.descriptor)
            LocalSocket.close(state.descriptor)
            state.descriptor = -1
            LocalSocket.removeFile(at: path)
        }
    }

    private var listening: Int32 {
        state.withLock { $0.descriptor }
    }

    private func acceptLoop() {
        while true {
            let server = listening
            guard server >= 0, !Readiness.wait(for: [stopPipe.readEnd, server], upTo: nil)[0] else { return }
            let client: Int32
            do throws(SystemError) {
                client = try LocalSocket.accept(on: server)
            } catch {
                // A client that gave up while queued is no reason to stop listening.
                if error == .interrupted || error == .connectionAborted { continue }
                return
            }
            guard claimConnection() else {
                URLSocket.setTimeouts(client)
                _ = URLSocket.writeAll(Array("error the app is busy with \(Self.maxConnections) other clients; try again\n".utf8),
                                       to: client)
                LocalSocket.close(client)
                continue
            }
            let thread = Thread { [self] in
                serve(client, until: Date().addingTimeInterval(deadline))
                LocalSocket.close(client)
                releaseConnection()
            }
            thread.name = "storefront.url-client"
            thread.start()
        }
    }

    private func claimConnection() -> Bool {
        state.withLock { state in
            guard state.connections < Self.maxConnections else { return false }
            state.connections += 1
            return true
        }
    }

    private func releaseConnection() {
        state.withLock { $0.connections -= 1 }
    }

    /// One URL per connection; the answer says whether it was taken.
    private func serve(_ client: Int32, until deadline: Date) {
        URLSocket.setTimeouts(client)
        guard let url = URLSocket.readLine(from: client, limit: URLSocket.maxURLBytes, deadline: deadline) else {
            _ = URLSocket.writeAll(Array(("error the URL was longer than \(URLSocket.maxURLBytes) bytes, or not sent whole "
                                          + "within \(String(format: "%g", self.deadline)) s\n").utf8), to: client)
            return
        }
        // Handed on only while the app listens (once `stop()` has returned, no URL reaches an
        // inbox nobody reads), and only once the client has its `ok`: a client that gave up
        // waiting (the app was suspended with Ctrl-Z) was told nothing was kept, so nothing is.
        state.withLock { state in
            guard state.descriptor >= 0 else {
                _ = URLSocket.writeAll(Array("error the app is quitting; hand the URL again once it has\n".utf8), to: client)
                return
            }
            guard URLSocket.writeAll(Array("ok \(ProcessInfo.processInfo.processIdentifier)\n".utf8), to: client) else { return }
            receive(url)
        }
    }
}
