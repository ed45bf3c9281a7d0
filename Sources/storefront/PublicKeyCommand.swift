import StoreEngine

/// `storefront public-key`: the PEM key that verifies the state directory's signed
/// transactions, for `openssl dgst -verify` or a server-side check. Reads only.
enum PublicKeyCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        do {
            print(try Environment.stateDirectory(options).publicKeyPEM(), terminator: "")
        } catch {
            throw CommandFailure(error)
        }
    }
}
