import StoreEngine

/// `storefront public-key`: the PEM key that verifies the state directory's signed
/// transactions, for `openssl dgst -verify` or a server-side check. Reads only.
enum PublicKeyCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let directory = Environment.stateDirectory(options)
        let reading: LedgerReading<String?>
        do {
            reading = try directory.publicKeyPEM()
        } catch {
            throw CommandFailure(error)
        }
        switch reading {
        case .read(let pem?): print(pem, terminator: "")
        case .read(nil): throw .noSigningKey(in: directory)
        case .noLedger: throw .noLedger(in: directory)
        }
    }
}
