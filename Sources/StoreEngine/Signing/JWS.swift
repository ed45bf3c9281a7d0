import Foundation

/// A JSON Web Signature in compact form (RFC 7515 §7.1): `header.payload.signature`, each part
/// base64url, signed with ES256 over `header.payload`, as the App Store hands out its signed
/// transactions.
struct JWS: Equatable {
    let header: Data
    let payload: Data
    let signature: Data
    /// The exact text the signature covers: the first two parts as they were written.
    let signingInput: String

    /// The header with no certificates (`{"alg":"ES256","typ":"JWT"}`), which only a verifier
    /// that holds the key itself can check.
    static let bareHeader = Data(#"{"alg":"ES256","typ":"JWT"}"#.utf8)

    /// The header of App Store data signed for `environment`: `alg` and the certificate chain
    /// (`x5c`) as Apple's servers write it; Xcode's also names its key and type, as Xcode does.
    static func header(x5c: [String], for environment: SignedEnvironment) -> Data {
        // Written by hand: JSONSerialization would escape the base64's slashes and order keys its own way.
        let list = x5c.map { "\"\($0)\"" }.joined(separator: ",")
        let text = environment == .xcode
            ? #"{"alg":"ES256","kid":"Apple_Xcode_Key","typ":"JWT","x5c":["# + list + "]}"
            : #"{"alg":"ES256","x5c":["# + list + "]}"
        return Data(text.utf8)
    }

    /// Signs `payload` with `key` under `header`.
    static func signing(_ payload: Data, with key: SigningKey, header: Data = bareHeader) throws(SigningError) -> JWS {
        let input = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        let signature = try key.sign(Data(input.utf8))
        return JWS(header: header, payload: payload, signature: signature, signingInput: input)
    }

    /// Reads compact text; nil when it is not three base64url parts.
    init?(compact text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]) else { return nil }
        self.init(header: header, payload: payload, signature: signature, signingInput: parts[0] + "." + parts[1])
    }

    private init(header: Data, payload: Data, signature: Data, signingInput: String) {
        self.header = header
        self.payload = payload
        self.signature = signature
        self.signingInput = signingInput
    }

    var compact: String { signingInput + "." + Base64URL.encode(signature) }

    /// The same header and signature over another payload: what a forger makes, which
    /// `isSigned(by:)` rejects.
    func replacingPayload(with payload: Data) -> JWS {
        let encodedHeader = signingInput.prefix { $0 != "." }
        return JWS(header: header, payload: payload, signature: signature,
                   signingInput: encodedHeader + "." + Base64URL.encode(payload))
    }

    /// Whether the header names ES256 and `key` made the signature over exactly this text.
    func isSigned(by key: SigningKey) -> Bool {
        guard let fields = try? JSONSerialization.jsonObject(with: header) as? [String: Any],
              fields["alg"] as? String == "ES256" else { return false }
        return key.verify(signature, of: Data(signingInput.utf8))
    }
}
