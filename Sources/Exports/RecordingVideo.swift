import Catalog
import Foundation
import StoreEngine

/// `--record demo.gif` and `--record demo.mp4`: the animated SVG's frames, each distinct one
/// drawn once by `rsvg-convert` (as `--formats png` draws), joined by `ffmpeg` (Debian's
/// `ffmpeg`) with each frame shown for as long as it was on screen. An MP4 is H.264 in
/// yuv420p at even dimensions, which is what common players open.
struct RecordingVideo: Sendable {
    static let program = "ffmpeg"

    let png: PNGConverter
    let ffmpeg: ExportProcess
    let format: RecordingFile.Format
    /// Where the pictures' own folder is made (a test names one it can look into).
    var scratchFolder = FileManager.default.temporaryDirectory.path

    /// Both programs on PATH, or the first missing one named with its Debian package, so a
    /// session is not recorded for a file that cannot be made at its end.
    static func located(for format: RecordingFile.Format, path: String?) throws(RecordingFile.Problem) -> RecordingVideo {
        guard let rsvg = ExportProcess.find(PNGConverter.program, path: path) else {
            throw .missingProgram(PNGConverter.program, package: "librsvg2-bin", format: format)
        }
        guard let ffmpeg = ExportProcess.find(program, path: path) else {
            throw .missingProgram(program, package: "ffmpeg", format: format)
        }
        return RecordingVideo(png: PNGConverter(executable: rsvg.executable), ffmpeg: ffmpeg, format: format)
    }

    /// Draws the pictures in a folder of its own, then writes the video beside `path` and
    /// renames it into place, so a reader never sees half a file. `progress` hears each step:
    /// a long recording takes a while.
    func write(_ recording: Recording, to path: String, progress: (String) -> Void) throws(RecordingFile.Problem) {
        let stills = AnimatedSVG.stills(recording, options: SVGOptions(title: recording.title))
        let work = (scratchFolder as NSString).appendingPathComponent("storefront-record-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        } catch {
            throw .failed(path: path, reason: "no folder for its pictures (\(SystemErrorText.words(of: error)))")
        }
        for (index, picture) in stills.pictures.enumerated() {
            if index % 50 == 0 {
                progress("\(path): drawing picture \(index + 1) of \(stills.pictures.count) with \(PNGConverter.program)")
            }
            let svg = "\(work)/\(index).svg"
            do {
                try Data(picture.utf8).write(to: URL(fileURLWithPath: svg))
                try png.convert(svgFile: svg, to: "\(work)/\(index).png")
            } catch {
                throw .failed(path: path, reason: "\(error)")
            }
        }
        let list = "\(work)/frames.ffconcat"
        do {
            try Data(Self.concatList(stills, closingCopy: format == .mp4).utf8).write(to: URL(fileURLWithPath: list))
        } catch {
            throw .failed(path: path, reason: SystemErrorText.words(of: error))
        }
        progress("\(path): joining \(stills.shown.count) frames with \(Self.program)")
        let folder = FilePath.folder(of: path)
        let temporary = ((folder.isEmpty ? "." : folder) as NSString)
            .appendingPathComponent(".storefront-record-\(UUID().uuidString.prefix(8)).\(format.rawValue)")
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let outcome: ExportProcess.Outcome
        do {
            outcome = try ffmpeg.run(["-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list]
                                     + encoding + [temporary])
        } catch {
            throw .failed(path: path, reason: "\(ffmpeg.executable) did not start: \(SystemErrorText.words(of: error))")
        }
        guard outcome.status == 0 else {
            throw .failed(path: path, reason: "\(Self.program) exited \(outcome.status)" + (outcome.errors.isEmpty ? "" : ": \(outcome.errors)"))
        }
        do {
            let target = URL(fileURLWithPath: path)
            if FileManager.default.fileExists(atPath: path) {
                _ = try FileManager.default.replaceItemAt(target, withItemAt: URL(fileURLWithPath: temporary))
            } else {
                try FileManager.default.moveItem(atPath: temporary, toPath: path)
            }
        } catch {
            throw .unwritable(path: path, reason: SystemErrorText.words(of: error))
        }
    }

    /// ffmpeg's options after the input: one palette for the whole GIF, drawn from what changes,
    /// and the last frame held for the loop's hold; H.264 for the MP4, padded to even sizes.
    private var encoding: [String] {
        switch format {
        case .gif:
            let hold = Int((AnimatedSVG.finalHold * 100).rounded())
            return ["-vf", "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse", "-loop", "0",
                    "-final_delay", String(hold)]
        default:
            return ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-fps_mode", "vfr",
                    "-movflags", "+faststart"]
        }
    }

    /// ffmpeg's concat list: each frame's picture for as long as it shows, in hundredths of a
    /// second (a GIF's unit), read at 100 pictures a second so no time is rounded to another
    /// rate. A frame shorter than a hundredth is never seen and is left out. The last frame's
    /// time is the GIF's final delay; a video has no such delay and ends instead on a copy of
    /// the last picture a hundredth before the loop's end.
    static func concatList(_ stills: AnimatedSVG.Stills, closingCopy: Bool) -> String {
        let hundredths = (stills.times + [stills.duration]).map { Int(($0 * 100).rounded()) }
        var list = "ffconcat version 1.0\n"
        func picture(_ index: Int) -> String { "file '\(index).png'\noption framerate 100\n" }
        for (frame, still) in stills.shown.enumerated() {
            let length = hundredths[frame + 1] - hundredths[frame]
            let last = frame == stills.shown.count - 1
            guard length > 0 || last else { continue }
            list += picture(still)
            let shown = last && closingCopy ? length - 1 : length
            if !last || closingCopy { list += "duration \(Double(shown) / 100)\n" }
        }
        if closingCopy, let last = stills.shown.last { list += picture(last) }
        return list
    }
}
