import Foundation
import TestFixtures
import Testing
@testable import TerminalUI

/// Issue 33 item 21: the five themes that ship are part of the program wherever it runs. The
/// binary carries each `Themes/*.json` as text (`BuiltInThemeFiles.swift`, written by `make
/// themes`); these tests fail when a theme file is edited, added or removed and its copy is not
/// written again, so what the binary carries is always what the repository ships.
@Suite("Built-in themes: the repository's Themes, carried in the binary")
struct BuiltInThemesTests {
    private static let folder = packageRoot.appendingPathComponent("Themes")
    private static let copy = "Sources/TerminalUI/Theme/BuiltInThemeFiles.swift"

    private var shipped: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: Self.folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func everyThemeFileIsCarriedByteForByte() throws {
        #expect(!shipped.isEmpty, "no theme files in \(Self.folder.path)")
        let carried = Dictionary(BuiltInThemeFiles.files.map { ($0.name, $0.text) }, uniquingKeysWith: { first, _ in first })
        for name in shipped {
            let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            let text = try #require(carried[name], "Themes/\(name) is not in \(Self.copy): run `make themes`")
            #expect(Data(text.utf8) == bytes,
                    "Themes/\(name) differs from its copy in \(Self.copy): run `make themes` and commit both")
        }
        #expect(BuiltInThemeFiles.files.map(\.name).sorted() == shipped,
                "\(Self.copy) carries other files than Themes/ holds: run `make themes`")
    }

    @Test func everyCarriedThemeLoadsDarkAndLightFirst() throws {
        for file in BuiltInThemeFiles.files {
            do {
                _ = try ThemeDecoder.decode(file.text, file: "Themes/" + file.name)
            } catch {
                Issue.record("Themes/\(file.name) does not load: \(error.description)")
            }
        }
        #expect(Theme.builtIn.map(\.name) == ["dark", "light", "calm", "high-contrast", "neon"])
        #expect(Theme.dark == Theme.builtIn[0] && Theme.dark.hasColor)
        #expect(Theme.light == Theme.builtIn[1] && Theme.light.hasColor)
    }

    /// A `Themes/` folder beside the catalog replaces a built-in by name and adds its own after them.
    @Test func aFolderReplacesByNameAndAdds() {
        var neon = Theme.dark
        neon.name = "neon"
        var arcade = Theme.light
        arcade.name = "arcade"
        let themes = Theme.builtIn(overriddenBy: [neon, arcade])
        #expect(themes.map(\.name) == ["dark", "light", "calm", "high-contrast", "neon", "arcade"])
        #expect(themes[4] == neon)
        #expect(themes[5] == arcade)
        #expect(Theme.builtIn(overriddenBy: []) == Theme.builtIn)
    }
}
