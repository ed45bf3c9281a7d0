import CCrypto
import Foundation

/// A P-256 key pair in OpenSSL's libcrypto, the one each state directory signs its transactions
/// with (ES256, RFC 7518 §3.4). Kept in the ledger as PKCS #8 PEM; the public half is what
/// `storefront public-key` prints.
///
/// A class because it owns an `EVP_PKEY` that must be freed once. Only the store's thread
/// uses it.
final class SigningKey {
    /// The key itself, for a certificate made for it (`Certificate`).
    let key: OpaquePointer

    private init(key: OpaquePointer) {
        self.key = key
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// The public key `certificate` names, to verify with (a receiver checking App Store data);
    /// nil when it cannot be read.
    static func publicKey(of certificate: Certificate) -> SigningKey? {
        let x509 = certificate.der.withUnsafeBytes { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.bindMemory(to: UInt8.self).baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
        guard let x509 else { return nil }
        defer { X509_free(x509) }
        // A reference of its own, freed with the key.
        return X509_get_pubkey(x509).map { SigningKey(key: $0) }
    }

    /// A fresh key on the P-256 curve.
    static func generate() throws(SigningError) -> SigningKey {
        guard let context = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, nil) else { throw .crypto("EVP_PKEY_CTX_new_id") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else { throw .crypto("EVP_PKEY_keygen_init") }
        guard EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_X9_62_prime256v1) == 1 else {
            throw .crypto("EVP_PKEY_CTX_set_ec_paramgen_curve_nid")
        }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen(context, &key) == 1, let key else { throw .crypto("EVP_PKEY_keygen") }
        return SigningKey(key: key)
    }

    /// The key a ledger kept, from its PEM.
    convenience init(privatePEM pem: String) throws(SigningError) {
        let key = try Self.withMemoryBIO(holding: pem) { bio in PEM_read_bio_PrivateKey(bio, nil, nil, nil) }
        guard let key else { throw .crypto("PEM_read_bio_PrivateKey") }
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC, EVP_PKEY_get_bits(key) == 256 else {
            EVP_PKEY_free(key)
            throw .notP256
        }
        self.init(key: key)
    }

    /// The whole key, to keep (PKCS #8, unencrypted: the ledger file is the player's own, 0600).
    func privatePEM() throws(SigningError) -> String {
        try Self.writtenToMemory { bio in PEM_write_bio_PrivateKey(bio, key, nil, nil, 0, nil, nil) }
    }

    /// The verifying half (SubjectPublicKeyInfo PEM), as `openssl dgst -verify` reads it.
    func publicPEM() throws(SigningError) -> String {
        try Self.writtenToMemory { bio in PEM_write_bio_PUBKEY(bio, key) }
    }

    /// The ES256 signature of `message`: R and S, 32 bytes each, as JWS wants (EVP gives DER).
    func sign(_ message: Data) throws(SigningError) -> Data {
        guard let context = EVP_MD_CTX_new() else { throw .crypto("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { throw .crypto("EVP_DigestSignInit") }
        var length = 0
        let der: [UInt8]? = message.withUnsafeBytes { bytes -> [UInt8]? in
            let input = bytes.bindMemory(to: UInt8.self).baseAddress
            guard EVP_DigestSign(context, nil, &length, input, bytes.count) == 1 else { return nil }
            var signature = [UInt8](repeating: 0, count: length)
            guard EVP_DigestSign(context, &signature, &length, input, bytes.count) == 1 else { return nil }
            return Array(signature.prefix(length))
        }
        guard let der else { throw .crypto("EVP_DigestSign") }
        return try Self.raw(fromDER: der)
    }

    /// Whether `signature` (R‖S) is this key's ES256 signature of `message`.
    func verify(_ signature: Data, of message: Data) -> Bool {
        guard signature.count == 64, let der = Self.der(fromRaw: signature),
              let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
        return message.withUnsafeBytes { bytes in
            EVP_DigestVerify(context, der, der.count, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count) == 1
        }
    }

    // MARK: DER and R‖S

    private static func raw(fromDER der: [UInt8]) throws(SigningError) -> Data {
        let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let parsed else { throw .crypto("d2i_ECDSA_SIG") }
        defer { ECDSA_SIG_free(parsed) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(parsed, &r, &s)
        var raw = [UInt8](repeating: 0, count: 64)
        let wroteR = raw.withUnsafeMutableBufferPointer { BN_bn2binpad(r, $0.baseAddress, 32) }
        let wroteS = raw.withUnsafeMutableBufferPointer { BN_bn2binpad(s, $0.baseAddress! + 32, 32) }
        guard wroteR == 32, wroteS == 32 else { throw .crypto("BN_bn2binpad") }
        return Data(raw)
    }

    private static func der(fromRaw raw: Data) -> [UInt8]? {
        let bytes = [UInt8](raw)
        guard let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let r = BN_bin2bn(bytes, 32, nil)
        let s = bytes.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + 32, 32, nil) }
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        return written == length ? der : nil
    }

    // MARK: Memory BIOs

    private static func withMemoryBIO<T>(holding text: String, _ body: (OpaquePointer) -> T) throws(SigningError) -> T {
        let bytes = Array(text.utf8)
        let result: T? = bytes.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return body(bio)
        }
        guard let result else { throw .crypto("BIO_new_mem_buf") }
        return result
    }

    private static func writtenToMemory(_ write: (OpaquePointer) -> Int32) throws(SigningError) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { throw .crypto("BIO_new") }
        defer { BIO_free(bio) }
        guard write(bio) == 1 else { throw .crypto("PEM_write_bio") }
        var pointer: UnsafeMutablePointer<CChar>?
        let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &pointer)
        guard length > 0, let pointer else { throw .crypto("BIO_get_mem_data") }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}

/// What went wrong in libcrypto, named by the call that failed.
enum SigningError: Error, Equatable, CustomStringConvertible {
    case crypto(String)
    case notP256

    var description: String {
        switch self {
        case .crypto(let call): return "libcrypto's \(call) failed"
        case .notP256: return "the kept signing key is not a P-256 key"
        }
    }
}
