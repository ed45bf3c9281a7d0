import CCrypto
import Foundation

/// A hash of text by libcrypto, for the ids and tokens that must be the same every time for the
/// same player yet tell nothing of them.
enum Digest {
    case sha256, sha384

    /// The digest of `text`'s UTF-8 bytes; nil when libcrypto fails.
    func of(_ text: String) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: self == .sha256 ? 32 : 48)
        let bytes = Array(text.utf8)
        var length: UInt32 = 0
        guard EVP_Digest(bytes, bytes.count, &digest, &length, self == .sha256 ? EVP_sha256() : EVP_sha384(), nil) == 1 else {
            return nil
        }
        return digest
    }
}
