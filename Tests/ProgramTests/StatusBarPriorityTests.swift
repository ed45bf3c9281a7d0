import Program
import TerminalUI
import TestFixtures
import Testing

/// Issue 16 item 14: however narrow the status bar, the storefront and the clock stay; the
/// other facts give way first, whole, never cut in the middle.
@Suite("Status bar: the storefront and the clock first")
struct StatusBarPriorityTests {
    @Test("At every width from 60", arguments: [60, 64, 72, 80, 100, 120])
    func storefrontAndClockStay(width: Int) {
        var app = makeApp(width: width, height: 24, storefront: "DEU")
        app.preview(variant: "C")
        app.receive(.key(.character("e")))  // "offers: eligible" too: the longest bar
        let bar = app.view().lines[0]
        #expect(bar.contains("DEU de_DE EUR"), "\(bar)")
        #expect(bar.contains("11:06"), "\(bar)")
        // What is there is whole: no fact ends cut at the right edge of the left part.
        #expect(!bar.contains("…"), "\(bar)")
        #expect(DisplayWidth.of(bar) <= width)
    }

    /// Where the stores' APIs answer (`--api`) is on the bar when there is room, and gives way
    /// before the theme when there is not.
    @Test func theAPIAddressShowsWhereThereIsRoom() {
        var wide = makeApp(width: 160, height: 40)
        wide.serverAddress = "127.0.0.1:8780"
        #expect(wide.view().lines[0].contains("API 127.0.0.1:8780"), "\(wide.view().lines[0])")
        var narrow = makeApp(width: 60, height: 24)
        narrow.serverAddress = "127.0.0.1:8780"
        let bar = narrow.view().lines[0]
        #expect(!bar.contains("127.0.0.1") && bar.contains("USA en_US USD"), "\(bar)")
        #expect(!makeApp(width: 160, height: 40).view().lines[0].contains("API"), "not served, not said")
    }

    @Test func theWideBarSaysEverything() {
        var app = makeApp(width: 160, height: 40)
        app.receive(.key(.character("e")))
        let bar = app.view().lines[0]
        for fact in ["Stardust Quest", "USA en_US USD", "Pay Station (browser)", "theme dark", "variant", "offers: eligible",
                     "SANDBOX", "11-18 11:06"] {
            #expect(bar.contains(fact), "\(fact): \(bar)")
        }
    }
}
