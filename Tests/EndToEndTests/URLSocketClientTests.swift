import Foundation
import Testing

extension EndToEnd {
    /// Clients of the app's `storefront.sock` that do not behave like `storefront open-url`.
    @Suite("clients of the URL socket", .needsTmux)
    struct URLSocketClients {
        /// The app answers `ok` before it takes a URL, so a client that has gone hears nothing
        /// and the app takes nothing from it: what it was told (nothing) is what happened.
        @Test("a client that writes a URL and leaves without reading the answer does not end the app")
        func aClientThatLeavesEarly() throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let app = try TmuxSession(stateDirectory: state.path)
            defer { app.close() }
            try app.waitForLaunch()

            // No newline: the app reads to the end of the stream, so its answer comes after the
            // client has gone, and writing it would raise SIGPIPE.
            try UnixSocket.sendAndLeave(Array(OpenURL.url.utf8), to: state.path + "/storefront.sock")
            // Still running, and still listening: the next URL is handed to it, not kept.
            let other = OpenURL.url.replacingOccurrences(of: "user_id=intruder", with: "user_id=second")
            let handed = try Finished.run(try BuiltBinary.path(), ["open-url", other, "--state-dir", state.path])
            #expect(handed.status == 0, "\(handed.standardError)")
            #expect(handed.standardOutput.hasPrefix("Handed to the storefront running on"), "\(handed.standardOutput)")
            try app.waitUntil("the app judges the URL it was handed") { screen in
                screen.bottomLine.hasPrefix("Redirect rejected: user_id second is not the current user")
            }
            app.sendKeys("n")
            let messages = try app.waitUntil("the messages open") { $0.joined().contains("user_id second") }
            #expect(!messages.joined().contains("user_id intruder"), "a URL whose client heard no answer was opened")
            app.sendKeys("Escape")
            try app.quit()
            #expect(app.unrestoredTerminal() == [])
        }
    }
}

/// A bare client of a UNIX stream socket.
enum UnixSocket {
    /// Connects to `path`, writes `bytes`, and closes without reading anything.
    static func sendAndLeave(_ bytes: [UInt8], to path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw EndToEndStop("socket: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(path.utf8)
        guard pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw EndToEndStop("the socket path \(path) is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
            raw[pathBytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { throw EndToEndStop("connect to \(path): errno \(errno)") }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw EndToEndStop("write to \(path): errno \(errno)") }
    }
}
