import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The certificates a state directory's App Store data carries: a chain from the signing key
/// to a root, made once, kept in the ledger, and made again only when what is kept does not
/// certify the key. (Apple's own verifier checks them end to end: AppStoreSignatureTests.)
@Suite("Signing: the certificate chain")
struct SigningCertificateTests {
    @Test func theChainLeadsFromTheKeyToTheRoot() throws {
        let key = try SigningKey.generate()
        let certificates = try SigningCertificates.issuing(for: key)
        #expect(certificates.leaf.certifies(key))
        #expect(certificates.leaf.isIssued(by: certificates.intermediate))
        #expect(certificates.intermediate.isIssued(by: certificates.root))
        #expect(certificates.root.isIssued(by: certificates.root), "the root signs itself")
        #expect(!certificates.leaf.isIssued(by: certificates.root), "the root issues only the intermediate")
        #expect(!certificates.root.certifies(key) && !certificates.intermediate.certifies(key))
        #expect(certificates.xcode.certifies(key) && certificates.xcode.isIssued(by: certificates.xcode))
        #expect(!certificates.leaf.certifies(try SigningKey.generate()))
    }

    /// Apple's markers, as the DER of their object identifiers: on the leaf and the intermediate, each its own.
    @Test func theLeafAndTheIntermediateCarryApplesMarkers() throws {
        let certificates = try SigningCertificates.issuing(for: try SigningKey.generate())
        // 1.2.840.113635.100.6.11.1 and 1.2.840.113635.100.6.2.1, as DER encodes them after the tag and length.
        let leafMarker = Data([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x63, 0x64, 0x06, 0x0B, 0x01])
        let intermediateMarker = Data([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x63, 0x64, 0x06, 0x02, 0x01])
        #expect(certificates.leaf.der.range(of: leafMarker) != nil)
        #expect(certificates.leaf.der.range(of: intermediateMarker) == nil)
        #expect(certificates.intermediate.der.range(of: intermediateMarker) != nil)
        #expect(certificates.root.der.range(of: leafMarker) == nil && certificates.root.der.range(of: intermediateMarker) == nil)
    }

    @Test func theHeaderListsTheChainOrXcodesOneCertificate() throws {
        let certificates = try SigningCertificates.issuing(for: try SigningKey.generate())
        let chain = certificates.x5c(for: .sandbox)
        #expect(chain == [certificates.leaf, certificates.intermediate, certificates.root].map { $0.der.base64EncodedString() })
        #expect(certificates.x5c(for: .production) == chain)
        #expect(certificates.x5c(for: .xcode) == [certificates.xcode.der.base64EncodedString()])
        let header = try #require(try JSONSerialization.jsonObject(with: JWS.header(x5c: chain, for: .sandbox)) as? [String: Any])
        #expect(header["alg"] as? String == "ES256")
        #expect(header["x5c"] as? [String] == chain)
        #expect(header.count == 2, "Apple's header names the algorithm and the chain only")
        let xcode = try #require(try JSONSerialization.jsonObject(
            with: JWS.header(x5c: certificates.x5c(for: .xcode), for: .xcode)) as? [String: Any])
        #expect(xcode["kid"] as? String == "Apple_Xcode_Key" && xcode["typ"] as? String == "JWT")
    }

    @Test func keptCertificatesReadBackOnlyForTheirKey() throws {
        let key = try SigningKey.generate()
        let certificates = try SigningCertificates.issuing(for: key)
        #expect(SigningCertificates(kept: certificates.kept, for: key) == certificates)
        #expect(SigningCertificates(kept: certificates.kept, for: try SigningKey.generate()) == nil, "another key")
        #expect(SigningCertificates(kept: "", for: key) == nil)
        #expect(SigningCertificates(kept: "AAAA\nAAAA\nAAAA\nAAAA", for: key) == nil, "not certificates")
        // A chain whose root is another chain's: the intermediate is no longer issued by it.
        let other = try SigningCertificates.issuing(for: key)
        let lines = certificates.kept.split(separator: "\n")
        let swapped = [lines[0], lines[1], other.kept.split(separator: "\n")[2], lines[3]].joined(separator: "\n")
        #expect(SigningCertificates(kept: swapped, for: key) == nil)
    }

    @Test func theStoreMakesThemOnceAndKeepsThemAcrossLaunches() throws {
        try withStore { harness in
            let first = harness.store.signingCertificates
            try harness.relaunch()
            #expect(harness.store.signingCertificates == first)
            #expect(try harness.ledger.setting(Store.signingCertificatesSetting) == first.kept)
        }
    }

    /// A ledger from before the certificates (only its key) gets them at the next open, for its
    /// key; one whose kept certificates are damaged gets new ones rather than stopping.
    @Test func aLedgerWithoutThemOrWithDamagedOnesGetsNewOnes() throws {
        try withTemporaryLedgerPath { path in
            let key = try SigningKey.generate()
            let ledger = try LedgerDatabase(path: path)
            try ledger.setSetting(Store.signingKeySetting, to: try key.privatePEM())
            let store = try Store(catalog: try defaultCatalog(), ledgerPath: path, userId: "p")
            #expect(store.signingCertificates.leaf.certifies(key))
            try ledger.setSetting(Store.signingCertificatesSetting, to: "damaged")
            let again = try Store(catalog: try defaultCatalog(), ledgerPath: path, userId: "p")
            #expect(again.signingCertificates.leaf.certifies(key))
            #expect(again.signingCertificates != store.signingCertificates)
        }
    }
}
