import Foundation
import StoreEngine
import TerminalUI

/// `c` in the app and a scenario's `capture`: the screen as it is, written as `NAME.svg`,
/// `NAME.png` and `NAME.txt` by the writers `export` uses, so a capture is as faithful as an
/// export. Without `rsvg-convert` the PNG is left out and the outcome says how to get it.
public struct ScreenCapture: Sendable {
    /// Where the app's `c` writes, under the folder it was started in.
    public static let defaultDirectory = "captures"

    public let directory: String
    private let png: PNGConverter?

    public init(directory: String = ScreenCapture.defaultDirectory, path: String? = ProcessInfo.processInfo.environment["PATH"]) {
        self.directory = directory
        png = try? PNGConverter.located(path: path)
    }

    /// What was written: the files' paths, SVG, PNG, text, and what could not be.
    public struct Outcome: Sendable, Equatable {
        public var files: [String]
        public var missing: String?

        /// For the bottom line: where the files are.
        public var sentence: String {
            guard let first = files.first else { return "" }
            let base = (first as NSString).deletingPathExtension
            let extensions = files.map { "." + ($0 as NSString).pathExtension }
            let said = "Screen saved as \(base)\(extensions.dropLast().joined(separator: ", ")) and \(extensions.last ?? "")"
            return said + (missing.map { "; \($0)." } ?? ".")
        }
    }

    /// Writes `frame` as `name` in the folder (made if need be); with no name, as the time now,
    /// `2026-01-31-142530`, then `-2`, `-3` for more in the same second.
    public func write(_ frame: Frame, name: String? = nil, now: Date = Date()) throws(ExportFailure) -> Outcome {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ExportFailure(.io, "\(directory): cannot make the folder (\(SystemErrorText.words(of: error))).")
        }
        let chosen = name ?? freeName(stamped: now)
        let formats: [ExportFormat] = png == nil ? [.svg, .txt] : [.svg, .png, .txt]
        let writer = ExportFileWriter(directory: directory, formats: formats, svgOptions: SVGOptions(), png: png)
        let written = try writer.writePictures(frame, named: chosen, svgOptions: SVGOptions())
        let files = [ExportFormat.svg, .png, .txt].compactMap { written[$0.rawValue] }
            .map { (directory as NSString).appendingPathComponent($0) }
        return Outcome(files: files, missing: png == nil
                       ? "no .png: \(PNGConverter.program) is not on PATH (apt-get install librsvg2-bin)" : nil)
    }

    /// The app's `c`: `frame` saved under the time now, and the bottom line's sentence.
    public func notice(saving frame: Frame) -> StoreNotice {
        do {
            let outcome = try write(frame)
            return StoreNotice(outcome.missing == nil ? .success : .info, outcome.sentence)
        } catch {
            return StoreNotice(.error, "Screen not saved: \(error.message)")
        }
    }

    /// The time as a name no capture in the folder has yet.
    private func freeName(stamped now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        let stamp = formatter.string(from: now)
        var name = stamp, count = 1
        while ["svg", "png", "txt"].contains(where: { FileManager.default.fileExists(atPath: "\(directory)/\(name).\($0)") }) {
            count += 1
            name = "\(stamp)-\(count)"
        }
        return name
    }
}
