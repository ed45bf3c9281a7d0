import Foundation
import StoreEngine

/// A state directory's server keys made once for the test process by the engine code behind
/// `storefront keys` (`StateDirectory.serverKeys()`), for the tests that need them but do not
/// test how they are made (ServerKeysTests does, on fresh directories).
///
/// Why: they hold three 2048-bit RSA keys, a second of CPU or so to make, for each test that
/// asked. The keys are rows of the ledger (its settings), so that ledger is copied whole into
/// each fresh state directory, and the keys are then read from the copy as the app reads them.
public enum SharedServerKeys {
    private struct Made: Sendable {
        let path: String
        let keys: ServerKeys
    }

    private struct NotTheCopiedKeys: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) hands out other keys than the ones copied into it" }
    }

    private static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("storefront-test-keys-\(UUID().uuidString)").path

    private static let once: Result<Made, any Error> = Result {
        // The folder outlives every test, so it goes when the process ends.
        atexit { try? FileManager.default.removeItem(atPath: SharedServerKeys.folder) }
        let path = folder + "/state"
        return Made(path: path, keys: try StateDirectory(path: path).serverKeys())
    }

    /// Copies the ledger with the keys into the state directory `path` (made 0700 when missing),
    /// which must hold no ledger yet, and returns the keys it then hands out: the ones made once.
    public static func copy(into path: String) throws -> ServerKeys {
        let made = try once.get()
        let manager = FileManager.default
        try manager.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for name in try manager.contentsOfDirectory(atPath: made.path) {
            try manager.copyItem(atPath: made.path + "/" + name, toPath: path + "/" + name)
        }
        let keys = try StateDirectory(path: path).serverKeys()
        // Made again instead of read: the copy is not what the engine keeps its keys in.
        guard keys.rootCertificate == made.keys.rootCertificate, keys.apiKeyPEM == made.keys.apiKeyPEM,
              keys.serviceAccountKeyPEM == made.keys.serviceAccountKeyPEM, keys.ownKeys == made.keys.ownKeys else {
            throw NotTheCopiedKeys(path: path)
        }
        return keys
    }
}
