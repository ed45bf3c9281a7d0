import CCrypto
import Foundation

/// A hash of text by libcrypto, for the ids and tokens that must be the same every time for the
/// same player yet tell nothing of them.
/// SHA-1 is here for Xsolla, whose webhooks are signed with it.
enum Digest {
    case sha1, sha256, sha384

    /// The digest of `text`'s UTF-8 bytes; nil when libcrypto fails.
    func of(_ text: String) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        let bytes = Array(text.utf8)
        var length: UInt32 = 0
        guard EVP_Digest(bytes, bytes.count, &digest, &length, algorithm, nil) == 1 else { return nil }
        return Array(digest.prefix(Int(length)))
    }

    /// The digest in lower-case hex, as Xsolla's `Signature` header carries it.
    func hex(of text: String) -> String? {
        of(text).map { $0.map { String(format: "%02x", $0) }.joined() }
    }

    private var algorithm: OpaquePointer? {
        switch self {
        case .sha1: EVP_sha1()
        case .sha256: EVP_sha256()
        case .sha384: EVP_sha384()
        }
    }
}
