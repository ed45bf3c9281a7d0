import Catalog
import Foundation
import Host
import Program
import StoreEngine

/// `--api ADDRESS[:PORT]`: the app serves the stores' server APIs for its state directory on
/// that address (IPv4; port 8780 unless given), answered from the ledger while the app runs.
/// Loopback unless another address is given: the API hands out what the ledger holds.
enum APIOption {
    static let defaultPort: UInt16 = 8780

    /// The address and port asked for, checked; nil without `--api`.
    static func address(_ options: Options) throws(CommandFailure) -> (host: String, port: UInt16)? {
        guard let text = options.apiAddress else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let octets = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else {
            throw CommandFailure(.usage, "--api takes an IPv4 address and a port, such as 127.0.0.1:8780, not "
                                 + "\(ControlCharacters.escaped(text)).")
        }
        guard parts.count == 2 else { return (parts[0], defaultPort) }
        guard let port = UInt16(parts[1]) else {
            throw CommandFailure(.usage, "--api takes a port from 0 to 65535 after the colon, not \(ControlCharacters.escaped(parts[1])).")
        }
        return (parts[0], port)
    }

    /// Starts serving: the state directory's keys are made first when missing (a backend's
    /// token is made with them), then the server listens.
    /// Each call answered is handed to `observe` (the Events pane's line).
    static func start(at address: (host: String, port: UInt16), directory: StateDirectory, catalog: ProductCatalog,
                      observe: @escaping @Sendable (APICall) -> Void) throws(CommandFailure) -> StoreAPIs {
        do {
            return try StoreAPIs(address: address.host, port: address.port, stateDirectory: directory, catalog: catalog,
                                 observe: observe)
        } catch {
            switch error {
            case .store(let failure): throw CommandFailure(failure)
            case .listening(let failure): throw CommandFailure(.ioError, failure.description + ".")
            }
        }
    }
}
