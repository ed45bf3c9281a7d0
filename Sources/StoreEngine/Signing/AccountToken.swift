import Foundation

/// The `appAccountToken` a player's purchases carry: a UUID that is the same for every purchase
/// of one user id and tells nothing of it (the first 16 bytes of its SHA-256, with the version
/// and variant bits of a name-based UUID, RFC 9562 §5.8).
enum AccountToken {
    static func uuid(forUser userId: String) -> String {
        guard var digest = Digest.sha256.of("storefront.appAccountToken:" + userId) else {
            return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).uuidString
        }
        digest[6] = (digest[6] & 0x0F) | 0x80  // version 8: custom
        digest[8] = (digest[8] & 0x3F) | 0x80  // the RFC's variant
        let d = digest
        return UUID(uuid: (d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9], d[10], d[11], d[12], d[13],
                           d[14], d[15])).uuidString
    }
}
