import Catalog
import Foundation
import Host
import StoreEngine
import Synchronization

/// The stores' server APIs served for a state directory while the app or a scenario runs
/// (`--api`, the catalog's `settings.api`, a scenario's `api`): a call that reads is answered
/// on the server's own threads from the ledger; a call that changes something is made by the
/// engine, after the calls before it, in one commit, and its report reaches the panes. Until
/// the engine is handed over (`makeChanges(with:reporting:)`), such a call is answered as not
/// made.
public final class StoreAPIs {
    public let server: HTTPServer
    private let changes: ChangeMaker

    /// Starts serving on `address:port`; each call answered is handed to `observe`.
    public init(address: String, port: UInt16, stateDirectory: StateDirectory, catalog: ProductCatalog,
                observe: @escaping @Sendable (APICall) -> Void) throws(StoreAPIsError) {
        let servers: StoreServers
        do {
            _ = try stateDirectory.serverKeys()
            servers = try StoreServers(stateDirectory: stateDirectory, catalog: catalog)
        } catch {
            throw .store(error)
        }
        let changes = ChangeMaker()
        self.changes = changes
        do {
            server = try HTTPServer(address: address, port: port, observe: observe) { request in
                switch servers.answer(request) {
                case .response(let response): response
                case .change(let change, let answers): changes.make(change, answers: answers)
                }
            }
        } catch {
            throw .listening(error)
        }
    }

    /// From here on, `engine` makes the changes backends ask for; each one's report goes to `report`.
    public func makeChanges(with engine: EngineWorker, reporting report: @escaping @Sendable (StoreReport) -> Void) {
        changes.maker.withLock { $0 = { change in
            let made = engine.make(change)
            report(made)
            return made
        } }
    }

    /// Stops listening, once the calls under way are answered.
    public func stop() {
        changes.maker.withLock { $0 = nil }
        server.stop()
    }

    /// `http://127.0.0.1:8780`.
    public var baseURL: String { "http://\(server.address):\(server.port)" }
}

/// Why the APIs could not start.
public enum StoreAPIsError: Error, CustomStringConvertible {
    case store(StoreError)
    case listening(HTTPServerError)

    public var description: String {
        switch self {
        case .store(let failure): failure.description
        case .listening(let failure): failure.description
        }
    }
}

/// Who makes a change, once there is an engine to make it.
private final class ChangeMaker: Sendable {
    let maker = Mutex<(@Sendable (ServerChange) -> StoreReport)?>(nil)

    func make(_ change: ServerChange, answers: ChangeAnswers) -> APIResponse {
        guard let make = maker.withLock({ $0 }) else {
            var answer = answers.failed
            answer.note = "nothing is running that could make the change"
            return answer
        }
        return answers.response(after: make(change))
    }
}
