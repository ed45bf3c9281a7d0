import Foundation
import Platform
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

        /// The name the files were written under, without folder or extension.
        public var name: String? {
            files.first.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
        }

        /// For the bottom line: where the files are.
        public var sentence: String {
            guard let first = files.first else { return "" }
            let base = (first as NSString).deletingPathExtension
            let extensions = files.map { "." + ($0 as NSString).pathExtension }
            let said = "Screen saved as \(base)\(extensions.dropLast().joined(separator: ", ")) and \(extensions.last ?? "")"
            return said + (missing.map { "; \($0)." } ?? ".")
        }
    }

    /// How a capture's files are named.
    public enum Naming: Sendable, Equatable {
        /// The time, `2026-01-31-142530`, then `-2`, `-3` for more in the same second.
        case stamped(Date)
        /// Exactly this name, over a capture of that name already in the folder.
        case replacing(String)
        /// `NAME-2`, `NAME-3`: the first no capture has yet (NAME is another's).
        case after(String)
    }

    /// Writes `frame` in the folder (made if need be). A stamped or `after` name is claimed by
    /// making its `.svg` exclusively, so two captures at once (two scenarios side by side, the
    /// app and a scenario) never take the same one; if the writing fails, the claim goes.
    public func write(_ frame: Frame, naming: Naming) throws(ExportFailure) -> Outcome {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ExportFailure(.io, "\(directory): cannot make the folder (\(SystemErrorText.words(of: error))).")
        }
        let chosen: String, claimed: Bool
        switch naming {
        case .stamped(let now): (chosen, claimed) = (try claim(Self.stamp(now), from: 1), true)
        case .replacing(let name): (chosen, claimed) = (name, false)
        case .after(let name): (chosen, claimed) = (try claim(name, from: 2), true)
        }
        let formats: [ExportFormat] = png == nil ? [.svg, .txt] : [.svg, .png, .txt]
        let writer = ExportFileWriter(directory: directory, formats: formats, svgOptions: SVGOptions(), png: png)
        let written: [String: String]
        do {
            written = try writer.writePictures(frame, named: chosen, svgOptions: SVGOptions())
        } catch {
            if claimed {
                for format in Self.extensions { try? FileManager.default.removeItem(atPath: path(chosen, format)) }
            }
            throw error
        }
        let files = [ExportFormat.svg, .png, .txt].compactMap { written[$0.rawValue] }
            .map { (directory as NSString).appendingPathComponent($0) }
        return Outcome(files: files, missing: png == nil
                       ? "no .png: \(PNGConverter.program) is not on PATH (apt-get install librsvg2-bin)" : nil)
    }

    /// The app's `c`: `frame` saved under the time now, and the bottom line's sentence.
    public func notice(saving frame: Frame) -> StoreNotice {
        do {
            let outcome = try write(frame, naming: .stamped(Date()))
            return StoreNotice(outcome.missing == nil ? .success : .info, outcome.sentence)
        } catch {
            return StoreNotice(.error, "Screen not saved: \(error.message)")
        }
    }

    private static let extensions = ["svg", "png", "txt"]

    private func path(_ name: String, _ fileExtension: String) -> String {
        (directory as NSString).appendingPathComponent("\(name).\(fileExtension)")
    }

    /// `stem` (from 1) or `stem-N` (from N), the first whose `.svg` this call makes; a name
    /// whose PNG or text is there without its SVG is passed over too.
    private func claim(_ stem: String, from first: Int) throws(ExportFailure) -> String {
        var count = first
        while true {
            let name = count == 1 ? stem : "\(stem)-\(count)"
            if !Self.extensions.dropFirst().contains(where: { FileManager.default.fileExists(atPath: path(name, $0)) }) {
                do {
                    if try ExclusiveFile.create(at: path(name, "svg")) { return name }
                } catch {
                    throw ExportFailure(.io, "\(path(name, "svg")): cannot write (\(SystemErrorText.words(for: error.code))).")
                }
            }
            count += 1
        }
    }

    private static func stamp(_ now: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd-HHmmss"
        return formatter.string(from: now)
    }
}
