import Catalog
import StoreEngine

/// `storefront public-key`: the PEM key that verifies the state directory's signed
/// transactions, for `openssl dgst -verify` or a server-side check; with `--path play`, the
/// app's licence key that verifies Google Play's purchases, Base64 DER as the Play Console
/// shows it. Reads only, and needs no write access: a state directory on a read-only disk is
/// read as it is.
enum PublicKeyCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let directory = Environment.stateDirectory(options)
        let path = try chosenPath(options)
        let reading: LedgerReading<String?>
        do {
            if let path {
                reading = try directory.publicKey(of: path)
            } else {
                reading = try directory.publicKeyPEM()
            }
        } catch {
            throw .reading(error)
        }
        switch reading {
        case .read(let key?): print(key, terminator: key.hasSuffix("\n") ? "" : "\n")
        case .read(nil): throw .noSigningKey(in: directory, of: path)
        case .noLedger: throw .noLedger(in: directory)
        }
    }

    /// `--path`, checked.
    private static func chosenPath(_ options: Options) throws(CommandFailure) -> IntegrationPath? {
        guard let name = options.pathName else { return nil }
        guard let path = IntegrationPath(rawValue: name) else {
            let paths = IntegrationPath.allCases.map(\.rawValue).sorted().joined(separator: ", ")
            throw CommandFailure(.usage, "--path takes one of \(paths), not \(ControlCharacters.escaped(name)).")
        }
        return path
    }
}
