import Catalog
import Foundation

/// The certificates a state directory's signed data carries in its `x5c` header, made once for
/// its signing key and kept in its ledger: a chain as the App Store's (the leaf that certifies
/// the key, an intermediate, a root a backend trusts), and the one self-signed certificate
/// Xcode signs its test purchases with instead.
struct SigningCertificates: Equatable, Sendable {
    let leaf: Certificate
    let intermediate: Certificate
    let root: Certificate
    /// One certificate for the same key, signed by itself: Xcode's kind, which Apple's verifier
    /// does not check (it reads Xcode data unverified).
    let xcode: Certificate

    /// New certificates for `key`: the root's and the intermediate's keys sign once, here,
    /// and are dropped, so nothing but these certificates can issue another leaf.
    static func issuing(for key: SigningKey) throws(SigningError) -> SigningCertificates {
        let rootKey = try SigningKey.generate()
        let intermediateKey = try SigningKey.generate()
        let root = try Certificate.issue(.root, commonName: "storefront Root CA", for: rootKey, by: nil)
        let intermediate = try Certificate.issue(.intermediate, commonName: "storefront App Store Signing CA",
                                                 for: intermediateKey, by: (root, rootKey))
        let leaf = try Certificate.issue(.leaf, commonName: "storefront App Store Signing", for: key,
                                         by: (intermediate, intermediateKey))
        let xcode = try Certificate.issue(.selfSignedLeaf, commonName: Self.xcodeCommonName, for: key, by: nil)
        return SigningCertificates(leaf: leaf, intermediate: intermediate, root: root, xcode: xcode)
    }

    /// What the `x5c` header lists for data signed for `environment`: standard base64 of each
    /// DER, the signer's certificate first (RFC 7515 §4.1.6).
    func x5c(for environment: SignedEnvironment) -> [String] {
        let certificates = environment == .xcode ? [xcode] : [leaf, intermediate, root]
        return certificates.map { $0.der.base64EncodedString() }
    }

    /// What the Xcode-style certificate is called (its subject's common name).
    private static let xcodeCommonName = "storefront Xcode Testing"

    /// As the ledger keeps them: each DER in base64 on a line, leaf, intermediate, root, Xcode's.
    var kept: String {
        [leaf, intermediate, root, xcode].map { $0.der.base64EncodedString() }.joined(separator: "\n")
    }

    /// The certificates a ledger kept, when they are readable and certify `key` (each issued
    /// by the next); nil otherwise, and the store makes new ones.
    init?(kept: String, for key: SigningKey) {
        let lines = kept.split(separator: "\n").map(String.init)
        guard lines.count == 4 else { return nil }
        var certificates: [Certificate] = []
        for line in lines {
            guard let der = Data(base64Encoded: line), let certificate = try? Certificate(der: der) else { return nil }
            certificates.append(certificate)
        }
        self.init(leaf: certificates[0], intermediate: certificates[1], root: certificates[2], xcode: certificates[3])
        guard leaf.certifies(key), xcode.certifies(key), leaf.isIssued(by: intermediate),
              intermediate.isIssued(by: root), root.isIssued(by: root), xcode.isIssued(by: xcode) else { return nil }
    }

    private init(leaf: Certificate, intermediate: Certificate, root: Certificate, xcode: Certificate) {
        self.leaf = leaf
        self.intermediate = intermediate
        self.root = root
        self.xcode = xcode
    }
}

/// Which App Store environment signed data says it comes from (`environment` in its payload),
/// and so how it is signed: `Production` and `Sandbox` with the chain, `Xcode` with the one
/// self-signed certificate.
public enum SignedEnvironment: String, Sendable, CaseIterable {
    case production = "Production"
    case sandbox = "Sandbox"
    case xcode = "Xcode"

    /// What data signed under `settings` names: Xcode's when it is signed as Xcode signs
    /// (`choice`, the command line's or a scenario's, over the catalog's `signedData`), else the
    /// sandbox while `useSandbox` is on.
    public init(settings: Settings, choice: SignedDataStyle? = nil) {
        if (choice ?? settings.signedData) == .xcode {
            self = .xcode
        } else {
            self = settings.useSandbox ? .sandbox : .production
        }
    }
}
