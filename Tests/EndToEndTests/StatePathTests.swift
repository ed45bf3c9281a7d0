import Foundation
import Testing

extension EndToEnd {
    /// `--state-dir afile`, a regular file: the app said `cannot create the state directory
    /// (File exists)`, `history` `There is no ledger at afile/storefront.sqlite`. Each command
    /// now says the path is a file, not a directory, and what to do, with the exit code it
    /// gave before (74 for what would write, 66 for what only reads), and leaves the file alone.
    @Suite("A state path that is a file")
    struct StatePath {
        private static func sentence(_ file: String) -> String {
            "\(file) is a file, not a directory, so it cannot be the state directory; move it away, or pass --state-dir DIR "
                + "naming a directory (one that is missing is made)."
        }

        @Test("history, --check, public-key (66), open-url and reset (74) say the state path is a file")
        func commands() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/afile"
            try "not a folder\n".write(toFile: file, atomically: true, encoding: .utf8)
            let cases: [([String], Int32)] = [(["history"], 66), (["history", "--check"], 66), (["public-key"], 66),
                                              (["open-url", "com.example.stardust://x"], 74), (["reset"], 74)]
            for (command, status) in cases {
                let result = try Finished.run(try BuiltBinary.path(), command + ["--state-dir", file])
                #expect(result.status == status, "\(command): \(result.standardError)")
                #expect(result.standardError == "storefront: \(Self.sentence(file))\n", "\(command)")
            }
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder\n")
        }

        @Test("the app says the state path is a file, exit 74", .needsTmux)
        func app() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let file = directory.path + "/afile"
            try "not a folder\n".write(toFile: file, atomically: true, encoding: .utf8)
            let app = try TmuxSession(stateDirectory: file)
            defer { app.close() }
            let screen = try app.waitUntil("the app ends") { $0.joined().contains("EXIT=") }
            let text = screen.joined().filter { $0 != " " }
            #expect(text.contains("EXIT=74"), "\(screen.joined(separator: "\n"))")
            #expect(text.contains(("storefront: " + Self.sentence(file)).filter { $0 != " " }), "\(screen.joined(separator: "\n"))")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "not a folder\n")
        }
    }
}
