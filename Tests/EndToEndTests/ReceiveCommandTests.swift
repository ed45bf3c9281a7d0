import Foundation
import Testing

extension EndToEnd {
    /// `storefront receive`, the reference backend: the real binary listens, a scenario posts the
    /// App Store's and Xsolla's notifications to it, and it prints each one checked (the App
    /// Store's chain to the root `storefront keys` wrote, Xsolla's SHA-1 with the key file
    /// `keys` wrote) and answers as told; a forged signature is refused as each store expects.
    @Suite("storefront receive: the reference backend")
    struct Receive {
        /// The running receiver, its output in a file, and the port it printed.
        struct Running {
            let process: Process
            let output: String
            let port: String

            init(in directory: String, arguments: [String]) throws {
                output = directory + "/receive.txt"
                _ = FileManager.default.createFile(atPath: output, contents: nil)
                process = Process()
                process.executableURL = URL(fileURLWithPath: try BuiltBinary.path())
                process.arguments = ["receive", "--port", "0"] + arguments
                process.currentDirectoryURL = URL(fileURLWithPath: directory)
                process.standardOutput = FileHandle(forWritingAtPath: output)
                try process.run()
                var port: String?
                for _ in 0..<400 where port == nil {
                    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                    port = text.firstMatch(of: /Listening on http:\/\/127\.0\.0\.1:(\d+)/).map { String($0.1) }
                    if port == nil { Thread.sleep(forTimeInterval: 0.05) }
                }
                self.port = try #require(port, "receive printed no port")
            }

            var text: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }

            func stop() {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }

        @Test func itVerifiesWhatTheStoresPostAndAnswersAsTold() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let state = directory.path + "/state"
            let binary = try BuiltBinary.path()
            // The keys made once (SharedKeys), which `keys` writes out.
            try SharedKeys.copy(into: state)
            let keys = try Finished.run(binary, ["keys", "--out", directory.path + "/keys", "--state-dir", state,
                                                 "--catalog", BuiltBinary.catalog])
            try #require(keys.status == 0, "\(keys.standardError)")
            #expect(keys.standardOutput.contains("XSOLLA_SECRET_KEY"))
            // Run where `keys` wrote: the root and the Xsolla key are found there.
            let receiver = try Running(in: directory.path, arguments: ["--answer", "500"])
            defer { receiver.stop() }
            #expect(receiver.text.contains("App Store: checked against the root; Xsolla: checked with the secret key"))
            let scenario = directory.path + "/post.scenario"
            try """
                catalog \(BuiltBinary.catalog)
                notifications apple http://127.0.0.1:\(receiver.port)/apple
                notifications xsolla http://127.0.0.1:\(receiver.port)/xsolla
                storefront USA
                select com.example.stardust.gems_100
                buy
                paystation card 4111111111111111
                advance 2s
                expect notification xsolla payment answered 500
                advance 5m
                expect notification xsolla order_paid delivered
                storefront BRA
                path storekit
                select com.example.stardust.remove_ads
                buy
                storekit confirm
                expect notification apple ONE_TIME_CHARGE delivered
                """.write(toFile: scenario, atomically: true, encoding: .utf8)
            let run = try Finished.run(binary, ["scenario", scenario, "--state-dir", state])
            try #require(run.status == 0, "\(run.standardOutput)\(run.standardError)\n\(receiver.text)")

            let lines = receiver.text.split(separator: "\n").filter { $0.contains(" → ") }.map(String.init)
            #expect(lines.count == 4, "\(receiver.text)")
            #expect(lines.first?.contains("Xsolla  payment  /xsolla  signature verified  → 500") == true, "\(lines)")
            #expect(lines.dropFirst().first?.contains("Xsolla  payment  /xsolla  signature verified  → 204") == true, "\(lines)")
            #expect(lines.contains { $0.contains("Xsolla  order_paid") && $0.hasSuffix("→ 204") }, "\(lines)")
            #expect(lines.contains { $0.contains("App Store  ONE_TIME_CHARGE  /apple  signature verified  → 200") }, "\(lines)")
            // The nested transaction is printed decoded.
            #expect(receiver.text.contains(#""productId" : "com.example.stardust.remove_ads""#), "\(receiver.text)")
        }

        @Test func aForgedXsollaSignatureIsRefusedAsXsollaExpects() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let receiver = try Running(in: directory.path, arguments: ["--xsolla-secret", "the-real-key"])
            defer { receiver.stop() }
            let post = try Finished.run("/usr/bin/python3", ["-c", """
                import urllib.request, urllib.error
                body = b'{"notification_type":"payment","user":{"id":"p"}}'
                request = urllib.request.Request("http://127.0.0.1:\(receiver.port)/xsolla", data=body,
                    headers={"Authorization": "Signature 0000000000000000000000000000000000000000"})
                try:
                    urllib.request.urlopen(request)
                except urllib.error.HTTPError as error:
                    print(error.code, error.read().decode())
                """])
            #expect(post.standardOutput.hasPrefix("400 "), "\(post.standardOutput)\(post.standardError)")
            #expect(post.standardOutput.contains("INVALID_SIGNATURE"), "\(post.standardOutput)")
            #expect(receiver.text.contains("REFUSED: Authorization is not Signature sha1(body + the secret key)  → 400"),
                    "\(receiver.text)")
        }

        @Test(arguments: [
            (["--answer", "600"], "--answer takes an HTTP status from 100 to 599"),
            (["--answer", "400:"], "--answer takes an HTTP status from 100 to 599"),
            (["--port", "70000"], "--port takes a port from 0 to 65535"),
            (["--root", "missing.cer"], "--root: cannot read missing.cer"),
        ])
        func wrongOptionsSayWhatTheyTake(arguments: [String], message: String) throws {
            let refused = try Finished.run(try BuiltBinary.path(), ["receive"] + arguments)
            #expect(refused.status != 0)
            #expect(refused.standardError.contains(message), "\(refused.standardError)")
        }
    }
}
