import CCrypto
import Foundation

/// An RSA key pair in OpenSSL's libcrypto, for SHA1withRSA signatures (and RS256 for Google's OAuth) (PKCS #1 v1.5, SHA-1): the
/// signature Google Play puts beside a purchase's JSON, and the one every Android app's
/// `Security.verifyPurchase` checks (the Play Billing samples' `SIGNATURE_ALGORITHM =
/// "SHA1withRSA"`), so nothing else would verify there. Kept as PKCS #8 PEM; the public half is
/// handed out as Base64 DER (SubjectPublicKeyInfo), as the Play Console shows a licence key.
///
/// A class because it owns an `EVP_PKEY` that must be freed once. Only the store's thread uses it.
final class RSAKey {
    private let key: OpaquePointer

    private init(key: OpaquePointer) {
        self.key = key
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// A fresh 2048-bit key.
    static func generate(bits: Int32 = 2048) throws(SigningError) -> RSAKey {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, nil) else { throw .crypto("EVP_PKEY_CTX_new_id") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else { throw .crypto("EVP_PKEY_keygen_init") }
        guard EVP_PKEY_CTX_set_rsa_keygen_bits(context, bits) == 1 else {
            throw .crypto("EVP_PKEY_CTX_set_rsa_keygen_bits")
        }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen(context, &key) == 1, let key else { throw .crypto("EVP_PKEY_keygen") }
        return RSAKey(key: key)
    }

    /// A key kept before, from its PEM.
    convenience init(privatePEM pem: String) throws(SigningError) {
        try self.init(pem: pem, reader: "PEM_read_bio_PrivateKey") { PEM_read_bio_PrivateKey($0, nil, nil, nil) }
    }

    /// The public half alone, from its PEM (`BEGIN PUBLIC KEY`): what a verifier is handed.
    /// It verifies; signing with it fails.
    convenience init(publicPEM pem: String) throws(SigningError) {
        try self.init(pem: pem, reader: "PEM_read_bio_PUBKEY") { PEM_read_bio_PUBKEY($0, nil, nil, nil) }
    }

    private convenience init(pem: String, reader name: String,
                             reading read: (OpaquePointer) -> OpaquePointer?) throws(SigningError) {
        let bytes = Array(pem.utf8)
        let found: OpaquePointer? = bytes.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return read(bio)
        }
        guard let found else { throw .crypto(name) }
        guard EVP_PKEY_get_base_id(found) == EVP_PKEY_RSA else {
            EVP_PKEY_free(found)
            throw .crypto("EVP_PKEY_get_base_id: not an RSA key")
        }
        self.init(key: found)
    }

    /// The whole key, to keep (PKCS #8, unencrypted: the ledger file is the player's own, 0600).
    func privatePEM() throws(SigningError) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { throw .crypto("BIO_new") }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) == 1 else { throw .crypto("PEM_write_bio_PrivateKey") }
        var pointer: UnsafeMutablePointer<CChar>?
        let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &pointer)
        guard length > 0, let pointer else { throw .crypto("BIO_get_mem_data") }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The public half as DER (SubjectPublicKeyInfo), Base64 on one line.
    func publicKeyBase64() throws(SigningError) -> String {
        let length = i2d_PUBKEY(key, nil)
        guard length > 0 else { throw .crypto("i2d_PUBKEY") }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            return i2d_PUBKEY(key, &cursor)
        }
        guard written == length else { throw .crypto("i2d_PUBKEY") }
        return Data(der).base64EncodedString()
    }

    /// The public half as PEM (`BEGIN PUBLIC KEY`, SubjectPublicKeyInfo), as Google publishes
    /// the keys its tokens are checked with.
    func publicPEM() throws(SigningError) -> String {
        let body = try publicKeyBase64()
        let lines = stride(from: 0, to: body.count, by: 64).map { start in
            String(body.dropFirst(start).prefix(64))
        }
        return "-----BEGIN PUBLIC KEY-----\n" + lines.joined(separator: "\n") + "\n-----END PUBLIC KEY-----\n"
    }

    /// The algorithm's name, as Java's `Signature.getInstance` and the Play Billing samples say it.
    static let algorithm = "SHA1withRSA"

    /// The hash a signature is made over: SHA-1 for Google Play's purchases, SHA-256 for the
    /// RS256 JWTs of Google's OAuth (a service account's assertion, the access tokens).
    enum Digest {
        case sha1, sha256

        fileprivate var algorithm: OpaquePointer? { self == .sha1 ? EVP_sha1() : EVP_sha256() }
    }

    /// The PKCS #1 v1.5 signature of `message` over `digest` (SHA1withRSA unless told).
    func sign(_ message: Data, digest: Digest = .sha1) throws(SigningError) -> Data {
        guard let context = EVP_MD_CTX_new() else { throw .crypto("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, digest.algorithm, nil, key) == 1 else { throw .crypto("EVP_DigestSignInit") }
        var length = 0
        let signature: [UInt8]? = message.withUnsafeBytes { bytes -> [UInt8]? in
            let input = bytes.bindMemory(to: UInt8.self).baseAddress
            guard EVP_DigestSign(context, nil, &length, input, bytes.count) == 1 else { return nil }
            var signature = [UInt8](repeating: 0, count: length)
            guard EVP_DigestSign(context, &signature, &length, input, bytes.count) == 1 else { return nil }
            return Array(signature.prefix(length))
        }
        guard let signature else { throw .crypto("EVP_DigestSign") }
        return Data(signature)
    }

    /// Whether `signature` is this key's signature of `message` over `digest` (SHA1withRSA unless told).
    func verify(_ signature: Data, of message: Data, digest: Digest = .sha1) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, digest.algorithm, nil, key) == 1 else { return false }
        let signed = [UInt8](signature)
        return message.withUnsafeBytes { bytes in
            EVP_DigestVerify(context, signed, signed.count, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count) == 1
        }
    }
}

extension RSAKey {
    /// A compact RS256 JWT (RFC 7519) of `claims` under `header`, each written as given: the
    /// form Google's OAuth and its push tokens take.
    func rs256JWT(header: Data, claims: Data) throws(SigningError) -> String {
        let input = Base64URL.encode(header) + "." + Base64URL.encode(claims)
        return input + "." + Base64URL.encode(try sign(Data(input.utf8), digest: .sha256))
    }

    /// Whether `jwt` is a compact JWT this key signed RS256, whatever it says.
    func verifiesRS256(_ jwt: JWS) -> Bool {
        verify(jwt.signature, of: Data(jwt.signingInput.utf8), digest: .sha256)
    }
}
