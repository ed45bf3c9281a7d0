import Foundation
import Testing

extension EndToEnd {
    /// `storefront demo` in a real terminal (tmux), with the presenter's keys, and its usage
    /// errors as a script sees them. Every wait polls the screen; nothing is timed.
    @Suite("storefront demo")
    struct DemoCommand {
        private static let askToBuy = "Demos/storekit-ask-to-buy.scenario"
        private static let xee = "Demos/xee-notification.scenario"
        private static let end = "End of the demo"

        private func session(_ arguments: [String], width: Int = 120, height: Int = 40) throws -> TmuxSession {
            try TmuxSession(stateDirectory: NSTemporaryDirectory() + "storefront-demo-e2e-\(UUID().uuidString.prefix(8))",
                            width: width, height: height, command: ["demo"] + arguments)
        }

        @Test("a caption on the top row; Space pauses and the demo stays; → takes one step; q quits with 0",
              .needsTmux)
        func captionPauseStepQuit() throws {
            let tmux = try session([Self.askToBuy, "--speed", "4"])
            defer { tmux.close() }
            // The screen is read as the terminal gets it, top row first: the bottom line may be a
            // moment behind the caption, so the wait is for both.
            let first = try tmux.waitUntil("the first caption shows on the top row, and the bottom line is drawn") {
                $0.first?.contains("In Japan the game sells through StoreKit 2") == true && !$0.bottomLine.isEmpty
            }
            // The presenter's keys on the bottom line, not the app's, which do nothing here.
            #expect(first.bottomLine.hasPrefix("Space pause"), "\(first.bottomLine)")
            #expect(!first.bottomLine.contains("Enter buy"))
            tmux.sendKeys("Space")
            let paused = try tmux.waitUntil("the caption says paused") { $0.first?.contains("paused") == true }
            let caption = paused.first ?? ""
            // Paused, the demo waits for a key: → makes exactly one step, and it is still paused after it.
            tmux.sendKeys("Right")
            let stepped = try tmux.waitUntil("one step on, still paused") { $0 != paused && $0.first?.contains("paused") == true }
            #expect(!stepped.contains { $0.contains(Self.end) })
            #expect(caption != stepped.first || stepped.dropFirst() != paused.dropFirst())
            try tmux.quit()
        }

        @Test("a second run is as the first, on a fresh state: nothing already owned, every expect held",
              .needsTmux)
        func secondRunIsFresh() throws {
            for run in 1...2 {
                let tmux = try session([Self.xee, "--speed", "4"], width: 80, height: 24)
                defer { tmux.close() }
                // An expect that failed would end the demo with EXIT=1 before the end caption.
                let last = try tmux.waitUntil("run \(run) reaches its end") {
                    $0.contains { $0.contains(Self.end) } || $0.contains { $0.contains("EXIT=") }
                }
                #expect(last.contains { $0.contains(Self.end) }, "run \(run):\n\(last.joined(separator: "\n"))")
                #expect(!last.contains { $0.contains("already own") })
                try tmux.quit()
            }
        }

        @Test("in front of an audience: the demo has no Events pane; the app no Sandbox marker, a month a month",
              .needsTmux)
        func audience() throws {
            let demo = try session([Self.askToBuy, "--speed", "4", "--audience"])
            defer { demo.close() }
            let screen = try demo.waitUntil("the paywall under the first caption") {
                $0.contains { $0.contains("Transactions") }
            }
            #expect(!screen.contains { $0.contains("Events") })
            #expect(screen.bottomLine.isEmpty, "no keys, the app's nor the presenter's: \(screen.bottomLine)")
            try demo.quit()
            // The app itself: the status bar is not under a caption there.
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let app = try TmuxSession(stateDirectory: directory.path + "/state", arguments: ["--audience"])
            defer { app.close() }
            // The whole first frame, its top line and its panes: tmux may show the first bytes of
            // a frame before the rest has arrived, on a loaded machine.
            let launched = try app.waitUntil("the app runs at real time, its panes drawn") { lines in
                lines.first?.contains("real time") == true && lines.contains { $0.contains("Transactions") }
            }
            #expect(!launched.contains { $0.contains("SANDBOX") })
            #expect(!launched.contains { $0.contains("Events") })
            try app.quit()
        }

        @Test("an expect that fails stops the demo: the terminal given back, the line named, exit 1; a SKU the catalog lacks, 64",
              .needsTmux)
        func failedExpectation() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let lying = directory.path + "/lying.scenario"
            try """
                catalog \(BuiltBinary.catalog)
                caption "Nothing bought"
                expect transactions 1
                """.write(toFile: lying, atomically: true, encoding: .utf8)
            let tmux = try session([lying, "--speed", "4"])
            defer { tmux.close() }
            let screen = try tmux.waitUntil("the demo ends") { $0.contains { $0.contains("EXIT=") } }
            #expect(screen.contains { $0.contains("EXIT=1") }, "\(screen.joined(separator: "\n"))")
            #expect(screen.contains { $0.contains("the demo stopped at \(lying):3: expect transactions 1") })
            #expect(screen.contains { $0.contains("expected: 1 transaction") })
            let typo = directory.path + "/typo.scenario"
            try "catalog \(BuiltBinary.catalog)\nselect com.example.stardust.gems_101\n".write(toFile: typo, atomically: true, encoding: .utf8)
            let second = try session([typo, "--speed", "4"])
            defer { second.close() }
            let typoScreen = try second.waitUntil("the demo ends") { $0.contains { $0.contains("EXIT=") } }
            #expect(typoScreen.contains { $0.contains("EXIT=64") }, "\(typoScreen.joined(separator: "\n"))")
            #expect(typoScreen.contains { $0.contains("typo.scenario:2: error: no product") })
        }

        @Test("a fresh state that cannot be made is an I/O error, 74, saying where and what to do", .needsTmux)
        func unwritableTemporaryDirectory() throws {
            let tmux = try TmuxSession(stateDirectory: NSTemporaryDirectory() + "unused", width: 120, height: 40,
                                       environment: ["TMPDIR": "/dev/null/nowhere"],
                                       command: ["demo", Self.askToBuy, "--speed", "4"])
            defer { tmux.close() }
            let screen = try tmux.waitUntil("the demo ends") { $0.contains { $0.contains("EXIT=") } }
            #expect(screen.contains { $0.contains("EXIT=74") }, "\(screen.joined(separator: "\n"))")
            #expect(screen.joined().contains("cannot create the state directory"))
            #expect(screen.joined().contains("set TMPDIR to a folder it can write"))
        }

        // MARK: Usage errors, without a terminal

        private func run(_ arguments: [String]) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), ["demo"] + arguments, in: BuiltBinary.root)
        }

        @Test("no script, a missing one, a bad line, a wrong option: each says what to do, with its exit code")
        func usageErrors() throws {
            let none = try run([])
            #expect(none.status == 64)
            #expect(none.standardError.contains("demo needs a SCRIPT"))
            let missing = try run(["Demos/nothing-here.scenario"])
            #expect(missing.status == 66, "\(missing.standardError)")
            #expect(missing.standardError.contains("Demos/nothing-here.scenario"))
            for speed in ["5", "0.25", "fast"] {
                let wrong = try run([Self.askToBuy, "--speed", speed])
                #expect(wrong.status == 64)
                #expect(wrong.standardError.contains("--speed takes a number from 0.5 to 4"), "\(wrong.standardError)")
            }
            let captions = try run([Self.askToBuy, "--captions", "subtitles"])
            #expect(captions.status == 64)
            #expect(captions.standardError.contains("--captions takes captions"))
            let state = try run([Self.askToBuy, "--state-dir", "/tmp/x"])
            #expect(state.status == 64)
            #expect(state.standardError.contains("drop --state-dir"))
            let noTerminal = try run([Self.askToBuy])
            #expect(noTerminal.status == 64)
            #expect(noTerminal.standardError.contains("a demo needs a terminal"))
            let unrecorded = try run([Self.askToBuy, "--headless"])
            #expect(unrecorded.status == 64)
            #expect(unrecorded.standardError.contains("add --record FILE.cast, FILE.svg, FILE.gif or FILE.mp4."), "\(unrecorded.standardError)")
            let looped = try run([Self.askToBuy, "--headless", "--loop", "--record", "x.cast"])
            #expect(looped.status == 64)
            #expect(looped.standardError.contains("drop --loop"), "\(looped.standardError)")
        }

        @Test("headless, a demo records its captions at its pace with no terminal, a cast asciinema reads")
        func headlessRecording() throws {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let cast = folder.path + "/ask-to-buy.cast"
            let recorded = try run([Self.askToBuy, "--headless", "--speed", "4", "--record", cast])
            #expect(recorded.status == 0, "\(recorded.standardError)")
            let replay = try CastReplay.of(castAt: cast)
            #expect(replay.header["title"] as? String == "storekit-ask-to-buy · storefront demo")
            #expect(replay.header["width"] as? Int == 120 && replay.header["height"] as? Int == 40)
            // The last screen: the last caption, and the end note beside it.
            #expect(replay.lines.first?.contains("The parent approved") == true, "\(replay.lines.joined(separator: "\n"))")
            #expect(replay.lines.prefix(3).contains { $0.contains(Self.end) })
            // Paced as the demo is, not half a second a screen as a scenario's recording.
            #expect(replay.duration > Double(replay.outputs - 1) * 0.5, "\(replay.duration) s for \(replay.outputs) screens")
            try CastReplay.expectAsciinemaReads(cast)
        }

        @Test("a script with a wrong line names file:line before anything plays")
        func badScript() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/bad.scenario"
            try "caption \"Hello\"\nbuy\ncaptoin \"typo\"\n".write(toFile: file, atomically: true, encoding: .utf8)
            let bad = try run([file])
            #expect(bad.status == 64)
            #expect(bad.standardError.contains("bad.scenario:3: error: unknown command captoin"), "\(bad.standardError)")
        }
    }
}
