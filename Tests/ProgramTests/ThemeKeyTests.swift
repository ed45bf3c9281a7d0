import Foundation
import Program
import TerminalUI
import TestFixtures
import Testing

/// `t` cycles the themes; `NO_COLOR` (colorEnabled false) draws without color.
@Suite("Theme key")
struct ThemeKeyTests {
    @Test func themeKeyCycles() {
        var app = makeApp()
        #expect(app.theme.name == "dark")
        app.receive(.key(.character("t")))
        #expect(app.theme.name == "light")
        #expect(app.lines[0].contains("light"))
        #expect(app.notice?.text == "Theme light.")
        app.receive(.key(.character("t")))
        #expect(app.theme.name == "dark")
    }

    @Test func theFrameIsDrawnInTheThemesColors() {
        var app = makeApp()
        #expect(app.view()[0, 5].style.background == Theme.dark.color(.background))
        app.receive(.key(.character("t")))
        #expect(app.view()[0, 5].style.background == Theme.light.color(.background))
    }

    /// Only the theme on screen is fitted at launch; the next is fitted as `t` shows it, and
    /// kept, so each is drawn in the 256-color palette, never in the theme's own colors.
    @Test func eachThemeIsFittedToTheTerminalAsItIsShown() {
        var app = App(catalog: defaultCatalog, storefrontId: "USA", themes: [.dark, .light], userId: "snapshot-user",
                      width: 80, height: 24, now: fixedNow, timeZone: utc, colorDepth: .indexed256)
        #expect(app.theme == Theme.dark.adapted(to: .indexed256))
        app.receive(.key(.character("t")))
        #expect(app.theme == Theme.light.adapted(to: .indexed256))
        #expect(app.theme != Theme.light, "drawn in the palette's colors, not the theme's own")
        app.receive(.key(.character("t")))
        #expect(app.theme == Theme.dark.adapted(to: .indexed256))
    }

    @Test func noColorUsesReverseVideoForTheSelection() {
        let app = makeApp(colorEnabled: false)
        #expect(app.theme.colors.isEmpty)
        #expect(app.theme.selectionStyle.reverse)
        #expect(app.view()[0, 0].style.reverse)  // the status bar stands out without color too
    }
}
