#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for reading that a caller checks before it reads: opened without waiting
/// (`O_NONBLOCK`: opening a FIFO no one writes to would otherwise wait forever), then asked
/// what it is (`fstat` of the open file, so the answer is of the file read, not of whatever
/// the name leads to a moment later), then read to its end. Each failure is the `errno` it
/// left, for the caller to say in its own words.
///
/// A descriptor the owner closes with `close()`.
public struct FileReader: Sendable {
    public let descriptor: Int32

    /// Opens `path` for reading (following symbolic links), closed on exec.
    public init(openingWithoutWaiting path: String) throws(SystemError) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .last }
        self.descriptor = descriptor
    }

    /// What the open file is: its kind, mode and size.
    public func status() throws(SystemError) -> PathStatus {
        try PathStatus(descriptor: descriptor)
    }

    /// Every byte from where the file stands to its end, read 64 KiB at a time; a read a
    /// signal interrupts is asked again.
    public func readToEnd() throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                let error = SystemError.last
                if error == .interrupted { continue }
                throw error
            }
            bytes += buffer[0..<count]
        }
    }

    /// Closes the file.
    public func close() {
        _ = unistdClose(descriptor)
    }
}

/// `close(2)`, which `FileReader.close()` hides inside the type.
private func unistdClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
