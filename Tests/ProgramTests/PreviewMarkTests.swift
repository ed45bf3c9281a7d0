import Program
import TerminalUI
import TestFixtures
import Testing

/// Issue 7 item 10: "(preview)" marks a variant the player is not assigned; when `v` comes
/// back round to the assigned variant, the mark goes: coming back to the assigned variant
/// clears the override rather than setting one equal to it.
@Suite("Preview mark")
struct PreviewMarkTests {
    @Test func theMarkGoesWhenTheAssignedVariantComesRound() throws {
        var app = makeApp(width: 120, height: 40)
        let assigned = try #require(app.paywall.variant?.id)
        let count = try #require(app.paywall.paywall?.variants.count)
        app.receive(.key(.character("v")))
        #expect(app.lines[0].contains("(preview)"))
        for _ in 1..<count { app.receive(.key(.character("v"))) }
        #expect(app.paywall.variant?.id == assigned)
        #expect(app.lines[0].contains("variant \(assigned)"))
        #expect(!app.lines[0].contains("(preview)"), "\(app.lines[0])")
    }
}
