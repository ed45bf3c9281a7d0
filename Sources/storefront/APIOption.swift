import Catalog
import Foundation
import Host
import Program
import StoreEngine

/// `--api ADDRESS[:PORT]`: the app serves the stores' server APIs for its state directory on
/// that address (IPv4; port 8780 unless given), answered from the ledger while the app runs.
/// Loopback unless another address is given: the API hands out what the ledger holds.
enum APIOption {
    /// The address and port asked for with `--api`, checked; else the catalog's `settings.api`;
    /// nil when neither asks.
    static func address(_ options: Options, catalog: ProductCatalog? = nil) throws(CommandFailure) -> ServedAddress? {
        guard let text = options.apiAddress else { return catalog?.settings.api }
        guard let address = ServedAddress(parsing: text) else {
            throw CommandFailure(.usage, "--api takes \(ServedAddress.expected) (port 0: any free one), not "
                                 + "\(ControlCharacters.escaped(text)).")
        }
        return address
    }

    /// Starts serving: the state directory's keys are made first when missing (a backend's
    /// token is made with them), then the server listens.
    /// Each call answered is handed to `observe` (the Events pane's line).
    static func start(at address: ServedAddress, directory: StateDirectory, catalog: ProductCatalog,
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
