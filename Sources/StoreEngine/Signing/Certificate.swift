import CCrypto
import Foundation

/// An X.509 certificate (DER), made with libcrypto for a P-256 key and signed ECDSA with
/// SHA-256, as the App Store's signing certificates are. A value: the bytes a JWS carries in
/// its `x5c` header and `storefront keys` writes out.
struct Certificate: Equatable, Sendable {
    let der: Data

    /// What a certificate is for, which decides its extensions: a verifier running OpenSSL's
    /// strict checks (Apple's library does) wants a CA to say so, critically, with its key
    /// usage and key identifiers, and the App Store's own marker on the two it issues.
    enum Role {
        /// The root a backend trusts: self-signed, a CA.
        case root
        /// Issued by the root, issuing the leaf; carries Apple's intermediate marker.
        case intermediate
        /// The key that signs the data; carries Apple's App Store receipt-signing marker.
        case leaf
        /// One certificate alone, signed with its own key, as Xcode signs its test purchases.
        case selfSignedLeaf
    }

    /// Apple's marker on the certificate that signs App Store data (the leaf), which Apple's
    /// verifier looks for.
    static let appStoreSigningMarker = "1.2.840.113635.100.6.11.1"
    /// Apple's marker on the intermediate that issues it (Apple's Worldwide Developer Relations CA).
    static let intermediateMarker = "1.2.840.113635.100.6.2.1"

    /// Valid for every date the simulated calendar can sign at (year 1 to the end of 9999,
    /// RFC 5280's "no well-defined expiration"), so `signedDate` is always inside it.
    static let notBefore = "00010101000000Z"
    static let notAfter = "99991231235959Z"

    /// Makes a certificate for `key`, named `commonName`, issued by `issuer` (its name and key;
    /// nil: self-signed).
    static func issue(_ role: Role, commonName: String, for key: SigningKey,
                      by issuer: (certificate: Certificate, key: SigningKey)?) throws(SigningError) -> Certificate {
        guard let x509 = X509_new() else { throw .crypto("X509_new") }
        defer { X509_free(x509) }
        let issuerX509 = try issuer.map { issuer throws(SigningError) in try issuer.certificate.parsed() }
        defer { if let issuerX509 { X509_free(issuerX509) } }

        guard X509_set_version(x509, 2) == 1 else { throw .crypto("X509_set_version") }
        guard ASN1_INTEGER_set_uint64(X509_get_serialNumber(x509), UInt64.random(in: 1...UInt64(Int64.max))) == 1 else {
            throw .crypto("ASN1_INTEGER_set_uint64")
        }
        guard let name = X509_NAME_new() else { throw .crypto("X509_NAME_new") }
        defer { X509_NAME_free(name) }
        for (field, value) in [("C", "US"), ("O", "storefront"), ("CN", commonName)] {
            guard X509_NAME_add_entry_by_txt(name, field, MBSTRING_ASC, value, -1, -1, 0) == 1 else {
                throw .crypto("X509_NAME_add_entry_by_txt")
            }
        }
        guard X509_set_subject_name(x509, name) == 1,
              X509_set_issuer_name(x509, issuerX509.map { X509_get_subject_name($0) } ?? name) == 1 else {
            throw .crypto("X509_set_issuer_name")
        }
        guard ASN1_TIME_set_string_X509(X509_getm_notBefore(x509), notBefore) == 1,
              ASN1_TIME_set_string_X509(X509_getm_notAfter(x509), notAfter) == 1 else {
            throw .crypto("ASN1_TIME_set_string_X509")
        }
        guard X509_set_pubkey(x509, key.key) == 1 else { throw .crypto("X509_set_pubkey") }

        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuerX509 ?? x509, x509, nil, nil, 0)
        for (nid, value) in standardExtensions(of: role) {
            guard let extensionValue = X509V3_EXT_nconf_nid(nil, &context, nid, value) else {
                throw .crypto("X509V3_EXT_nconf_nid")
            }
            defer { X509_EXTENSION_free(extensionValue) }
            guard X509_add_ext(x509, extensionValue, -1) == 1 else { throw .crypto("X509_add_ext") }
        }
        if let marker = marker(of: role) { try addMarker(marker, to: x509) }

        guard X509_sign(x509, (issuer?.key ?? key).key, EVP_sha256()) > 0 else { throw .crypto("X509_sign") }
        return try Certificate(encoding: x509)
    }

    /// Reads DER back; an error when it is not a certificate.
    init(der: Data) throws(SigningError) {
        self.der = der
        let parsed = try parsed()
        X509_free(parsed)
    }

    private init(encoding x509: OpaquePointer) throws(SigningError) {
        let length = i2d_X509(x509, nil)
        guard length > 0 else { throw .crypto("i2d_X509") }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            return i2d_X509(x509, &cursor)
        }
        guard written == length else { throw .crypto("i2d_X509") }
        der = Data(bytes)
    }

    /// Whether `key` is the key this certificate names (its public half).
    func certifies(_ key: SigningKey) -> Bool {
        guard let x509 = try? parsed() else { return false }
        defer { X509_free(x509) }
        guard let publicKey = X509_get0_pubkey(x509) else { return false }
        return EVP_PKEY_eq(publicKey, key.key) == 1
    }

    /// Whether `issuer`'s key made this certificate's signature.
    func isIssued(by issuer: Certificate) -> Bool {
        guard let x509 = try? parsed(), let issuerX509 = try? issuer.parsed() else { return false }
        defer { X509_free(x509); X509_free(issuerX509) }
        guard let publicKey = X509_get0_pubkey(issuerX509) else { return false }
        return X509_verify(x509, publicKey) == 1
    }

    /// The certificate as PEM text (`-----BEGIN CERTIFICATE-----`), as `openssl x509` writes it.
    var pem: String {
        let body = der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN CERTIFICATE-----\n\(body)\n-----END CERTIFICATE-----\n"
    }

    /// The caller frees what this returns.
    private func parsed() throws(SigningError) -> OpaquePointer {
        let x509 = der.withUnsafeBytes { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.bindMemory(to: UInt8.self).baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
        guard let x509 else { throw .crypto("d2i_X509") }
        return x509
    }

    private static func standardExtensions(of role: Role) -> [(Int32, String)] {
        switch role {
        case .root:
            return [(NID_basic_constraints, "critical,CA:TRUE"), (NID_key_usage, "critical,keyCertSign,cRLSign"),
                    (NID_subject_key_identifier, "hash")]
        case .intermediate:
            return [(NID_basic_constraints, "critical,CA:TRUE,pathlen:0"),
                    (NID_key_usage, "critical,keyCertSign,cRLSign"),
                    (NID_subject_key_identifier, "hash"), (NID_authority_key_identifier, "keyid:always")]
        case .leaf:
            return [(NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, "critical,digitalSignature"),
                    (NID_subject_key_identifier, "hash"), (NID_authority_key_identifier, "keyid:always")]
        case .selfSignedLeaf:
            return [(NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, "critical,digitalSignature"),
                    (NID_subject_key_identifier, "hash")]
        }
    }

    private static func marker(of role: Role) -> String? {
        switch role {
        case .root: return nil
        case .intermediate: return intermediateMarker
        case .leaf, .selfSignedLeaf: return appStoreSigningMarker
        }
    }

    /// Adds Apple's marker: an extension named by its object identifier whose value is an
    /// ASN.1 NULL, not critical (a verifier that does not know it may pass it by).
    private static func addMarker(_ identifier: String, to x509: OpaquePointer) throws(SigningError) {
        guard let object = OBJ_txt2obj(identifier, 1) else { throw .crypto("OBJ_txt2obj") }
        defer { ASN1_OBJECT_free(object) }
        guard let value = ASN1_OCTET_STRING_new() else { throw .crypto("ASN1_OCTET_STRING_new") }
        defer { ASN1_OCTET_STRING_free(value) }
        let null: [UInt8] = [0x05, 0x00]
        guard ASN1_OCTET_STRING_set(value, null, Int32(null.count)) == 1,
              let marker = X509_EXTENSION_create_by_OBJ(nil, object, 0, value) else {
            throw .crypto("X509_EXTENSION_create_by_OBJ")
        }
        defer { X509_EXTENSION_free(marker) }
        guard X509_add_ext(x509, marker, -1) == 1 else { throw .crypto("X509_add_ext") }
    }
}
