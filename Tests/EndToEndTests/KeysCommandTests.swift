import Foundation
import Testing

extension EndToEnd {
    /// `storefront keys --out DIR` on the real binary: the files a backend configures, each
    /// readable by its owner only, the same on every run of one state directory, new after a
    /// reset; the root it writes is the one the App Store data chains to (openssl checks the
    /// chain of a real purchase against it); and each way of asking wrongly gets its exit code
    /// and a message that says what to do.
    @Suite("storefront keys")
    struct KeysCommand {
        @Test func itWritesTheKeysPrivatelyAndTheSameEachTime() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let out = directory.path + "/keys"
            let first = try Self.keys(state: state, out: out)
            #expect(first.status == 0, "\(first.standardError)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
            let keyFile = try #require(names.first { $0.hasPrefix("SubscriptionKey_") && $0.hasSuffix(".p8") }, "\(names)")
            #expect(Set(names) == ["play-license-key.txt", "service-account.json", "storefront-root.cer",
                                   "storefront-root.pem", keyFile, "KEY_ID", "ISSUER_ID", "APP_APPLE_ID", "XSOLLA_SECRET_KEY",
                                   "google-oidc-certs.json"])
            for name in names {
                let mode = try #require(try FileManager.default.attributesOfItem(atPath: out + "/" + name)[.posixPermissions] as? Int)
                #expect(mode == 0o600, "\(name) is \(String(mode, radix: 8))")
            }
            let folderMode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
            #expect(folderMode == 0o700)
            let keyId = String(keyFile.dropFirst("SubscriptionKey_".count).dropLast(".p8".count))
            #expect(first.standardOutput.contains("key id            \(keyId)"), "\(first.standardOutput)")
            #expect(first.standardOutput.contains("bundle id         com.example.stardust"))
            let root = try Data(contentsOf: URL(fileURLWithPath: out + "/storefront-root.cer"))

            // openssl reads the root as a CA certificate.
            let text = try Finished.run("/usr/bin/env", ["openssl", "x509", "-inform", "DER", "-in", out + "/storefront-root.cer",
                                                         "-noout", "-subject", "-ext", "basicConstraints"])
            #expect(text.status == 0 && text.standardOutput.contains("CA:TRUE"), "\(text.standardOutput)\(text.standardError)")

            let second = try Self.keys(state: state, out: out)
            #expect(second.status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/storefront-root.cer")) == root, "kept, not made again")
            #expect(second.standardOutput == first.standardOutput)

            let reset = try Finished.run(try BuiltBinary.path(), ["reset", "--state-dir", state])
            #expect(reset.status == 0, "\(reset.standardError)")
            #expect(try Self.keys(state: state, out: out).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/storefront-root.cer")) != root, "a reset makes new ones")
        }

        /// The chain in a purchase's JWS header leads to the root `keys` wrote: openssl verifies
        /// the leaf through the intermediate to it, with Apple's purpose-free strict checks.
        @Test func aPurchasesChainVerifiesAgainstTheRootWithOpenSSL() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let run = try Finished.run(try BuiltBinary.path(), [
                "scenario", BuiltBinary.root + "/Tests/Scenarios/storekit-buy.scenario", "--state-dir", state, "--quiet",
            ])
            try #require(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            try #require(try Self.keys(state: state, out: directory.path + "/keys").status == 0)
            let history = try Finished.run(try BuiltBinary.path(), ["history", "--json", "--state-dir", state])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any])
            let jws = try #require((document["transactions"] as? [[String: Any]])?.compactMap { $0["signedTransaction"] as? String }.first)
            var header = String(jws.split(separator: ".")[0]).replacingOccurrences(of: "-", with: "+")
                .replacingOccurrences(of: "_", with: "/")
            header += String(repeating: "=", count: (4 - header.count % 4) % 4)
            let headerData = try #require(Data(base64Encoded: header))
            let fields = try #require(try JSONSerialization.jsonObject(with: headerData) as? [String: Any])
            let chain = try #require(fields["x5c"] as? [String])
            try #require(chain.count == 3)
            for (index, name) in ["leaf", "intermediate"].enumerated() {
                let der = try #require(Data(base64Encoded: chain[index]))
                try der.write(to: URL(fileURLWithPath: directory.path + "/\(name).der"))
                let pem = try Finished.run("/usr/bin/env", ["openssl", "x509", "-inform", "DER", "-in", directory.path + "/\(name).der",
                                                            "-out", directory.path + "/\(name).pem"])
                try #require(pem.status == 0, "\(pem.standardError)")
            }
            #expect(try Data(base64Encoded: chain[2]) == Data(contentsOf: URL(fileURLWithPath: directory.path + "/keys/storefront-root.cer")))
            let verify = try Finished.run("/usr/bin/env", [
                "openssl", "verify", "-x509_strict", "-attime", "1700000000", "-CAfile", directory.path + "/keys/storefront-root.pem",
                "-untrusted", directory.path + "/intermediate.pem", directory.path + "/leaf.pem",
            ])
            #expect(verify.status == 0 && verify.standardOutput.contains("OK"), "\(verify.standardOutput)\(verify.standardError)")
        }

        @Test func askingWronglyIsRefusedWithAWayOut() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let binary = try BuiltBinary.path()
            let state = directory.path + "/state"
            let noOut = try Finished.run(binary, ["keys", "--state-dir", state, "--catalog", BuiltBinary.catalog])
            #expect(noOut.status == 64 && noOut.standardError.contains("storefront keys --out DIR"), "\(noOut.standardError)")

            let file = directory.path + "/a-file"
            try "x".write(toFile: file, atomically: true, encoding: .utf8)
            let onAFile = try Self.keys(state: state, out: file)
            #expect(onAFile.status == 74 && onAFile.standardError.contains("is a file, not a folder"), "\(onAFile.standardError)")

            let noCatalog = try Finished.run(binary, ["keys", "--out", directory.path + "/k", "--state-dir", state,
                                                      "--catalog", directory.path + "/missing.json"])
            #expect(noCatalog.status == 66 && noCatalog.standardError.contains("missing.json"), "\(noCatalog.standardError)")
            #expect(!FileManager.default.fileExists(atPath: directory.path + "/k"), "nothing written")

            let extra = try Finished.run(binary, ["keys", "now", "--out", directory.path + "/k"])
            #expect(extra.status == 64 && extra.standardError.contains("keys takes no arguments"), "\(extra.standardError)")

            // A state path that is a file is no state directory: nothing is made there.
            let onAFileState = try Finished.run(binary, ["keys", "--out", directory.path + "/k2", "--state-dir", file,
                                                         "--catalog", BuiltBinary.catalog])
            #expect(onAFileState.status == 74 && onAFileState.standardError.contains("a-file"), "\(onAFileState.standardError)")
        }

        private static func keys(state: String, out: String) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), ["keys", "--out", out, "--state-dir", state, "--catalog", BuiltBinary.catalog])
        }
    }
}
