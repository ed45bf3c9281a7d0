import Foundation
import Testing

extension EndToEnd {
    /// Signed transactions are standard ES256 JWS, not merely self-consistent: a purchase made by
    /// the real binary, read back with `history --json`, verifies with the `openssl` command line
    /// against `storefront public-key`, and an altered one does not.
    @Suite("Signed transactions verify with openssl")
    struct SignedTransactions {
        private static let scenario = """
            catalog \(BuiltBinary.catalog)
            storefront USA
            select com.example.stardust.gems_100
            buy
            paystation card 4111111111111111
            advance 3s
            expect transaction last purchased finished
            """

        @Test func aPurchaseVerifiesWithOpenSSL() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let script = directory.path + "/buy.scenario"
            try Self.scenario.write(toFile: script, atomically: true, encoding: .utf8)
            let binary = try BuiltBinary.path()
            let bought = try Finished.run(binary, ["scenario", script, "--state-dir", state])
            #expect(bought.status == 0, "\(bought.standardOutput)\(bought.standardError)")

            let key = try Finished.run(binary, ["public-key", "--state-dir", state])
            #expect(key.status == 0, "\(key.standardError)")
            #expect(key.standardOutput.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
            try key.standardOutput.write(toFile: directory.path + "/key.pem", atomically: true, encoding: .utf8)

            let history = try Finished.run(binary, ["history", "--json", "--state-dir", state])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any])
            let transactions = try #require(document["transactions"] as? [[String: Any]])
            let jws = try #require(transactions.first?["signedTransaction"] as? String, "\(history.standardOutput)")
            let parts = jws.split(separator: ".").map(String.init)
            try #require(parts.count == 3)
            let payload = try #require(Self.base64URL(parts[1]))
            let fields = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
            #expect(fields["productId"] as? String == "com.example.stardust.gems_100")
            #expect(fields["bundleId"] as? String == "com.example.stardust")
            #expect(fields["price"] as? Int == 990)

            let signature = try #require(Self.base64URL(parts[2]))
            #expect(signature.count == 64)
            try Self.der(of: signature).write(to: URL(fileURLWithPath: directory.path + "/signature.der"))
            try Data((parts[0] + "." + parts[1]).utf8).write(to: URL(fileURLWithPath: directory.path + "/signed"))
            let verified = try Self.openSSLVerify(in: directory.path, signedFile: "signed")
            #expect(verified.status == 0, "\(verified.standardOutput)\(verified.standardError)")
            #expect(verified.standardOutput.contains("Verified OK"))

            // One character of the payload changed: openssl refuses it.
            var altered = Array(parts[1])
            altered[altered.count / 2] = altered[altered.count / 2] == "A" ? "B" : "A"
            try Data((parts[0] + "." + String(altered)).utf8).write(to: URL(fileURLWithPath: directory.path + "/altered"))
            let refused = try Self.openSSLVerify(in: directory.path, signedFile: "altered")
            #expect(refused.status != 0)
            #expect(refused.standardOutput.contains("Verification failure"), "\(refused.standardOutput)\(refused.standardError)")
        }

        /// `public-key --path play` prints the app's Google Play licence key as the Play Console
        /// shows it: one line of Base64, DER that openssl reads as a 2048-bit RSA public key.
        @Test func thePlayLicenceKeyIsBase64DER() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let script = directory.path + "/buy.scenario"
            try """
                catalog \(BuiltBinary.catalog)
                storefront USA
                path play
                select com.example.stardust.remove_ads
                buy
                play instrument approves
                expect transaction last purchased finished
                """.write(toFile: script, atomically: true, encoding: .utf8)
            let binary = try BuiltBinary.path()
            let bought = try Finished.run(binary, ["scenario", script, "--state-dir", state])
            #expect(bought.status == 0, "\(bought.standardOutput)\(bought.standardError)")
            let key = try Finished.run(binary, ["public-key", "--path", "play", "--state-dir", state])
            #expect(key.status == 0, "\(key.standardError)")
            let lines = key.standardOutput.split(separator: "\n")
            try #require(lines.count == 1, "\(key.standardOutput)")
            let der = try #require(Data(base64Encoded: String(lines[0])))
            try der.write(to: URL(fileURLWithPath: directory.path + "/play.der"))
            let read = try Finished.run("/usr/bin/env", ["openssl", "pkey", "-pubin", "-inform", "DER", "-in",
                                                         directory.path + "/play.der", "-noout", "-text"])
            #expect(read.status == 0, "\(read.standardError)")
            #expect(read.standardOutput.contains("2048 bit"), "\(read.standardOutput)")
            // Without --path: the ledger's ES256 key, as before.
            let pem = try Finished.run(binary, ["public-key", "--state-dir", state])
            #expect(pem.standardOutput.hasPrefix("-----BEGIN PUBLIC KEY-----\n"))
            #expect(pem.standardOutput != key.standardOutput)
            let wrong = try Finished.run(binary, ["public-key", "--path", "android", "--state-dir", state])
            #expect(wrong.status == 64, "\(wrong.standardError)")
        }

        @Test func publicKeyWithoutALedgerSaysSoAndCreatesNothing() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/mistyped"
            let result = try Finished.run(try BuiltBinary.path(), ["public-key", "--state-dir", state])
            #expect(result.status == 66)
            #expect(result.standardError.contains("There is no ledger at \(state)/storefront.sqlite"), "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: state))
        }

        private static func openSSLVerify(in directory: String, signedFile: String) throws -> Finished {
            try Finished.run("/usr/bin/env", ["openssl", "dgst", "-sha256", "-verify", directory + "/key.pem",
                                              "-signature", directory + "/signature.der", directory + "/" + signedFile])
        }

        private static func base64URL(_ text: String) -> Data? {
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            return Data(base64Encoded: base64)
        }

        /// R‖S as the DER `SEQUENCE { INTEGER r, INTEGER s }` openssl reads, encoded here and
        /// not by the code under test, so the check does not lean on it.
        private static func der(of signature: Data) -> Data {
            func integer(_ bytes: Data) -> [UInt8] {
                var value = Array(bytes.drop { $0 == 0 })
                if value.isEmpty { value = [0] }
                if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
                return [0x02, UInt8(value.count)] + value
            }
            let body = integer(signature.prefix(32)) + integer(signature.suffix(32))
            return Data([0x30, UInt8(body.count)] + body)
        }
    }
}
