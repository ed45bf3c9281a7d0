#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pair of the C library's buffered streams (`FILE *`), one to write and one to read, for a
/// library that takes them rather than descriptors (ncurses' `newterm`). Never closed: they
/// live as long as the process, as the streams under them do.
public struct StdioStreams {
    public let output: UnsafeMutablePointer<FILE>
    public let input: UnsafeMutablePointer<FILE>

    /// Streams over standard output and standard input (`fdopen`); nil when either cannot
    /// be made.
    public static func standard() -> StdioStreams? {
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r") else { return nil }
        return StdioStreams(output: output, input: input)
    }

    /// Streams over /dev/null: whatever is written goes nowhere, and reading finds the end at
    /// once (a screen no one sees).
    public static func nullDevice() -> StdioStreams? {
        guard let output = fopen("/dev/null", "w"), let input = fopen("/dev/null", "r") else { return nil }
        return StdioStreams(output: output, input: input)
    }
}
