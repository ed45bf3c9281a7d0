import Catalog
import Foundation
import StoreEngine

/// The file `--record` writes, its format chosen by its extension: `.cast` (asciinema v2),
/// `.svg` (an animated picture that plays in a browser), `.gif` or `.mp4` (the SVG's frames,
/// `RecordingVideo`). Checked before a session starts, so a path that cannot be written or a
/// program that is missing is said then, not after the session is lost; written once at the
/// end, atomically (a reader never sees half a file).
public struct RecordingFile: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case cast
        case svg
        case gif
        case mp4

        /// Every format's extension after `stem`, as a sentence lists them: `.cast, .svg, .gif or .mp4`.
        public static func listed(after stem: String = "") -> String {
            let names = allCases.map { stem + "." + $0.rawValue }
            return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        }
    }

    /// Why a recording cannot go where it was asked.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// The path ends in none of the formats' extensions.
        case unknownExtension(path: String)
        /// The file cannot be made or written there; `reason` says why.
        case unwritable(path: String, reason: String)
        /// A program the format needs is not on PATH; Debian's `package` has it.
        case missingProgram(String, package: String, format: Format)
        /// The pictures or the video could not be made; `reason` is what the program said.
        case failed(path: String, reason: String)

        public var description: String {
            switch self {
            case .unknownExtension(let path):
                return "--record takes a file ending in \(Format.listed()), not \(path)"
            case .unwritable(let path, let reason):
                return "--record \(path): cannot write the recording there (\(reason)); name a file in a folder you can write to"
            case .missingProgram(let program, let package, let format):
                return "--record .\(format.rawValue) needs \(program), which is not on PATH; install it with `apt-get install \(package)`, or record a .svg or .cast"
            case .failed(let path, let reason):
                return "--record \(path): the recording could not be made (\(reason))"
            }
        }
    }

    public let path: String
    public let format: Format
    /// What draws and joins a GIF's or a video's frames; nil for a cast or an SVG.
    let video: RecordingVideo?

    /// - Parameter searchPath: where a GIF's or a video's programs are looked for.
    public init(path: String, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) throws(Problem) {
        let name = (path as NSString).lastPathComponent.lowercased()
        // A name before the extension: `.cast` alone is a hidden file with no extension.
        guard let format = Format.allCases.first(where: { name.hasSuffix("." + $0.rawValue) && name.count > $0.rawValue.count + 1 }) else {
            throw .unknownExtension(path: path)
        }
        self.path = path
        self.format = format
        switch format {
        case .cast, .svg: video = nil
        case .gif, .mp4: video = try RecordingVideo.located(for: format, path: searchPath)
        }
    }

    /// The recording as this file's text format (a cast or an SVG; a GIF's or video's frames
    /// are this SVG's).
    public func contents(of recording: Recording) -> String {
        switch format {
        case .cast: return CastFile.document(recording)
        case .svg, .gif, .mp4: return AnimatedSVG.document(recording, options: SVGOptions(title: recording.title))
        }
    }

    /// Makes sure the file can be written: not a folder, its folder there, and a file can be
    /// made in it (tried, then removed), which is what the atomic write at the end needs.
    public func checkWritable() throws(Problem) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unwritable(path: path, reason: "it is a folder")
        }
        let folder = FilePath.folder(of: path)
        let directory = folder.isEmpty ? "." : folder
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw .unwritable(path: path, reason: "no folder \(directory)")
        }
        guard isDirectory.boolValue else { throw .unwritable(path: path, reason: "\(directory) is not a folder") }
        let probe = (directory as NSString).appendingPathComponent(".storefront-record-\(UUID().uuidString.prefix(8))")
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else {
            throw .unwritable(path: path, reason: "\(directory) cannot be written to")
        }
        try? FileManager.default.removeItem(atPath: probe)
    }

    /// Writes the whole recording at once: a temporary file beside it, renamed over it.
    /// `progress` hears each step of a GIF or a video, which takes a while.
    public func write(_ recording: Recording, progress: (String) -> Void = { _ in }) throws(Problem) {
        if let video { return try video.write(recording, to: path, progress: progress) }
        do {
            try Data(contents(of: recording).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritable(path: path, reason: SystemErrorText.words(of: error))
        }
    }
}
