import Foundation

/// A fresh folder under /tmp with a short name (a socket's path must fit 104 bytes on Darwin,
/// 108 on Linux, which a temporary directory's may not), removed after `body`.
func withFolder<T>(_ body: (String) throws -> T) throws -> T {
    let path = "/tmp/sf-pt-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// Reads from `descriptor` to its end.
func readAll(from descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return bytes }
        bytes += buffer[0..<count]
    }
}
