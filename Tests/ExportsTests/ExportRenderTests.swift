import Catalog
@testable import Exports
import Foundation
import Testing
import TerminalUI

@Suite struct ExportRenderTests {
    @Test func aReusedProgramDrawsWhatAFreshLaunchDraws() throws {
        let catalog = try loadCatalog()
        let themes = try repositoryThemes()
        let axes = ExportAxes(storefronts: ["USA", "JPN"], themes: ["dark", "neon"], sizes: [.init(width: 80, height: 24)],
                              variants: ["A", "B"], eligibilities: ["auto", "not-eligible"], states: [nil, "subscribed", "lapsed"])
        let combinations = axes.combinations
        let fresh = try ExportRenderer(catalog: catalog, themes: themes, reusesPrograms: false)
        let expected = try combinations.map { try fresh.frame(for: $0) }
        // Forwards and backwards, so every axis steps both ways on one program.
        for order in [combinations, combinations.reversed()] {
            let reused = try ExportRenderer(catalog: catalog, themes: themes)
            for combination in order {
                let index = try #require(combinations.firstIndex(of: combination))
                let frame = try reused.frame(for: combination)
                // Compared whole, reported by the first row that differs (a frame printed whole is 2,000 cells).
                let same = frame == expected[index]
                let row = zip(frame.lines, expected[index].lines).first { $0 != $1 }
                #expect(same, "\(combination.name) drew otherwise on a reused program: \(row.map { "\($0.0) ≠ \($0.1)" } ?? "in style")")
            }
        }
    }

    @Test func eachPlayerStateReachesTheFrame() throws {
        let renderer = try ExportRenderer(catalog: try loadCatalog(), themes: [.dark, .light])
        var seen: [String: String] = [:]
        for state in [nil] + PlayerState.allCases.map(\.name) {
            let text = try renderer.frame(for: combination(eligibility: "auto", state: state)).text
            if let state { #expect(text.contains("\(state) (preview)"), "\(state)") }
            #expect(seen[text] == nil, "\(state ?? "auto") draws as \(seen[text] ?? "")")
            seen[text] = state ?? "auto"
        }
        let subscribed = try renderer.frame(for: combination(state: "subscribed")).text
        #expect(subscribed.contains("Current plan"))
    }

    @Test func eachDeviceReachesTheFrame() throws {
        let renderer = try ExportRenderer(catalog: try loadCatalog(), themes: [.dark, .light])
        let full = try renderer.frame(for: combination(device: "full")).text
        let phone = try renderer.frame(for: combination(device: "phone")).text
        let tablet = try renderer.frame(for: combination(device: "tablet")).text
        #expect(full.contains("Paywall main"))
        #expect(phone.contains("phone · main"))
        #expect(tablet.contains("tablet · main"))
    }

    @Test func theThemesExactColorsReachTheFrame() throws {
        let themes = try repositoryThemes()
        let neon = try #require(themes.first { $0.name == "neon" })
        let frame = try ExportRenderer(catalog: try loadCatalog(), themes: themes).frame(for: combination(theme: "neon"))
        let colors = Set(frame.cells.flatMap { [$0.style.foreground, $0.style.background].compactMap { $0 } })
        for role in [Theme.Role.text, .accent, .price, .border] {
            let color = try #require(neon.color(role))
            #expect(colors.contains(color), "\(role) \(color.hex) is not drawn exactly")
        }
    }

    @Test func eachAxisValueIsDrawn() throws {
        let renderer = try ExportRenderer(catalog: try loadCatalog(), themes: [.dark, .light])
        let text = try renderer.frame(for: combination("DEU", theme: "light", width: 100, height: 30, variant: "B",
                                                       eligibility: "not-eligible")).lines
        #expect(text.count == 30 && text.allSatisfy { DisplayWidth.of($0) <= 100 })
        #expect(text[0].contains("DEU") && text[0].contains("light") && text[0].contains("B") && text[0].contains("not eligible"),
                "\(text[0])")
    }

    @Test func anUnknownThemeOrStateIsRefusedByName() throws {
        let renderer = try ExportRenderer(catalog: try loadCatalog(), themes: [.dark])
        #expect(throws: ExportFailure.self) { try renderer.frame(for: combination(theme: "plaid")) }
        #expect(throws: ExportFailure.self) { try renderer.frame(for: combination(state: "rich")) }
    }
}
