import Program
import TerminalUI
import TestFixtures
import Testing

/// `q`, Ctrl-C, SIGTERM and SIGHUP all end in one `.quit` message, which the loop watches.
@Suite("Quit")
struct QuitTests {
    @Test func theQuitMessageSetsIsQuitting() {
        var app = makeApp()
        #expect(!app.isQuitting)
        // The paywall closes with the app: the engine logs paywallClose before it goes.
        #expect(app.update(.quit) == [.engine(.close)])
        #expect(app.isQuitting)
    }

    @Test(arguments: [Key.character("q"), .interrupt])
    func quitKeys(key: Key) {
        var app = makeApp()
        #expect(app.update(.key(key)) == [.engine(.close)])
        #expect(app.isQuitting)
    }

    @Test func qQuitsFromTheHelpToo() {
        var app = makeApp()
        app.receive(.key(.character("?")))
        #expect(app.showsHelp)
        app.receive(.key(.character("q")))
        #expect(app.isQuitting)
    }

    @Test(arguments: [Key.escape, .character("?"), .enter])
    func theHelpClosesWithoutQuitting(key: Key) {
        var app = makeApp()
        app.receive(.key(.character("?")))
        #expect(app.update(.key(key)).isEmpty)  // Enter in the help buys nothing
        #expect(!app.showsHelp)
        #expect(!app.isQuitting)
    }
}
