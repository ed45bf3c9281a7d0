import Foundation
import Testing

extension EndToEnd {
    /// `--record`: the real binary records a session, the cast is replayed in pyte (a terminal
    /// emulator from PyPI, in the virtualenv `make test` sets up), and what pyte shows last is
    /// what the terminal showed last.
    @Suite("Recording")
    struct Recording {
        static let catalog = ScenarioCommandLine.catalog

        @Test("the app records a cast that replays to the screen tmux showed last", .needsTmux)
        func appRecordsTheScreen() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let cast = state.path + "-demo.cast"
            defer { try? FileManager.default.removeItem(atPath: cast) }
            let app = try TmuxSession(stateDirectory: state.path, arguments: ["--record", cast])
            defer { app.close() }
            try app.waitForLaunch()
            try app.select("Remove Ads")
            app.sendKeys("t")
            try app.waitUntil("the theme is light") { $0.statusBar.contains("theme light") }
            // The clock paused, so nothing on screen moves between the last look and `q`.
            app.sendKeys("[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[", "[")
            try app.waitUntil("the status bar says the clock is paused") { $0.statusBar.contains("paused") }
            let last = try app.waitUntil("two looks at the screen agree") { $0 == app.capture() }
            #expect(!FileManager.default.fileExists(atPath: cast), "the cast is written when the app quits, not before")
            app.sendKeys("q")
            try app.waitUntil("the app exits 0") { $0.contains("EXIT=0") }
            let replay = try CastReplay.of(castAt: cast)
            #expect(replay.header["version"] as? Int == 2)
            #expect(replay.header["width"] as? Int == 120 && replay.header["height"] as? Int == 40)
            #expect((replay.header["title"] as? String)?.contains("Stardust Quest") == true)
            #expect((replay.header["env"] as? [String: String])?["TERM"] == "xterm-256color")
            #expect(replay.outputs >= 4)
            #expect(CastReplay.trimmed(replay.lines) == CastReplay.trimmed(last),
                    "pyte:\n\(replay.lines.joined(separator: "\n"))\ntmux:\n\(last.joined(separator: "\n"))")
            try CastReplay.expectAsciinemaReads(cast)
        }

        @Test("a signal or Ctrl-C ends the app and the recording is written all the same", .needsTmux,
              arguments: [QuitSignal(name: "SIGTERM", number: SIGTERM, status: 143),
                          QuitSignal(name: "SIGHUP", number: SIGHUP, status: 129),
                          QuitSignal(name: "Ctrl-C", number: 0, status: 0)])
        func recordingSurvivesQuitting(by quit: QuitSignal) throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let cast = state.path + "-quit.cast"
            defer { try? FileManager.default.removeItem(atPath: cast) }
            let app = try TmuxSession(stateDirectory: state.path, arguments: ["--record", cast])
            defer { app.close() }
            try app.waitForLaunch()
            if quit.number == 0 {
                app.sendKeys("C-c")
            } else {
                #expect(kill(try app.appProcess(), quit.number) == 0)
            }
            try app.waitUntil("the app exits \(quit.status)") { $0.contains("EXIT=\(quit.status)") }
            let replay = try CastReplay.of(castAt: cast)
            #expect(replay.lines.first?.hasPrefix(" Stardust Quest │ ") == true, "\(replay.lines.joined(separator: "\n"))")
            #expect(replay.lines.joined().contains("Pouch of Gems"))
        }

        @Test("a recording that cannot be written at the end says so and exits 74", .needsTmux)
        func recordingLostAtTheEndIsSaid() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let cast = folder.path + "/demo.cast"
            let app = try TmuxSession(stateDirectory: state.path, arguments: ["--record", cast])
            defer { app.close() }
            try app.waitForLaunch()
            // The folder was there when the app checked it; it goes while the app runs.
            folder.remove()
            app.sendKeys("q")
            let screen = try app.waitUntil("the app exits 74") { $0.contains("EXIT=74") }
            let said = screen.joined()
            #expect(said.contains("storefront: --record \(cast): cannot write the recording there"), "\(screen.joined(separator: "\n"))")
        }

        @Test("a scenario records a cast whose last screen is the scenario's last screen")
        func scenarioRecordsTheScreen() throws {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let catalog = folder.path + "/tiny.json"
            try Self.catalog.write(toFile: catalog, atomically: true, encoding: .utf8)
            let script = folder.path + "/buy.scenario"
            try (ScenarioCommandLine.passing + "\nsnapshot last\n").write(toFile: script, atomically: true, encoding: .utf8)
            let cast = folder.path + "/buy.cast"
            let run = try Finished.run(try BuiltBinary.path(), ["scenario", script, "--catalog", catalog, "--record", cast,
                                                                "--snapshots", folder.path + "/snapshots"])
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            // Where it went, and how much of it, once written.
            #expect(run.standardError.contains(#/storefront: recorded \d+ screens over \d+\.\d s to /#) &&
                    run.standardError.hasSuffix(" to \(cast)\n"), "\(run.standardError)")
            let replay = try CastReplay.of(castAt: cast)
            #expect(replay.header["title"] as? String == "buy.scenario")
            #expect(replay.header["width"] as? Int == 120 && replay.header["height"] as? Int == 40)
            // Paced: each screen half a second after the one before.
            #expect(replay.duration == Double(replay.outputs - 1) * 0.5)
            let snapshot = try String(contentsOfFile: folder.path + "/snapshots/last.txt", encoding: .utf8)
            #expect(CastReplay.trimmed(replay.lines) == CastReplay.trimmed(snapshot.components(separatedBy: "\n")))
            try CastReplay.expectAsciinemaReads(cast)
            // The SVG of the same run.
            let svg = folder.path + "/buy.svg"
            let again = try Finished.run(try BuiltBinary.path(), ["scenario", script, "--catalog", catalog, "--record", svg,
                                                                  "--snapshots", folder.path + "/snapshots"])
            #expect(again.status == 0, "\(again.standardError)")
            #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        }

        @Test("bad --record paths are refused before anything runs, naming the option and what to do",
              arguments: [
                (["--record", "demo.webm"], Int32(64), "--record takes a file ending in .cast, .svg, .gif or .mp4, not demo.webm."),
                (["--record", "/nonexistent-folder/demo.cast"], Int32(74),
                 "--record /nonexistent-folder/demo.cast: cannot write the recording there (no folder /nonexistent-folder); name a file in a folder you can write to."),
              ])
        func badPaths(arguments: [String], status: Int32, message: String) throws {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let (catalog, script) = try Self.passingScenario(in: folder.path)
            // The app checks before it looks for a terminal; the scenario before any line runs.
            for command in [["--catalog", catalog, "--state-dir", folder.path + "/state"],
                            ["scenario", script, "--catalog", catalog]] {
                let run = try Finished.run(try BuiltBinary.path(), command + arguments)
                #expect(run.status == status, "\(command): \(run.standardError)")
                #expect(run.standardError == "storefront: " + message + "\n")
                #expect(run.standardOutput == "")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.path + "/state"), "the app opened its state before refusing")
        }

        @Test("a scenario recorded as GIF and MP4 has the animated SVG's frames, each for its time",
              arguments: ["gif", "mp4"])
        func scenarioRecordsAVideo(format: String) throws {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let (catalog, script) = try Self.passingScenario(in: folder.path)
            func record(_ file: String) throws -> Finished {
                let run = try Finished.run(try BuiltBinary.path(), ["scenario", script, "--catalog", catalog, "--record", file])
                #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
                return run
            }
            _ = try record(folder.path + "/buy.svg")
            let svg = try String(contentsOfFile: folder.path + "/buy.svg", encoding: .utf8)
            let times = try #require(Self.attribute("data-frame-times", of: svg)).split(separator: " ")
            let durationText = try #require(Self.attribute("data-duration", of: svg))
            let duration = try #require(Double(durationText))
            #expect(times.count > 2)
            let video = folder.path + "/buy." + format
            let run = try record(video)
            #expect(run.standardError.contains("storefront: \(video): joining \(times.count) frames with ffmpeg"), "\(run.standardError)")
            let probe = try Self.probe(video)
            // A video ends on a copy of the last frame at the loop's end; a GIF holds it by its delay.
            #expect(probe.frames == times.count + (format == "mp4" ? 1 : 0), "\(probe)")
            #expect(abs(probe.duration - duration) < 0.005, "\(probe) against \(duration) s")
            #expect(probe.codec == (format == "mp4" ? "h264" : "gif"))
            if format == "mp4" {
                #expect(probe.pixelFormat == "yuv420p" && probe.width % 2 == 0 && probe.height % 2 == 0, "\(probe)")
            }
            // At the SVG's size (120 columns of 12, 40 rows of 24), give or take the even edge.
            #expect(abs(probe.width - 1440) <= 1 && abs(probe.height - 960) <= 1, "\(probe)")
        }

        @Test("a GIF or MP4 without ffmpeg is refused before the scenario runs, naming the package")
        func videoWithoutFfmpegIsRefused() throws {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let script = folder.path + "/buy.scenario"
            try ScenarioCommandLine.passing.write(toFile: script, atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: folder.path + "/bin", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/bin/rsvg-convert", withDestinationPath: "/usr/bin/rsvg-convert")
            let run = try Finished.run(try BuiltBinary.path(), ["scenario", script, "--record", folder.path + "/buy.mp4"],
                                       environment: ["PATH": folder.path + "/bin"])
            #expect(run.status == 69)
            #expect(run.standardError == "storefront: --record .mp4 needs ffmpeg, which is not on PATH; install it with `apt-get install ffmpeg`, or record a .svg or .cast.\n")
            #expect(run.standardOutput == "")
        }

        @Test("a GIF whose ffmpeg fails is said, exits 74, and leaves no file, hidden file or pictures behind")
        func failedVideoLeavesNothing() throws {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let (catalog, script) = try Self.passingScenario(in: folder.path)
            for sub in ["bin", "out", "tmp"] {
                try FileManager.default.createDirectory(atPath: folder.path + "/" + sub, withIntermediateDirectories: true)
            }
            try FileManager.default.createSymbolicLink(atPath: folder.path + "/bin/rsvg-convert", withDestinationPath: "/usr/bin/rsvg-convert")
            // Writes the video where it is told, as ffmpeg starts to, then fails.
            let ffmpeg = folder.path + "/bin/ffmpeg"
            try "#!/bin/sh\nfor last; do :; done\necho part > \"$last\"\necho 'Unknown encoder' >&2\nexit 1\n"
                .write(toFile: ffmpeg, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ffmpeg)
            let gif = folder.path + "/out/buy.gif"
            let run = try Finished.run(try BuiltBinary.path(), ["scenario", script, "--catalog", catalog, "--record", gif],
                                       environment: ["PATH": folder.path + "/bin:/usr/bin:/bin", "TMPDIR": folder.path + "/tmp"])
            #expect(run.status == 74)
            #expect(run.standardError.hasSuffix("storefront: --record \(gif): the recording could not be made (ffmpeg exited 1: Unknown encoder).\n"),
                    "\(run.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out") == [], "the GIF or its hidden file is left")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/tmp") == [], "the pictures' folder is left")
        }

        /// The tiny catalog and a passing scenario on it, written in `folder`.
        static func passingScenario(in folder: String) throws -> (catalog: String, script: String) {
            let catalog = folder + "/tiny.json"
            try Self.catalog.write(toFile: catalog, atomically: true, encoding: .utf8)
            let script = folder + "/buy.scenario"
            try ScenarioCommandLine.passing.write(toFile: script, atomically: true, encoding: .utf8)
            return (catalog, script)
        }

        static func attribute(_ name: String, of svg: String) -> String? {
            guard let start = svg.range(of: name + "=\"") else { return nil }
            return String(svg[start.upperBound...].prefix { $0 != "\"" })
        }

        struct Probe: CustomStringConvertible {
            var frames: Int
            var duration: Double
            var codec: String
            var pixelFormat: String
            var width: Int
            var height: Int
            var description: String { "\(frames) frames, \(duration) s, \(codec) \(pixelFormat) \(width)x\(height)" }
        }

        /// What ffprobe (Debian's ffmpeg, which `make test` installs) reads of a video: every
        /// frame decoded and counted.
        static func probe(_ file: String) throws -> Probe {
            let run = try Finished.run("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                            "-show_entries", "stream=nb_read_frames,codec_name,pix_fmt,width,height:format=duration",
                                                            "-of", "default=noprint_wrappers=1", file])
            var fields: [String: String] = [:]
            for line in run.standardOutput.split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
            }
            guard run.status == 0, let frames = fields["nb_read_frames"].flatMap({ Int($0) }),
                  let duration = fields["duration"].flatMap({ Double($0) }),
                  let width = fields["width"].flatMap({ Int($0) }), let height = fields["height"].flatMap({ Int($0) }) else {
                throw ProbeFailure(description: "ffprobe could not read \(file): \(run.standardError)\(run.standardOutput)")
            }
            return Probe(frames: frames, duration: duration, codec: fields["codec_name"] ?? "", pixelFormat: fields["pix_fmt"] ?? "",
                         width: width, height: height)
        }

        struct ProbeFailure: Error, CustomStringConvertible {
            var description: String
        }

        @Test("several scenarios with --record are refused: one recording is one scenario")
        func severalScenariosRefused() throws {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            try ScenarioCommandLine.passing.write(toFile: folder.path + "/a.scenario", atomically: true, encoding: .utf8)
            try ScenarioCommandLine.passing.write(toFile: folder.path + "/b.scenario", atomically: true, encoding: .utf8)
            let run = try Finished.run(try BuiltBinary.path(), ["scenario", folder.path, "--record", folder.path + "/x.cast"])
            #expect(run.status == 64)
            #expect(run.standardError == "storefront: --record records one scenario, not 2 scenarios; name a single .scenario file.\n")
            #expect(!FileManager.default.fileExists(atPath: folder.path + "/x.cast"))
        }
    }
}

/// A cast replayed by Tests/Support/replay_cast.py in pyte, with the virtualenv `make pyte`
/// makes under .build; without it the test fails with that command.
struct CastReplay {
    var header: [String: Any]
    var outputs: Int
    var duration: Double
    var lines: [String]

    static func of(castAt path: String) throws -> CastReplay {
        let python = BuiltBinary.root + "/.build/pyte-venv/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw EndToEndStop(plain: "\(python) is missing: run `make pyte` in \(BuiltBinary.root) "
                               + "(a virtualenv with pyte, the terminal emulator recordings are replayed in)")
        }
        let run = try Finished.run(python, [BuiltBinary.root + "/Tests/Support/replay_cast.py", path])
        guard run.status == 0 else { throw EndToEndStop(plain: "replay_cast.py exited \(run.status): \(run.standardError)") }
        guard let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any],
              let header = object["header"] as? [String: Any], let outputs = object["outputs"] as? Int,
              let duration = object["duration"] as? Double, let lines = object["lines"] as? [String] else {
            throw EndToEndStop(plain: "replay_cast.py printed no replay: \(run.standardOutput)")
        }
        return CastReplay(header: header, outputs: outputs, duration: duration, lines: lines)
    }

    /// asciinema's own reader (`asciinema cat`, from the same virtualenv) takes the file and
    /// prints every output event's bytes, in order: what `asciinema play` plays.
    static func expectAsciinemaReads(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let asciinema = BuiltBinary.root + "/.build/pyte-venv/bin/asciinema"
        guard FileManager.default.isExecutableFile(atPath: asciinema) else {
            throw EndToEndStop(plain: "\(asciinema) is missing: run `make pyte` in \(BuiltBinary.root)")
        }
        let run = try Finished.run(asciinema, ["cat", path])
        #expect(run.status == 0, "\(run.standardError)", sourceLocation: sourceLocation)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let outputs = try text.split(separator: "\n").dropFirst().compactMap { line -> String? in
            let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any]
            return event?[1] as? String == "o" ? event?[2] as? String : nil
        }
        #expect(run.standardOutput == outputs.joined(), sourceLocation: sourceLocation)
    }

    /// Rows with their trailing blanks and the blank rows at the end dropped: tmux, pyte and a
    /// snapshot trim differently.
    static func trimmed(_ lines: [String]) -> [String] {
        var rows = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while rows.last == "" { rows.removeLast() }
        return rows
    }
}
