import Foundation
import StoreEngine

/// PNG pictures, drawn from the SVG by `rsvg-convert` (librsvg, Debian's `librsvg2-bin`): the
/// one renderer of the SVG a machine without a browser has, and the same one on every run.
public struct PNGConverter: Sendable {
    public static let program = "rsvg-convert"
    /// Said when it is missing: how to get it.
    public static let installHint = "install it with `apt-get install librsvg2-bin` (or `make deps-png`), or leave png out of --formats"

    let executable: String

    /// The converter on PATH, or the failure that says how to install it (exit 69 in the command).
    public static func located(path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(ExportFailure) -> PNGConverter {
        guard let found = ExportProcess.find(program, path: path) else {
            throw ExportFailure(.unavailable, "--formats png needs \(program), which is not on PATH; \(installHint).")
        }
        return PNGConverter(executable: found.executable)
    }

    /// Draws `svgFile` as `pngFile`, at one pixel per SVG unit.
    public func convert(svgFile: String, to pngFile: String) throws(ExportFailure) {
        let outcome: ExportProcess.Outcome
        do {
            outcome = try ExportProcess(executable: executable).run(["--format", "png", "--output", pngFile, svgFile])
        } catch {
            throw ExportFailure(.io, "\(executable) did not start for \(svgFile): \(SystemErrorText.words(of: error))")
        }
        guard outcome.status == 0 else {
            throw ExportFailure(.io, "\(Self.program) could not draw \(svgFile) (exit \(outcome.status))"
                                + (outcome.errors.isEmpty ? "." : ": \(outcome.errors)"))
        }
    }
}
