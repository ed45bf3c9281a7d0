import Catalog
import Exports
import Program
import Foundation

/// `--record FILE`, checked before anything runs: a usage error (64) for an extension other
/// than `.cast`, `.svg`, `.gif` or `.mp4`, 69 for a GIF or video without its programs, an I/O
/// error (74) naming the path when the file cannot be written there. Checked first so a
/// session is never lost at its end for want of a place to go.
enum RecordOption {
    static func file(_ options: Options) throws(CommandFailure) -> RecordingFile? {
        guard let path = options.recordPath else { return nil }
        do {
            let file = try RecordingFile(path: path)
            try file.checkWritable()
            return file
        } catch {
            throw failure(error)
        }
    }

    /// What keeps a session's frames for `--record`, at the wall clock, from the terminal's size.
    static func recorder(for terminal: some Backend, title: String, environment: [String: String]) -> Recorder {
        Recorder(width: terminal.size.width, height: terminal.size.height, title: title,
                 environment: Recorder.environment(from: environment))
    }

    /// Writes the recording; a failure is said on standard error with the exit code 74. A GIF
    /// or a video says its steps there as it goes, and every recording where it went.
    static func write(_ recording: Recording, to file: RecordingFile) throws(CommandFailure) {
        do {
            try file.write(recording) { step in standardError("storefront: \(step)") }
        } catch {
            throw failure(error)
        }
        let frames = recording.frames
        let seconds = String(format: "%.1f", frames.last?.time ?? 0)
        standardError(ControlCharacters.escaped(
            "storefront: recorded \(English.count(frames.count, "screen")) over \(seconds) s to \(file.path)"))
    }

    private static func failure(_ problem: RecordingFile.Problem) -> CommandFailure {
        switch problem {
        case .unknownExtension: return CommandFailure(.usage, problem.description + ".")
        case .unwritable, .failed: return CommandFailure(.ioError, problem.description + ".")
        case .missingProgram: return CommandFailure(.unavailable, problem.description + ".")
        }
    }
}
