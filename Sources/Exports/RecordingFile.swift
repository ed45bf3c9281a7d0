import Foundation
import StoreEngine

/// The file `--record` writes, its format chosen by its extension: `.cast` (asciinema v2) or
/// `.svg` (an animated picture that plays in a browser). Checked before a session starts, so a
/// path that cannot be written is said then, not after the session is lost; written once at
/// the end, atomically (a reader never sees half a file).
public struct RecordingFile: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case cast
        case svg
    }

    /// Why a recording cannot go where it was asked.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// The path ends in neither `.cast` nor `.svg`.
        case unknownExtension(path: String)
        /// The file cannot be made or written there; `reason` says why.
        case unwritable(path: String, reason: String)

        public var description: String {
            switch self {
            case .unknownExtension(let path):
                let known = Format.allCases.map { "." + $0.rawValue }.joined(separator: " or ")
                return "--record takes a file ending in \(known), not \(path)"
            case .unwritable(let path, let reason):
                return "--record \(path): cannot write the recording there (\(reason)); name a file in a folder you can write to"
            }
        }
    }

    public let path: String
    public let format: Format

    public init(path: String) throws(Problem) {
        let name = (path as NSString).lastPathComponent.lowercased()
        // A name before the extension: `.cast` alone is a hidden file with no extension.
        guard let format = Format.allCases.first(where: { name.hasSuffix("." + $0.rawValue) && name.count > $0.rawValue.count + 1 }) else {
            throw .unknownExtension(path: path)
        }
        self.path = path
        self.format = format
    }

    /// The recording as this file's format.
    public func contents(of recording: Recording) -> String {
        switch format {
        case .cast: return CastFile.document(recording)
        case .svg: return AnimatedSVG.document(recording, options: SVGOptions(title: recording.title))
        }
    }

    /// Makes sure the file can be written: not a folder, its folder there, and a file can be
    /// made in it (tried, then removed), which is what the atomic write at the end needs.
    public func checkWritable() throws(Problem) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unwritable(path: path, reason: "it is a folder")
        }
        let folder = (path as NSString).deletingLastPathComponent
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
    public func write(_ recording: Recording) throws(Problem) {
        do {
            try Data(contents(of: recording).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritable(path: path, reason: SystemErrorText.words(of: error))
        }
    }
}
