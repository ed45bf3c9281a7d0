import Catalog
import Foundation
import TestFixtures
import Testing
@testable import TerminalUI

/// Opening an Xcode configuration shows a usable paywall: its subscriptions as plans with the
/// longest highlighted, every other product in the shop below, the generated title on screen.
@Suite("A .storekit catalog's paywall on screen")
struct StoreKitPaywallViewTests {
    static let fixtures = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/storekit")
    static let available = FileManager.default.fileExists(atPath: fixtures.path)
    static let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path))?
        .filter { $0.hasSuffix(".storekit") }.sorted() ?? []

    @Test(.enabled(if: available, "../shared/fixtures/storekit is absent (as in a fresh clone)"), arguments: files)
    func everyPlanAndEveryOtherProductIsOffered(file: String) throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(file), encoding: .utf8)
        let catalog = try CatalogFile.load(text: text, file: file)
        let model = PaywallModel(catalog: catalog, storefrontId: "USA", userId: "designer")
        let subscriptions = catalog.products.filter { $0.type == .autoRenewable }.map(\.id)
        #expect(model.shop.plans.map(\.product.id) == subscriptions)
        #expect(model.shop.plans.filter(\.isHighlighted).count == 1)
        #expect(model.itemCount == catalog.products.count, "plans and shop together sell every product")

        var frame = Frame(width: 120, height: 40)
        PaywallView.render(model, focused: true, theme: .dark, in: frame.area, into: &frame)
        #expect(frame.text.contains("Choose your plan"), "\(frame.text)")
    }
}
