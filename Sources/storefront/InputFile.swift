import Catalog
import Foundation

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
        close(try openFile(at: path, missingHint: missingHint))
    }

    /// Opened without blocking, then checked with `fstat`: reading a FIFO with no writer would
    /// otherwise wait forever, and `FileManager.contents` says nothing of why it failed.
    static func readData(at path: String, missingHint: String = missingCatalogHint,
                         directoryExample: String = "catalog.json") throws(Problem) -> Data {
        let descriptor = try openFile(at: path, missingHint: missingHint, directoryExample: directoryExample)
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(errno)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// The open descriptor of a regular file at `path`, or what `path` is instead.
    private static func openFile(at path: String, missingHint: String,
                                 directoryExample: String = "catalog.json") throws(Problem) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR {
                throw noInput("no such file. " + missingHint)
            }
            if error == ELOOP { throw noInput("is a symbolic link that leads round in a loop; point it at a file.") }
            throw unreadable(error)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = errno
            close(descriptor)
            throw unreadable(error)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw notAFile(status.st_mode & S_IFMT, path: path, example: directoryExample)
        }
        return descriptor
    }

    private static func notAFile(_ kind: mode_t, path: String, example: String) -> Problem {
        switch kind {
        case S_IFDIR:
            // "Tests/" and "Tests" both suggest "Tests/catalog.json".
            let directory = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            return noInput("is a directory, not a file; pass the file in it (such as \(ControlCharacters.escaped(directory))/\(example)).")
        case S_IFIFO:
            return noInput("is a named pipe (FIFO), not a file; save what it carries to a file and pass that.")
        default:
            return noInput("is a device or a socket, not a file; pass a file.")
        }
    }

    private static func noInput(_ message: String) -> Problem {
        Problem(code: .noInput, diagnostic: Diagnostic(.error, path: "$", position: nil, message: message, rule: LintRule.file.id))
    }

    private static func unreadable(_ error: Int32) -> Problem {
        let reason = String(cString: strerror(error))
        let advice = error == EACCES || error == EPERM ? "check its permissions." : "check the disk and try again."
        return Problem(code: .ioError, diagnostic: Diagnostic(.error, path: "$", position: nil,
                                                              message: "cannot be read (\(reason)); \(advice)",
                                                              rule: LintRule.file.id))
    }
}
