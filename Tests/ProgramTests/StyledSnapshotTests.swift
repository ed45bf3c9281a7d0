import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Style-aware goldens of every paywall template in every shipped theme, at 80x24, 120x40 and
/// 200x50, in 256 and 8 colors, for the USA storefront and the Arabic one (SAU): one file per
/// template, theme and storefront in `__Snapshots__/styled/`. After an intended change of the
/// paywall's look, `SNAPSHOT_RECORD=1 swift test --filter StyledSnapshotTests` rewrites them all.
@Suite("Style-aware snapshots: templates × themes × sizes × depths")
struct StyledSnapshotTests {
    static let themes: [Theme] = {
        let directory = packageRoot.appendingPathComponent("Themes")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }
        return names.sorted().compactMap { name in
            let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return try? ThemeDecoder.decode(text, file: "Themes/\(name)")
        }
    }()

    static let sizes = [(80, 24), (120, 40), (200, 50)]
    /// Variant by template, as catalog.json assigns them.
    static let variants = [("cards", "A"), ("list", "B"), ("hero", "C")]

    /// The app a moment after launch, as `makeApp` has it, in `theme` on a terminal of `depth`.
    static func app(theme: String, depth: ColorDepth, width: Int, height: Int, storefront: String, variant: String) -> App {
        var app = launched(App(catalog: defaultCatalog, storefrontId: storefront, themes: themes, themeName: theme,
                               userId: "snapshot-user", width: width, height: height, now: fixedNow, timeZone: utc,
                               colorDepth: depth))
        app.preview(variant: variant)
        return app
    }

    @Test func everyShippedThemeIsCovered() {
        #expect(Self.themes.count >= 5)
    }

    @Test("Each template in each theme", arguments: variants, ["USA", "SAU"])
    func template(_ variant: (template: String, id: String), storefront: String) throws {
        for theme in Self.themes {
            var screens: [StyledSnapshot.Screen] = []
            for (width, height) in Self.sizes {
                let frames = [ColorDepth.indexed256, .eight].map { depth in
                    let app = Self.app(theme: theme.name, depth: depth, width: width, height: height,
                                       storefront: storefront, variant: variant.id)
                    return (depth, app.view())
                }
                let text = frames[0].1.lines
                #expect(frames.allSatisfy { $0.1.lines == text }, "the depth changed the text")
                // At 80 columns the status bar may let the theme go to keep the storefront and the clock.
                #expect(width < 120 || text[0].contains(theme.name), "the theme is not named at \(width)x\(height)")
                screens.append(StyledSnapshot.Screen(size: "\(width)x\(height)", text: text, frames: frames))
            }
            let name = "\(variant.template)-\(theme.name)-\(storefront)"
            assertGolden(StyledSnapshot.document(title: "\(variant.template) · \(theme.name) · \(storefront)", screens: screens),
                         named: "styled/\(name)")
        }
    }
}
