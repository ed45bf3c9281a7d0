import Exports
import Foundation
import Synchronization
import TerminalUI
import Testing
@testable import Scenarios

/// Two captures never write over each other: a name is claimed by making its `.svg` at once
/// (`O_EXCL`), and a `capture NAME` a run has written already is a clash that takes `NAME-2`.
@Suite("Runner: capture names")
struct CaptureClaimTests {
    static let now = Date(timeIntervalSince1970: 1_767_258_000)

    /// Captures into `shots/` without a PNG: the naming is what is tested, and the converter
    /// would only slow every capture.
    static func capture(in scratch: ScratchDirectory) -> ScreenCapture {
        ScreenCapture(directory: scratch.file("shots"), path: "/nonexistent")
    }

    @Test("captures made at once in the same second each get a name of their own")
    func atOnce() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let capture = Self.capture(in: scratch), now = Self.now
        let names = Names()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for _ in 0..<4 {
                let outcome = try? capture.write(Frame(width: 4, height: 1), naming: .stamped(now))
                names.add(outcome?.name ?? "failed \(index)")
            }
        }
        #expect(Set(names.all).count == 32, "\(names.all.sorted())")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.file("shots"))
        #expect(files.count == 64, "\(files.sorted())")
    }

    @Test("a name taken by a file the name's SVG would be, even a dangling link, is passed over")
    func danglingLink() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let capture = Self.capture(in: scratch), now = Self.now
        let stamp = try #require(try capture.write(Frame(width: 4, height: 1), naming: .stamped(now)).name)
        try FileManager.default.removeItem(atPath: scratch.file("shots/\(stamp).svg"))
        try FileManager.default.removeItem(atPath: scratch.file("shots/\(stamp).txt"))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("shots/\(stamp).svg"), withDestinationPath: scratch.file("elsewhere.svg"))
        #expect(try capture.write(Frame(width: 4, height: 1), naming: .stamped(now)).name == stamp + "-2")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("elsewhere.svg")), "written through the link")
    }

    @Test("two scenarios of one run capturing one NAME: the first replaces an earlier run's, the second is NAME-2",
          arguments: [1, 2])
    func oneNameInOneRun(jobs: Int) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var options = try options(in: scratch)
        options.capturesDirectory = scratch.file("shots")
        try FileManager.default.createDirectory(atPath: scratch.file("shots"), withIntermediateDirectories: true)
        try scratch.write("shots/home.txt", "an earlier run's\n")
        let first = try scratch.write("a.scenario", "size 80x24\ncapture home\n")
        let second = try scratch.write("b.scenario", "size 80x24\nselect 2\ncapture home\n")
        let results = ScenarioSuite.run([first, second], options: options, jobs: jobs)
        #expect(results.filter { !$0.passed }.isEmpty, "\(results.map { $0.summary })")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.file("shots")).sorted()
        #expect(files == ["home-2.png", "home-2.svg", "home-2.txt", "home.png", "home.svg", "home.txt"])
        let texts = try ["home", "home-2"].map { name in try String(contentsOfFile: scratch.file("shots/\(name).txt"), encoding: .utf8) }
        #expect(!texts.contains("an earlier run's\n"))
        #expect(texts[0] != texts[1], "one scenario's screen written twice")
        let said = results.flatMap(\.transcript).joined(separator: "\n")
        #expect(said.contains("(Screen saved as \(scratch.file("shots/home-2")).svg, .png and .txt.)"), "\(said)")
    }

    @Test("a claimed name that cannot be made is said as the file that could not be written")
    func unclaimable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let long = String(repeating: "n", count: 300)
        do {
            let outcome = try Self.capture(in: scratch).write(Frame(width: 4, height: 1), naming: .after(long))
            Issue.record("written as \(outcome.files)")
        } catch {
            #expect(error.message == "\(scratch.file("shots/\(long)-2.svg")): cannot write (File name too long).")
        }
    }

    @Test("a capture whose PNG fails takes back its claim: no file of it is left")
    func failedClaimGoes() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let bin = scratch.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nexit 1\n".write(toFile: bin + "/rsvg-convert", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/rsvg-convert")
        let capture = ScreenCapture(directory: scratch.file("shots"), path: bin)
        #expect(throws: ExportFailure.self) { _ = try capture.write(Frame(width: 4, height: 1), naming: .stamped(Date())) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("shots")).isEmpty)
    }

    /// Names written from several threads.
    final class Names: Sendable {
        private let names = Mutex<[String]>([])

        var all: [String] { names.withLock { $0 } }

        func add(_ name: String) {
            names.withLock { $0.append(name) }
        }
    }
}
