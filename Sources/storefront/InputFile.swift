import Catalog
import Foundation

/// Reads a file a command was given (a catalog, a theme) as UTF-8 text, and says what is wrong
/// with it in the terms sysexits uses (DESIGN.md §7): 66 when there is no file to read (missing,
/// a directory, a FIFO or a device), 74 when it cannot be read, 65 when it is not UTF-8, with the
/// line and column of the first bad byte.
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

    static func readText(at path: String) throws(Problem) -> String {
        let data = try readData(at: path)
        do {
            return try SourceText.decode(data)
        } catch {
            throw Problem(code: .dataError, diagnostic: error.diagnostic)
        }
    }

    /// Opened without blocking, then checked with `fstat`: reading a FIFO with no writer would
    /// otherwise wait forever, and `FileManager.contents` says nothing of why it failed.
    static func readData(at path: String) throws(Problem) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR {
                throw noInput("no such file. Pass --catalog FILE, or run where catalog.json is.")
            }
            throw unreadable(error)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            // "Tests/" and "Tests" both suggest "Tests/catalog.json".
            let directory = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            throw noInput("is a directory, not a file; pass the file in it (such as \(ControlCharacters.escaped(directory))/catalog.json).")
        case S_IFIFO:
            throw noInput("is a named pipe (FIFO), not a file; save what it carries to a file and pass that.")
        default:
            throw noInput("is a device or a socket, not a file; pass a file.")
        }
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
