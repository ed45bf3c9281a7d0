@testable import Exports
import Foundation
import Testing

/// A GIF or video that cannot be made: each way it fails is said as `.failed` (or `.unwritable`
/// for the last step, the rename into place), and nothing is left behind, neither the target,
/// nor the hidden file beside it, nor the pictures' folder. Stand-in programs are shell scripts.
@Suite struct RecordingVideoFailureTests {
    /// A folder for one test: `bin` for the stand-in programs, `scratch` for the pictures'
    /// folder, `out` for the target.
    struct Place {
        let root: String
        var bin: String { root + "/bin" }
        var scratch: String { root + "/scratch" }
        var out: String { root + "/out" }
        var target: String { out + "/demo.gif" }

        init() throws {
            root = try temporaryDirectory("video-failure")
            for folder in [bin, scratch, out] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }

        /// An executable shell script named `name` in `bin`.
        func program(_ name: String, _ body: String) throws -> String {
            let path = bin + "/" + name
            try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return path
        }

        /// What is left in the target's folder and in the scratch folder.
        var leftovers: [String] {
            let fileManager = FileManager.default
            return ((try? fileManager.contentsOfDirectory(atPath: out)) ?? []) + ((try? fileManager.contentsOfDirectory(atPath: scratch)) ?? [])
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    /// Draws an empty PNG wherever `--output` says.
    static let drawing = #"while [ $# -gt 1 ]; do [ "$1" = --output ] && : > "$2"; shift; done"#
    /// Writes its last argument, the video, as ffmpeg would.
    static let joining = #"for last; do :; done; echo video > "$last""#

    static func video(_ place: Place, rsvg: String, ffmpeg: String) -> RecordingVideo {
        var video = RecordingVideo(png: PNGConverter(executable: rsvg), ffmpeg: ExportProcess(executable: ffmpeg), format: .gif)
        video.scratchFolder = place.scratch
        return video
    }

    static func failure(of video: RecordingVideo, to target: String) -> RecordingFile.Problem? {
        do {
            try video.write(RecordingVideoTests.recording(["one", "two"]), to: target, progress: { _ in })
            return nil
        } catch {
            return error
        }
    }

    @Test func theStandInsMakeAVideo() throws {
        let place = try Place()
        defer { place.remove() }
        let video = Self.video(place, rsvg: try place.program("rsvg-convert", Self.drawing),
                               ffmpeg: try place.program("ffmpeg", Self.joining))
        #expect(Self.failure(of: video, to: place.target) == nil)
        #expect(place.leftovers == ["demo.gif"])
    }

    @Test func rsvgConvertFailingIsSaidAndNothingIsLeft() throws {
        let place = try Place()
        defer { place.remove() }
        let video = Self.video(place, rsvg: try place.program("rsvg-convert", "echo 'bad svg' >&2; exit 3"),
                               ffmpeg: try place.program("ffmpeg", Self.joining))
        let problem = try #require(Self.failure(of: video, to: place.target))
        guard case .failed(let path, let reason) = problem else { throw Unexpected(problem) }
        #expect(path == place.target)
        #expect(reason.hasPrefix("rsvg-convert could not draw \(place.scratch)/storefront-record-"), "\(reason)")
        #expect(reason.hasSuffix("(exit 3): bad svg"), "\(reason)")
        #expect(place.leftovers.isEmpty, "\(place.leftovers)")
    }

    @Test func ffmpegExitingNonZeroIsSaidWithWhatItPrintedAndNothingIsLeft() throws {
        let place = try Place()
        defer { place.remove() }
        let video = Self.video(place, rsvg: try place.program("rsvg-convert", Self.drawing),
                               ffmpeg: try place.program("ffmpeg", Self.joining + "; echo 'no encoder' >&2; exit 1"))
        #expect(Self.failure(of: video, to: place.target) == .failed(path: place.target, reason: "ffmpeg exited 1: no encoder"))
        #expect(place.leftovers.isEmpty, "\(place.leftovers)")
    }

    @Test func ffmpegThatDoesNotStartIsSaid() throws {
        let place = try Place()
        defer { place.remove() }
        let missing = place.bin + "/ffmpeg"
        let video = Self.video(place, rsvg: try place.program("rsvg-convert", Self.drawing), ffmpeg: missing)
        let problem = try #require(Self.failure(of: video, to: place.target))
        #expect(problem == .failed(path: place.target, reason: "\(missing) did not start: No such file or directory"), "\(problem)")
        #expect(place.leftovers.isEmpty, "\(place.leftovers)")
    }

    @Test func noFolderForThePicturesIsSaid() throws {
        let place = try Place()
        defer { place.remove() }
        var video = Self.video(place, rsvg: try place.program("rsvg-convert", Self.drawing),
                               ffmpeg: try place.program("ffmpeg", Self.joining))
        // A file where the pictures' folder would go.
        try "".write(toFile: place.scratch + "/file", atomically: true, encoding: .utf8)
        video.scratchFolder = place.scratch + "/file"
        #expect(Self.failure(of: video, to: place.target)
                == .failed(path: place.target, reason: "no folder for its pictures (Not a directory)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.out).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.scratch) == ["file"])
    }

    @Test func aVideoThatCannotBeRenamedIntoPlaceIsUnwritable() throws {
        let place = try Place()
        defer { place.remove() }
        // The target's folder goes while ffmpeg runs, as a folder deleted under a long recording.
        let video = Self.video(place, rsvg: try place.program("rsvg-convert", Self.drawing),
                               ffmpeg: try place.program("ffmpeg", Self.joining + "; rm -r '\(place.out)'"))
        #expect(Self.failure(of: video, to: place.target)
                == .unwritable(path: place.target, reason: "No such file or directory"))
        #expect(place.leftovers.isEmpty, "\(place.leftovers)")
    }

    struct Unexpected: Error, CustomStringConvertible {
        let problem: RecordingFile.Problem
        init(_ problem: RecordingFile.Problem) { self.problem = problem }
        var description: String { "unexpected: \(problem)" }
    }
}
