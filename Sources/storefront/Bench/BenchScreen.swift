import CursesBackend
import Foundation

extension CursesTerminal {
    /// The 120x40 offscreen ncurses screen a bench draws frames on beside other work; `bench`
    /// names it in the failure.
    static func benchScreen(for bench: String) throws(CommandFailure) -> CursesTerminal {
        do {
            return try CursesTerminal(offscreenWidth: 120, height: 40)
        } catch {
            throw CommandFailure(.configuration, "the \(bench) could not open an offscreen ncurses screen: \(error)")
        }
    }
}

/// A floor program of `Bench/floor/` started beside the bench with `arguments`, its standard
/// input and output piped to it: it ends when its input closes. Or why not: not built, or it
/// did not start.
func startFloorProgram(path: String, source: String,
                       arguments: [String] = []) -> Result<(process: Process, input: Pipe, output: Pipe), CommandFailure> {
    guard FileManager.default.isExecutableFile(atPath: path) else {
        return .failure(CommandFailure(.configuration, "\(path) is not built (make bench builds it from \(source))"))
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    do {
        try process.run()
    } catch {
        return .failure(CommandFailure(.ioError, "\(path) did not start: \(error)"))
    }
    return .success((process, input, output))
}
