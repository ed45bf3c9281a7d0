import Program
import TerminalUI
import TestFixtures
import Testing

/// A resize re-lays the whole screen: nothing about the layout is stored.
@Suite("Resize")
struct ResizeTests {
    @Test func resizeRelaysTheScreen() {
        var app = makeApp(width: 80, height: 24)
        #expect(app.update(.resize(width: 120, height: 40)).isEmpty)
        let frame = app.view()
        #expect(frame.width == 120 && frame.height == 40)
        #expect(frame.lines[39].isEmpty == false)
        #expect(frame.text == makeApp(width: 120, height: 40).text)
    }

    @Test func tooSmallThenBigEnoughAgain() {
        var app = makeApp()
        app.receive(.resize(width: 50, height: 12))
        #expect(app.text.contains("Make the terminal at least 60x18"))
        app.receive(.resize(width: 80, height: 24))
        #expect(app.text == makeApp().text)
    }
}
