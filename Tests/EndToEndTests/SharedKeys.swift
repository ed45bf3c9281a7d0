import Foundation

/// A state directory's keys made once for the test process by the real `storefront keys`, for
/// the tests that need keys but do not test how they are made (KeysCommandTests does, on fresh
/// directories).
///
/// Why: `storefront keys` on a fresh directory makes three 2048-bit RSA keys (the service
/// account's, Google Play's licence key, the push tokens' key), about a second of CPU; the App
/// Store signature test alone made them for 48 directories. The keys are rows of the ledger
/// (its settings), so the ledger `keys` left behind is copied whole into each fresh state
/// directory: the state a backend leaves when it asks for the keys before the app ever ran. The
/// app then signs with those keys, so a check against `root` or `licenceKey` fails when it did not.
enum SharedKeys {
    struct Made: Sendable {
        /// The state directory `storefront keys` ran on, and the folder it wrote.
        let state: String
        let out: String
        /// What `keys` printed and wrote: the app's Apple id, Google Play's licence key (Base64 DER).
        let appAppleId: Int
        let licenceKey: String

        /// The root certificate (DER) the App Store data of every copy chains to.
        var root: String { out + "/storefront-root.cer" }
    }

    private static let once: Result<Made, any Error> = Result { try make() }
    private static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("storefront-e2e-keys-\(UUID().uuidString.prefix(8).lowercased())").path

    /// What `keys` made; the first call makes it.
    static func made() throws -> Made { try once.get() }

    /// Copies the ledger with the keys into `state`, which must hold no ledger yet (made 0700 as
    /// the app makes it; the ledger keeps its 0600), and returns what `keys` made.
    @discardableResult
    static func copy(into state: String) throws -> Made {
        let keys = try made()
        let manager = FileManager.default
        try manager.createDirectory(atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for name in try manager.contentsOfDirectory(atPath: keys.state) {
            try manager.copyItem(atPath: keys.state + "/" + name, toPath: state + "/" + name)
        }
        return keys
    }

    private static func make() throws -> Made {
        // The folder outlives every test, so it goes when the process ends.
        atexit { try? FileManager.default.removeItem(atPath: SharedKeys.folder) }
        let state = folder + "/state", out = folder + "/keys"
        let run = try Finished.run(try BuiltBinary.path(), ["keys", "--out", out, "--state-dir", state, "--catalog", BuiltBinary.catalog])
        guard run.status == 0 else { throw EndToEndStop(plain: "storefront keys exited \(run.status): \(run.standardError)") }
        let number = try String(contentsOfFile: out + "/APP_APPLE_ID", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let appAppleId = Int(number) else { throw EndToEndStop(plain: "APP_APPLE_ID is not a number: \(number)") }
        let licenceKey = try String(contentsOfFile: out + "/play-license-key.txt", encoding: .utf8)
        return Made(state: state, out: out, appAppleId: appAppleId, licenceKey: licenceKey.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
