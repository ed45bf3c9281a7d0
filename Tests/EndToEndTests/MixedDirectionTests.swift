import Foundation
import Testing

extension EndToEnd {
    /// Issue 34 item 5 in a real terminal: an Arabic storefront whose variant has only English
    /// strings keeps each `✓` beside its feature, and a product name with emoji flags keeps
    /// each flag whole, the flags right to left.
    @Suite("Mixed-direction text", .needsTmux)
    struct MixedDirection {
        /// The repository's catalog with variant B alone, without Arabic strings, its features
        /// these; and the monthly pass named with two flags in Arabic.
        private func catalog(in state: TemporaryDirectory) throws -> String {
            let data = try Data(contentsOf: URL(fileURLWithPath: BuiltBinary.catalog))
            var catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            var paywalls = try #require(catalog["paywalls"] as? [[String: Any]])
            let variants = try #require(paywalls.first?["variants"] as? [[String: Any]])
            var variant = try #require(variants.first { $0["id"] as? String == "B" })
            var strings = try #require(variant["strings"] as? [String: [String: Any]])
            strings["ar"] = nil
            strings["en"]?["features"] = ["Unlimited skips", "Offline mixes"]
            variant["strings"] = strings
            paywalls[0]["variants"] = [variant]
            catalog["paywalls"] = paywalls
            var products = try #require(catalog["products"] as? [[String: Any]])
            let monthly = try #require(products.firstIndex { ($0["id"] as? String)?.hasSuffix("pass.monthly") == true })
            var name = try #require(products[monthly]["name"] as? [String: String])
            name["ar"] = "flags \u{1F3F3}\u{FE0F}\u{200D}\u{1F308} \u{1F3F4}\u{200D}\u{2620}\u{FE0F}"
            products[monthly]["name"] = name
            catalog["products"] = products
            let file = state.path + "/english-in-arabic.json"
            try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: file))
            return file
        }

        @Test("SAU with English features and a name with flags", arguments: [(80, 24), (120, 40)])
        func featuresAndFlags(size: (width: Int, height: Int)) throws {
            let state = try TemporaryDirectory()
            defer { state.remove() }
            let file = try catalog(in: state)
            let app = try TmuxSession(stateDirectory: state.path + "/state", width: size.width, height: size.height,
                                      arguments: ["--catalog", file, "--storefront", "SAU"])
            defer { app.close() }
            let screen = try app.waitUntil("the Arabic storefront shows the pass named with flags") {
                $0.statusBar.contains("SAU ar_SA") && $0.shows("flags")
            }
            // Each mark on its feature's leading (right) side, the first feature on the right
            // against the paywall's right border.
            #expect(screen.shows("Offline mixes ✓   Unlimited skips ✓ │"), "\(screen.joined(separator: "\n"))")
            // Each flag whole (sent as its pictures, without joiners), the last on the left.
            let row = try #require(screen.first { $0.contains("flags") })
            #expect(row.contains("\u{1F3F4}\u{2620} \u{1F3F3}\u{1F308} flags"), "\(row)")
            try app.quit()
        }
    }
}
