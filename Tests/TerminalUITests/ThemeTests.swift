import Foundation
import TestFixtures
import Testing
@testable import TerminalUI

@Suite("Themes")
struct ThemeTests {
    @Test(arguments: ["dark", "light", "high-contrast", "neon", "calm"])
    func shippedThemesLoad(name: String) throws {
        let path = packageRoot.appendingPathComponent("Themes/\(name).json")
        let text = try String(contentsOf: path, encoding: .utf8)
        let theme = try ThemeDecoder.decode(text, file: "Themes/\(name).json")
        #expect(theme.name == name)
        #expect(theme.colors.count == Theme.Role.allCases.count)
    }

    @Test func brokenThemesSayWhatAndWhere() {
        let badColor = #"{"name":"x","appearance":"dark","colors":{"text":"red"}}"#
        #expect(throws: ThemeDecoder.Failure.self) { try ThemeDecoder.decode(badColor, file: "Themes/x.json") }
        do {
            _ = try ThemeDecoder.decode(badColor, file: "Themes/x.json")
        } catch {
            #expect(error.description.contains("Themes/x.json:1:50: error: $.colors.text: \"red\" is not a color"))
            #expect(error.description.contains("Themes/x.json:1:42: error: $.colors: missing required key \"background\""))
        }
        do {
            _ = try ThemeDecoder.decode("{", file: "Themes/y.json")
            Issue.record("malformed JSON loaded")
        } catch {
            #expect(error.description.hasPrefix("Themes/y.json:1:2: error: $: malformed JSON"))
        }
    }

    @Test(arguments: [
        (RGB(0, 0, 0), 16), (RGB(255, 255, 255), 231), (RGB(255, 0, 0), 196), (RGB(0x80, 0x80, 0x80), 244),
        (RGB(0x7C, 0xC4, 0xFF), 117),
    ])
    func nearestOf256(color: RGB, index: Int) {
        #expect(ColorPalette.xterm256(color) == index)
    }

    @Test func basicColorsForEightColorTerminals() {
        #expect(ColorPalette.basic8(RGB(255, 0, 0)) == 1)
        #expect(ColorPalette.basic8(RGB(255, 255, 255)) == 7)
        #expect(ColorPalette.basic8(RGB(10, 10, 10)) == 0)
    }

    /// `NO_COLOR`: the same theme without colors; the selection must still show, so it
    /// falls back to reverse video. (The app's `colorEnabled` is tested in ProgramTests.)
    @Test func monochromeDropsEveryColorAndSelectsInReverseVideo() {
        let theme = Theme.dark.monochrome
        #expect(theme.colors.isEmpty)
        #expect(theme.name == "dark" && theme.border == Theme.dark.border)
        #expect(theme.selectionStyle.reverse)
        #expect(!Theme.dark.selectionStyle.reverse)
    }
}
