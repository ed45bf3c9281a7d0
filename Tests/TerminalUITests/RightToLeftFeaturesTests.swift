import Catalog
import Foundation
import TerminalUI
import TestFixtures
import Testing

/// An Arabic storefront whose variant has no Arabic strings reads the English ones: its
/// features line is still one `✓` beside each feature, the features right to left.
@Suite("Right-to-left features line")
struct RightToLeftFeaturesTests {
    /// The catalog's SAU storefront showing only variant `id`, its Arabic strings removed.
    private func englishFallbackModel(variant id: String) throws -> PaywallModel {
        var catalog = defaultCatalog
        let paywall = try #require(catalog.paywalls.indices.first)
        var variant = try #require(catalog.paywalls[paywall].variants.first { $0.id == id })
        variant.strings["ar"] = nil
        catalog.paywalls[paywall].variants = [variant]
        var model = PaywallModel(catalog: catalog, storefrontId: "SAU", userId: "designer")
        model.update(.productsLoading(attempt: 1))
        model.update(.productsAnswered(fullProductsAnswer(catalog)))
        return model
    }

    @Test("cards and list at 80x24 and 120x40", arguments: ["A", "B"], [(80, 24), (120, 40)])
    func eachCheckmarkIsBesideItsFeature(variant: String, size: (width: Int, height: Int)) throws {
        let model = try englishFallbackModel(variant: variant)
        #expect(model.writingDirection == .rightToLeft)
        let features = try #require(model.shop.presentation?.strings.features)
        #expect(features.count > 1 && features.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(features)")
        var frame = Frame(width: size.width, height: size.height)
        frame.draw(.rightToLeft, in: frame.area) { area, frame in
            frame.render(PaywallView(model, focused: true, theme: .dark), in: area)
        }
        let line = try #require(frame.lines.first { $0.contains("✓") }, "\(frame.text)")
        // Inside the border: the first feature on the right, its mark on its leading (right) side.
        let expected = features.reversed().map { "\($0) ✓" }.joined(separator: "   ")
        #expect(line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces) == expected, "\(frame.text)")
        #expect(line.hasSuffix("✓ │"), "\(line)")
    }
}

/// The paywall's own overlays (`o`, a product in full) read as the paywall beneath: in an
/// Arabic storefront the box is mirrored and its text shaped, right to left.
@Suite("Right-to-left overlays")
struct RightToLeftOverlayTests {
    @Test("a product in full on SAU is mirrored, its Arabic in screen order", arguments: [(80, 24), (120, 40)])
    func aProductInFullReadsRightToLeft(size: (width: Int, height: Int)) throws {
        var model = PaywallModel(catalog: defaultCatalog, storefrontId: "SAU", userId: "designer")
        model.update(.productsLoading(attempt: 1))
        model.update(.productsAnswered(fullProductsAnswer(defaultCatalog)))
        let overlay = try #require(PaywallView.inFull(model))
        #expect(overlay.direction == .rightToLeft)
        var frame = Frame(width: size.width, height: size.height)
        frame.render(TextOverlayView(overlay, theme: .dark), in: frame.area)
        let title = try #require(frame.lines.first { $0.contains("╮") || $0.contains("╭") }, "\(frame.text)")
        // The title sits at the box's right, drawn as the terminal shows Arabic: shaped, in visual order.
        let shaped = BidiText.visualRightToLeft(overlay.title)
        #expect(title.contains(shaped + " ─╮"), "\(title)")
        #expect(!frame.text.contains(overlay.title), "the title in typing order would read backwards: \(frame.text)")
    }
}
