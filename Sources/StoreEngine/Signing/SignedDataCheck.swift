import Foundation

/// App Store data checked as a backend's verifier checks it (Apple's `SignedDataVerifier`, its
/// online checks off): ES256, an `x5c` of three certificates, each issued by the next, the last
/// the root the backend trusts, and the leaf's key over the JWS. What `storefront receive` uses
/// to say whether a notification is the App Store's.
public enum SignedDataCheck {
    /// The payload of `compact` when it holds, else why not (a sentence).
    public static func payload(of compact: String, trustingRoot root: Data) -> Result<Data, SignedDataRefusal> {
        guard let jws = JWS(compact: compact) else { return .failure(.init("not a compact JWS (three base64url parts)")) }
        guard let header = try? JSONSerialization.jsonObject(with: jws.header) as? [String: Any] else {
            return .failure(.init("its header is not JSON"))
        }
        guard header["alg"] as? String == "ES256" else { return .failure(.init("its alg is not ES256")) }
        let chain = (header["x5c"] as? [String] ?? []).compactMap { Data(base64Encoded: $0) }.compactMap { try? Certificate(der: $0) }
        guard chain.count == 3 else { return .failure(.init("its x5c holds \(chain.count) certificates, not 3")) }
        guard chain[2].der == root else { return .failure(.init("its chain ends at another root than the one trusted")) }
        guard chain[0].isIssued(by: chain[1]), chain[1].isIssued(by: chain[2]) else {
            return .failure(.init("its certificates do not chain: one was not issued by the next"))
        }
        guard let leaf = SigningKey.publicKey(of: chain[0]), jws.isSigned(by: leaf) else {
            return .failure(.init("the leaf's key did not make its signature"))
        }
        return .success(jws.payload)
    }

    /// The root a backend trusts, from the DER or PEM file `storefront keys` writes; nil when
    /// `data` is neither.
    public static func root(fromFile data: Data) -> Data? {
        guard let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN CERTIFICATE-----") else {
            return data.first == 0x30 ? data : nil  // DER starts with a SEQUENCE
        }
        let body = text.components(separatedBy: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return Data(base64Encoded: body)
    }
}

/// Why App Store data did not verify.
public struct SignedDataRefusal: Error, Equatable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Xsolla's webhook signature, checked as Xsolla tells a backend to.
public enum XsollaSignatureCheck {
    /// Whether `authorization` is `Signature <SHA-1 of body followed by secretKey, in hex>`.
    public static func holds(_ authorization: String?, body: Data, secretKey: String) -> Bool {
        guard let authorization, let text = String(data: body, encoding: .utf8),
              let digest = Digest.sha1.hex(of: text + secretKey) else { return false }
        return authorization == "Signature " + digest
    }
}
