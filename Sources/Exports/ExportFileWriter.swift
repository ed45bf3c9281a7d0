import Foundation
import StoreEngine
import TerminalUI

/// Writes one combination's files: a picture per format asked for, and its archived cells
/// always. Each file is written whole or not at all (a temporary file renamed into place), so
/// an interrupted export never leaves half a picture for a later `--compare` to read.
struct ExportFileWriter: Sendable {
    var directory: String
    var formats: [ExportFormat]
    var svgOptions: SVGOptions
    var png: PNGConverter?

    /// The files written, by format, relative to the directory (the manifest's `files`).
    func write(_ frame: Frame, as combination: Combination) throws(ExportFailure) -> [String: String] {
        var files = try writePictures(frame, named: combination.name, svgOptions: svgOptions(for: combination))
        let cells = "\(Exporter.cellsDirectory)/\(combination.name).json"
        do {
            try Self.write(try FrameArchive.encode(frame), to: (directory as NSString).appendingPathComponent(cells))
        } catch let failure as ExportFailure {
            throw failure
        } catch {
            throw ExportFailure(.io, "\(cells): cannot archive the frame (\(error)).")
        }
        files["cells"] = cells
        return files
    }

    /// `name` in each format asked for (also a screen capture's files, `ScreenCapture`): the
    /// files written, by format, relative to the directory.
    func writePictures(_ frame: Frame, named name: String, svgOptions: SVGOptions) throws(ExportFailure) -> [String: String] {
        var files: [String: String] = [:]
        var svg: String?
        func svgText() -> String {
            if let svg { return svg }
            let drawn = FrameSVG.document(frame, options: svgOptions)
            svg = drawn
            return drawn
        }
        // SVG before PNG: the PNG is drawn from the SVG just written.
        for format in ExportFormat.allCases where formats.contains(format) {
            let file = "\(name).\(format.fileExtension)"
            let path = (directory as NSString).appendingPathComponent(file)
            switch format {
            case .txt: try Self.write(Data((frame.text + "\n").utf8), to: path)
            case .ansi: try Self.write(Data(ANSIText.document(frame).utf8), to: path)
            case .html: try Self.write(Data(FrameHTML.document(frame, title: name).utf8), to: path)
            case .svg: try Self.write(Data(svgText().utf8), to: path)
            case .png:
                guard let png else { throw ExportFailure(.unavailable, "--formats png needs \(PNGConverter.program); \(PNGConverter.installHint).") }
                // The SVG asked for is the one converted; else one drawn for the conversion only.
                let source = formats.contains(.svg) ? (directory as NSString).appendingPathComponent("\(name).svg")
                    : (directory as NSString).appendingPathComponent(".\(name).\(UUID().uuidString.prefix(8)).svg")
                if !formats.contains(.svg) { try Self.write(Data(svgText().utf8), to: source) }
                defer { if !formats.contains(.svg) { try? FileManager.default.removeItem(atPath: source) } }
                try png.convert(svgFile: source, to: path)
            }
            files[format.rawValue] = file
        }
        return files
    }

    /// The SVG options of one picture: with `--chrome`, the window is titled with the
    /// combination's name unless a title was given.
    func svgOptions(for combination: Combination) -> SVGOptions {
        var options = svgOptions
        if options.chrome, options.title == nil { options.title = combination.name }
        return options
    }

    static func write(_ data: Data, to path: String) throws(ExportFailure) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ExportFailure(.io, "\(path): cannot write (\(SystemErrorText.words(of: error))).")
        }
    }
}
