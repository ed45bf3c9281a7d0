import Foundation
import StoreEngine
import Testing

/// Issue 33 item 21: `make run` wrote to the user's own state directory with no word of it. The
/// README's first screen (before its first section) says where state lives, as
/// `StateDirectory.chosen` picks it, and how to start clean with `make run ARGS=…`, which the
/// Makefile's run target passes on to the app.
@Suite("README: where make run keeps its state")
struct ReadmeStateTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func text(_ name: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theFirstScreenSaysWhereStateLivesAndHowToStartClean() throws {
        let readme = try text("README.md")
        let firstScreen = try #require(readme.components(separatedBy: "\n## ").first)
        // The directories StateDirectory.chosen picks, as the README names them.
        let home = StateDirectory.chosen(option: nil, environment: ["HOME": "/home/qa"]).path
        #expect(home == "/home/qa/.local/state/storefront")
        #expect(firstScreen.contains("`~/.local/state/storefront`"))
        let xdg = StateDirectory.chosen(option: nil, environment: ["XDG_STATE_HOME": "/x", "HOME": "/home/qa"]).path
        #expect(xdg == "/x/storefront")
        #expect(firstScreen.contains("`$XDG_STATE_HOME/storefront`"))
        #expect(firstScreen.contains(#"make run ARGS="--state-dir /tmp/x""#))
        // Still the two commands the first screen offers.
        #expect(firstScreen.contains("make run ") && firstScreen.contains("make test "))
    }

    @Test func makeRunPassesArgsToTheApp() throws {
        let makefile = try text("Makefile")
        let lines = makefile.components(separatedBy: "\n")
        let run = try #require(lines.firstIndex { $0.hasPrefix("run:") }, "no run target")
        #expect(lines[run + 1].contains("./.build/release/storefront --catalog $(CATALOG) $(ARGS)"), "\(lines[run + 1])")
        #expect(lines.contains("ARGS ?="))
    }
}
