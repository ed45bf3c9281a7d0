import Foundation
import Testing

extension EndToEnd {
    /// `storefront open-url` from another shell: to the app running on the state directory, or
    /// kept for the next launch, which opens it first (a cold-start deep link). The URL here
    /// names another user, so the app's handler rejects it with its reason: what matters is
    /// that it arrived and was judged by the same rules as a redirect from Pay Station.
    @Suite("open-url from outside", .needsTmux)
    struct OpenURL {
        static let url = "com.example.stardust://xsollaconfirm/payment?user_id=intruder&foreignInvoice=txn-000001"
            + "&invoice_id=100000001&status=done"

        @Test("a URL handed to the running app is judged at once")
        func toTheRunningApp() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()
            let handed = try Finished.run(try BuiltBinary.path(), ["open-url", Self.url, "--state-dir", state.path])
            #expect(handed.status == 0, "\(handed.standardError)")
            #expect(handed.standardOutput.hasPrefix("Handed to the storefront running on \(state.path) (pid "),
                    "\(handed.standardOutput)")
            try app.waitUntil("the app rejects it, saying why") { screen in
                screen.bottomLine.hasPrefix("Redirect rejected: user_id intruder is not the current user")
                    && screen.pane("Events")?.contains { $0.contains("redir.rejected") } == true
            }
            try app.quit()
            #expect(!FileManager.default.fileExists(atPath: state.path + "/storefront.sock"), "the socket goes with the app")
        }

        /// An app stopped (Ctrl-Z, `kill -STOP`) cannot answer: `open-url` gives up and says
        /// nothing was kept, and once the app runs again it does not open that URL after all
        /// (a client told "try again" would otherwise hand it twice).
        @Test("a URL whose client gave up on a stopped app is not opened when it resumes")
        func notOpenedAfterTheClientGaveUp() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()
            let pid = try app.appProcess()
            #expect(kill(pid, SIGSTOP) == 0)
            let given = try Finished.run(try BuiltBinary.path(), ["open-url", Self.url, "--state-dir", state.path])
            #expect(kill(pid, SIGCONT) == 0)
            #expect(given.status == 74, "\(given.standardOutput)\(given.standardError)")
            #expect(given.standardError.contains("nothing was kept"), "\(given.standardError)")
            // A second URL, handed while the app runs, is judged; the first never is.
            let other = Self.url.replacingOccurrences(of: "user_id=intruder", with: "user_id=second")
            let handed = try Finished.run(try BuiltBinary.path(), ["open-url", other, "--state-dir", state.path])
            #expect(handed.status == 0, "\(handed.standardError)")
            try app.waitUntil("the second URL is judged") { $0.bottomLine.contains("user_id second is not the current user") }
            app.sendKeys("n")
            let messages = try app.waitUntil("the messages open") { $0.joined().contains("user_id second") }
            #expect(!messages.joined().contains("user_id intruder"), "the URL the client gave up on was opened")
            app.sendKeys("Escape")
            try app.quit()
        }

        /// The presenter's way back from an external browser: the sheet shows the redirect URL
        /// (the countdown set to a minute here), and `open-url` with it finishes the purchase.
        @Test("the redirect URL shown for an external browser, delivered by hand, finishes the purchase")
        func redirectDeliveredByHand() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let text = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            try #require(text.contains(#""delaySeconds": 2"#))
            let catalog = state.path + "/slow-redirect.json"
            try text.replacingOccurrences(of: #""delaySeconds": 2"#, with: #""delaySeconds": 600"#)
                .write(toFile: catalog, atomically: true, encoding: .utf8)
            let app = try TmuxSession(stateDirectory: state.path + "/state", arguments: ["--catalog", catalog])
            defer { app.close() }
            try app.waitForLaunch()
            try Purchases.openPayStation(app)
            try app.pay(withCard: Purchases.succeeds)
            let paid = try app.waitUntil("the sheet shows the redirect URL under the payment") { screen in
                screen.shows("✓ Payment successful (status done)")
                    && screen.pane("Pay Station")?.contains { $0.hasPrefix("com.example.stardust://xsollaconfirm/payment?") } == true
            }
            let sheet = paid.pane("Pay Station") ?? []
            let first = try #require(sheet.firstIndex { $0.hasPrefix("com.example.stardust://") })
            let url = sheet[first...].prefix { !$0.isEmpty }.joined()
            #expect(url.hasSuffix("&status=done"), "\(url)")
            #expect(url.contains("user_id=qa-e2e&foreignInvoice=txn-000001&invoice_id="))

            let handed = try Finished.run(try BuiltBinary.path(), ["open-url", url, "--state-dir", state.path + "/state"])
            #expect(handed.status == 0, "\(handed.standardError)")
            let screen = try app.waitUntil("the purchase finishes without waiting for the countdown") { screen in
                screen.pane("Pay Station") == nil && screen.bottomLine == "Purchased Pouch of Gems: +100 gems."
            }
            #expect(screen.pane("Events")?.contains { $0.contains("redir.received") } == true)
            #expect(screen.pane("Entitlements")?.first == "gems: 100")
            try app.quit()
        }

        @Test("with no app running, the URL is kept and the next launch opens it first")
        func toTheNextLaunch() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let kept = try Finished.run(try BuiltBinary.path(), ["open-url", Self.url, "--state-dir", state.path])
            #expect(kept.status == 0, "\(kept.standardError)")
            #expect(kept.standardOutput.contains("kept in \(state.path)/storefront.sqlite for the next launch"))
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            // Waits for the whole frame: a capture can land while ncurses is still drawing it.
            try app.waitUntil("the launch opens the kept URL and says why it was rejected") { screen in
                let events = screen.pane("Events") ?? []
                return events.contains { $0.contains("launch.url opened at launch") }
                    && events.contains { $0.contains("redir.rejected") }
                    && screen.bottomLine.hasPrefix("Redirect rejected: user_id intruder")
            }
            try app.quit()
            app.close()

            // Opened once: the next launch has nothing kept.
            let again = try TmuxSession(stateDirectory: state.path)
            defer { again.close() }
            // The second launch's products answer comes after its kept URLs would have.
            let relaunched = try again.waitUntil("the second launch has answered its products request") { screen in
                (screen.pane("Events") ?? []).filter { $0.contains("prod.answered") }.count == 2
            }
            #expect(relaunched.filter { $0.contains("launch.url") }.count == 1, "\(relaunched.joined(separator: "\n"))")
            try again.quit()
        }

        @Test("a URL on two lines, or none, is a usage error")
        func badArguments() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let twoLines = try Finished.run(try BuiltBinary.path(), ["open-url", "a://b\nc", "--state-dir", state.path])
            #expect(twoLines.status == 64)
            #expect(twoLines.standardError.contains("open-url takes one URL on one line"))
            let none = try Finished.run(try BuiltBinary.path(), ["open-url", "--state-dir", state.path])
            #expect(none.status == 64)
            #expect(!FileManager.default.fileExists(atPath: state.path + "/storefront.sqlite"), "nothing was kept")
        }

        @Test("text that is not a URL is refused at once, not kept for a launch to reject", arguments: ["not a url", "payment", "://x"])
        func notAURL(text: String) throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let refused = try Finished.run(try BuiltBinary.path(), ["open-url", text, "--state-dir", state.path])
            #expect(refused.status == 65)
            #expect(refused.standardError.contains("\"\(text)\" is not a URL: it needs a scheme"), "\(refused.standardError)")
            #expect(refused.standardOutput.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: state.path + "/storefront.sqlite"), "nothing was kept")
        }

        /// A URL with a space has a scheme: the refusal says what is wrong with it and how to
        /// write it, not that it "needs a scheme" (issue 33 item 16).
        @Test("a URL with a space is refused naming the space and its %20, not a missing scheme", arguments: [
            ("com.example.stardust://x y/payment", "a space (at character 25) is not allowed in a URL; encode it as %20"),
            ("com example://xsollaconfirm/payment", #"the scheme "com example" may hold only letters, digits, "+", "-" and ".", "#
                + "and must start with a letter"),
        ])
        func whatIsWrongWithAURL(text: String, reason: String) throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let refused = try Finished.run(try BuiltBinary.path(), ["open-url", text, "--state-dir", state.path])
            #expect(refused.status == 65)
            #expect(refused.standardError == "storefront: \"\(text)\" is not a URL: \(reason); nothing was handed on or kept.\n",
                    "\(refused.standardError)")
            #expect(!refused.standardError.contains("scheme,"))
            #expect(!FileManager.default.fileExists(atPath: state.path + "/storefront.sqlite"), "nothing was kept")
        }
    }
}
