import Foundation
import TestFixtures
import Testing
@testable import TerminalUI

/// Every shipped theme stays readable on every terminal: in 256 colors each text role keeps
/// WCAG's 4.5:1 against the background and the surface, in 8 colors each stays a different
/// color from them (and 3:1 on xterm's ANSI colors), and borders never vanish into the ground.
@Suite("Theme contrast in 256 and 8 colors")
struct ThemeContrastTests {
    static let themeNames: [String] = {
        let directory = packageRoot.appendingPathComponent("Themes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static func theme(_ name: String) throws -> Theme {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Themes/\(name).json"), encoding: .utf8)
        return try ThemeDecoder.decode(text, file: "Themes/\(name).json")
    }

    @Test func atLeastFiveThemesShip() throws {
        #expect(Self.themeNames.count >= 5, "\(Self.themeNames)")
        for name in ["dark", "light", "high-contrast"] { #expect(Self.themeNames.contains(name)) }
        let appearances = try Set(Self.themeNames.map { try Self.theme($0).appearance })
        #expect(appearances == [.dark, .light])
    }

    @Test("Text roles keep their contrast", arguments: themeNames, [ColorDepth.indexed256, .eight])
    func textKeepsContrast(name: String, depth: ColorDepth) throws {
        let theme = try Self.theme(name).adapted(to: depth)
        #expect(theme.depth == depth)
        for ground in Theme.groundRoles {
            let back = try #require(theme.color(ground))
            for role in Theme.textRoles {
                let fore = try #require(theme.color(role))
                let ratio = Contrast.ratio(fore, back)
                #expect(fore != back, "\(name) \(depth.rawValue): \(role) is \(ground)'s color")
                #expect(ratio >= Theme.minimumContrast(at: depth),
                        "\(name) \(depth.rawValue): \(role) on \(ground) is \(String(format: "%.2f", ratio)):1")
            }
            #expect(theme.color(.border) != back, "\(name) \(depth.rawValue): the border vanishes into \(ground)")
        }
        // An unselected card never looks selected.
        #expect(theme.color(.border) != theme.color(.selection), "\(name) \(depth.rawValue): borders look selected")
    }

    /// What the terminal is sent: every adapted color is exactly one of the depth's palette
    /// colors, so the backend's nearest index is that color.
    @Test("Adapted colors are palette colors", arguments: themeNames, [ColorDepth.indexed256, .eight])
    func adaptedColorsArePaletteColors(name: String, depth: ColorDepth) throws {
        let theme = try Self.theme(name).adapted(to: depth)
        for (role, color) in theme.colors {
            if depth == .eight {
                #expect(ColorPalette.basic[ColorPalette.basic8(color)] == color, "\(role)")
            } else {
                let index = ColorPalette.xterm256(color)
                #expect(ColorPalette.fixed256.contains(index) && ColorPalette.color(ofXterm256: index) == color, "\(role)")
            }
        }
    }

    /// The three faults seen on `TERM=xterm`: the light theme's muted text white on white, the
    /// dark theme's borders black on black, prices red as errors are.
    @Test func eightColorFaultsAreGone() throws {
        let light = try Self.theme("light").adapted(to: .eight), dark = try Self.theme("dark").adapted(to: .eight)
        let white = ColorPalette.basic[7], black = ColorPalette.basic[0], red = ColorPalette.basic[1]
        #expect(light.color(.background) == white && light.color(.muted) != white)
        #expect(dark.color(.background) == black && dark.color(.border) != black)
        #expect(light.color(.price) != red && dark.color(.price) != red)
        #expect(light.color(.error) == red && dark.color(.error) == red)
        // Hues survive where the palette can show them: the dark theme's blue accent is cyan,
        // its gold price yellow.
        #expect(dark.color(.accent) == ColorPalette.basic[6] && dark.color(.price) == ColorPalette.basic[3])
    }

    /// The built-in dark and light (used without a Themes/ folder, and for the Pay Station
    /// page's own look) are the shipped files, so they pass the same tests.
    @Test func builtInThemesAreTheShippedFiles() throws {
        #expect(try Self.theme("dark") == Theme.dark)
        #expect(try Self.theme("light") == Theme.light)
    }

    @Test func trueColorAndMonochromeKeepTheTheme() throws {
        let dark = try Self.theme("dark")
        #expect(dark.adapted(to: .trueColor).colors == dark.colors)
        #expect(dark.monochrome.adapted(to: .eight).colors.isEmpty)
    }

    /// As written (24-bit), every shipped theme keeps 4.5:1 too: lint finds nothing.
    @Test("Shipped themes lint clean", arguments: themeNames)
    func shippedThemesLintClean(name: String) throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Themes/\(name).json"), encoding: .utf8)
        #expect(ThemeLinter.lint(text: text, file: "Themes/\(name).json").findings.isEmpty)
    }

    @Test func lintWarnsOfFaintTextAtItsColor() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Themes/light.json"), encoding: .utf8)
            .replacingOccurrences(of: ##""muted": "#5c616c""##, with: ##""muted": "#9a9ea8""##)
        let report = ThemeLinter.lint(text: text, file: "Themes/light.json")
        #expect(report.findings.map(\.rule) == ["contrast"])
        #expect(report.textLines.first
            == "Themes/light.json:9:14: warning: $.colors.muted: muted on surface has a contrast of 2.32:1, under the 4.5:1 text needs (WCAG AA); make it lighter or darker")
        #expect(report.errorCount == 0)
    }

    @Test func contrastRatiosAreWCAGs() {
        #expect(abs(Contrast.ratio(RGB(0, 0, 0), RGB(255, 255, 255)) - 21) < 0.01)
        #expect(Contrast.ratio(RGB(0x77, 0x77, 0x77), RGB(255, 255, 255)) > 4.47)
        #expect(Contrast.ratio(RGB(0x77, 0x77, 0x77), RGB(255, 255, 255)) < 4.49)
        #expect(Contrast.ratio(RGB(1, 2, 3), RGB(1, 2, 3)) == 1)
    }

    @Test func depthFollowsTheTerminal() {
        #expect(ColorDepth(colorCount: 8) == .eight)
        #expect(ColorDepth(colorCount: 16) == .eight)
        #expect(ColorDepth(colorCount: 256) == .indexed256)
        #expect(ColorDepth(colorCount: 1 << 24) == .trueColor)
        #expect(ColorDepth.claimsTrueColor("truecolor") && ColorDepth.claimsTrueColor("24bit"))
        #expect(!ColorDepth.claimsTrueColor(nil) && !ColorDepth.claimsTrueColor("yes"))
    }

    @Test func paletteIndexesRoundTrip() {
        for index in ColorPalette.fixed256 {
            #expect(ColorPalette.xterm256(ColorPalette.color(ofXterm256: index)) == index)
        }
    }
}
