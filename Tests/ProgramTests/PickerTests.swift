import Catalog
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// `:` jumps to a named storefront, variant, theme, eligibility or player state, with `Tab`
/// completing what is typed and the candidates listed above the line; `T` goes back a theme.
@Suite("Picker: jump by name")
struct PickerTests {
    private func typing(_ text: String, into app: inout App) {
        app.receive(.key(.character(":")), .typed(text))
    }

    @Test func typedNameAndEnterJumpToTheStorefront() {
        var app = makeApp(width: 120, height: 40)
        typing("storefront deu", into: &app)
        #expect(app.picker.prompt?.text == "storefront deu")
        #expect(app.lines[39].contains(":storefront deu"))
        app.receive(.key(.enter))
        #expect(app.picker.prompt == nil)
        #expect(app.paywall.storefront.id == "DEU")
        #expect(app.lines[0].contains("DEU de_DE EUR"))
    }

    @Test func tabCompletesThePickerThenTheName() {
        var app = makeApp(width: 120, height: 40)
        typing("st", into: &app)
        app.receive(.key(.tab))
        #expect(app.picker.prompt?.text == "storefront ")
        // Every storefront is a candidate, listed above the line.
        #expect(app.lines[38].contains("USA  DEU  JPN  GBR  FRA  BRA  IND  SAU"))
        app.receive(.typed("J"), .key(.tab))
        #expect(app.picker.prompt?.text == "storefront JPN")
        app.receive(.key(.enter))
        #expect(app.paywall.storefront.id == "JPN")
    }

    /// Where the candidates agree no further, `Tab` steps through them, the one filled in marked.
    @Test func tabStepsThroughCandidatesThatShareAStart() {
        var app = makeApp(width: 120, height: 40)
        typing("player ", into: &app)
        app.receive(.key(.tab))
        #expect(app.picker.prompt?.text == "player auto")
        app.receive(.key(.tab))
        #expect(app.picker.prompt?.text == "player new")
        app.receive(.key(.backspace), .key(.backspace), .key(.backspace), .typed("l"), .key(.tab))
        #expect(app.picker.prompt?.text == "player lapsed")
    }

    @Test func anUnknownNameSaysTheNearest() {
        var app = makeApp(width: 120, height: 40)
        typing("storefront DUE", into: &app)
        app.receive(.key(.enter))
        #expect(app.paywall.storefront.id == "USA")
        #expect(app.notice?.tone == .error)
        #expect(app.notice?.text == "No storefront \"DUE\"; did you mean DEU?")
        typing("thme light", into: &app)
        app.receive(.key(.enter))
        #expect(app.notice?.text.hasPrefix("No picker \"thme\"; did you mean theme?") == true)
        typing("variant zzzz", into: &app)
        app.receive(.key(.enter))
        #expect(app.notice?.text == "No variant \"zzzz\". Names: assigned, A, B, C.")
    }

    /// The theme picker lists whatever themes are loaded, not a fixed pair.
    @Test func themesAreTheOnesLoaded() throws {
        var neon = Theme.dark
        neon.name = "neon"
        var app = App(catalog: defaultCatalog, storefrontId: "USA", themes: [.dark, .light, neon], userId: "u",
                      width: 120, height: 40, now: fixedNow, timeZone: utc)
        typing("theme ", into: &app)
        #expect(app.lines[38].contains("dark  light  neon"))
        app.receive(.typed("ne"), .key(.enter))
        #expect(app.theme.name == "neon")
        app.receive(.key(.character("T")))
        #expect(app.theme.name == "light")
        app.receive(.key(.character("T")), .key(.character("T")))
        #expect(app.theme.name == "neon", "T wraps round to the last theme")
    }

    @Test func variantEligibilityAndPlayerJumps() {
        var app = makeApp(width: 120, height: 40)
        typing("variant c", into: &app)
        app.receive(.key(.enter))
        #expect(app.paywall.variant?.id == "C")
        #expect(app.lines[0].contains("variant C (preview)"))
        typing("variant assigned", into: &app)
        app.receive(.key(.enter))
        #expect(app.paywall.variantOverride == nil)
        typing("elig not eligible", into: &app)
        app.receive(.key(.enter))
        #expect(app.paywall.eligibility == .notEligible)
        typing("player lapsed", into: &app)
        app.receive(.key(.enter))
        #expect(app.paywall.playerPreview == .lapsed)
        #expect(app.lines[0].contains("lapsed (preview)"))
    }

    /// The prompt takes every key: `q` is a letter there, Esc closes without jumping.
    @Test func thePromptTakesEveryKey() {
        var app = makeApp(width: 80, height: 24)
        app.receive(.key(.character(":")), .key(.character("q")))
        #expect(!app.isQuitting)
        #expect(app.picker.prompt?.text == "q")
        app.receive(.key(.escape))
        #expect(app.picker.prompt == nil)
        #expect(app.paywall.storefront.id == "USA")
        // Backspace on an empty line closes it too.
        app.receive(.key(.character(":")), .key(.backspace))
        #expect(app.picker.prompt == nil)
    }
}
