import Catalog
import Foundation
import Platform

/// Reads a file a command was given (a catalog, a theme; a scenario is checked here too) as
/// UTF-8 text, and says what is wrong with it in the terms sysexits uses: 66 when there is no
/// file to read (missing, a directory, a FIFO, a device, a loop of symbolic links), 74 when it
/// cannot be read, 65 when it is not UTF-8, with the line and column of the first bad byte.
enum InputFile {
    struct Problem: Error {
        var code: ExitCode
        /// What lint reports: a `file` finding without a place, or an `encoding` one with its place.
        var diagnostic: Diagnostic

        /// The file and the problem, as a command prints it: `catalog.json:3:7: error: $: not UTF-8…`.
        func message(file: String) -> String {
            diagnostic.position == nil ? "\(ControlCharacters.escaped(file)): \(ControlCharacters.escaped(diagnostic.message))"
                : diagnostic.formatted(file: file)
        }
    }

    /// What to do about a missing file, said after "no such file.": the command's own words.
    static let missingCatalogHint = "Pass --catalog FILE, or run where catalog.json is."

    /// - Parameters:
    ///   - missingHint: what to do when there is no such file, in the command's own words.
    ///   - directoryExample: the file a directory given instead might hold, for "pass the file
    ///     in it (such as DIR/catalog.json)".
    static func readText(at path: String, missingHint: String = missingCatalogHint,
                         directoryExample: String = "catalog.json") throws(Problem) -> String {
        let data = try readData(at: path, missingHint: missingHint, directoryExample: directoryExample)
        do {
            return try SourceText.decode(data)
        } catch {
            throw Problem(code: .dataError, diagnostic: error.diagnostic)
        }
    }

    /// Checks that `path` is a file that can be opened for reading, without reading it.
    static func requireFile(at path: String, missingHint: String = missingCatalogHint) throws(Problem) {
        try openFile(at: path, missingHint: missingHint).close()
    }

    /// Opened without blocking, then checked with `fstat`: reading a FIFO with no writer would
    /// otherwise wait forever, and `FileManager.contents` says nothing of why it failed.
    static func readData(at path: String, missingHint: String = missingCatalogHint,
                         directoryExample: String = "catalog.json") throws(Problem) -> Data {
        let file = try openFile(at: path, missingHint: missingHint, directoryExample: directoryExample)
        defer { file.close() }
        do throws(SystemError) {
            return Data(try file.readToEnd())
        } catch {
            throw unreadable(error)
        }
    }

    /// The regular file at `path`, open, or what `path` is instead.
    private static func openFile(at path: String, missingHint: String,
                                 directoryExample: String = "catalog.json") throws(Problem) -> FileReader {
        let file: FileReader
        do throws(SystemError) {
            file = try FileReader(openingWithoutWaiting: path)
        } catch {
            if error == .noSuchEntry || error == .notAFolder {
                throw noInput("no such file. " + missingHint)
            }
            if error == .linkLoop { throw noInput("is a symbolic link that leads round in a loop; point it at a file.") }
            throw unreadable(error)
        }
        let status: PathStatus
        do throws(SystemError) {
            status = try file.status()
        } catch {
            file.close()
            throw unreadable(error)
        }
        guard status.kind == .file else {
            file.close()
            throw notAFile(status.kind, path: path, example: directoryExample)
        }
        return file
    }

    private static func notAFile(_ kind: PathStatus.Kind, path: String, example: String) -> Problem {
        switch kind {
        case .directory:
            // "Tests/" and "Tests" both suggest "Tests/catalog.json".
            let directory = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            return noInput("is a directory, not a file; pass the file in it (such as \(ControlCharacters.escaped(directory))/\(example)).")
        case .fifo:
            return noInput("is a named pipe (FIFO), not a file; save what it carries to a file and pass that.")
        default:
            return noInput("is a device or a socket, not a file; pass a file.")
        }
    }

    private static func noInput(_ message: String) -> Problem {
        Problem(code: .noInput, diagnostic: Diagnostic(.error, path: "$", position: nil, message: message, rule: LintRule.file.id))
    }

    private static func unreadable(_ error: SystemError) -> Problem {
        let reason = error.reason
        let advice = error == .accessDenied || error == .notPermitted ? "check its permissions." : "check the disk and try again."
        return Problem(code: .ioError, diagnostic: Diagnostic(.error, path: "$", position: nil,
                                                              message: "cannot be read (\(reason)); \(advice)",
                                                              rule: LintRule.file.id))
    }
}
