#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal as standard input and output, byte by byte, beside ncurses: what the width
/// probe writes (a query) and reads back (the terminal's answer), before ncurses reads keys;
/// and whether a standard stream is a terminal at all (`isatty`).
public enum TerminalStreams {
    /// Standard input's descriptor, on which keys arrive.
    public static let input = STDIN_FILENO
    /// Standard output's descriptor, where the screen is drawn.
    public static let output = STDOUT_FILENO
    /// Standard error's descriptor, where progress and errors are said.
    public static let errorOutput = STDERR_FILENO

    /// Whether `descriptor` (`input`, `output`, `errorOutput` or any open one) is a terminal:
    /// false for a file, a pipe, a socket, or a descriptor not open.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Writes `bytes` to standard output at once, past any buffer.
    public static func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { writeOutput($0) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// The next byte of standard input, waiting up to `seconds` for it; nil when none came in
    /// time, or the input has gone.
    public static func nextByte(within seconds: Double) -> UInt8? {
        let waited = Readiness.poll([input], upTo: seconds)
        guard !waited.interrupted, waited.states[0].isReadable else { return nil }
        var byte: UInt8 = 0
        guard read(input, &byte, 1) == 1 else { return nil }
        return byte
    }
}

/// `write(2)` to standard output, whose name `TerminalStreams.write` takes.
private func writeOutput(_ bytes: UnsafeRawBufferPointer) -> Int {
    write(STDOUT_FILENO, bytes.baseAddress, bytes.count)
}
