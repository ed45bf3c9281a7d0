import Catalog
import Foundation
import TestFixtures
import Testing
@testable import TerminalUI

/// Opening an Xcode configuration shows a usable paywall: its subscriptions as plans with the
/// longest highlighted, every other product in the shop below, the generated title on screen.
@Suite("A .storekit catalog's paywall on screen")
struct StoreKitPaywallViewTests {
    /// Ours (Tests/Fixtures/storekit) everywhere, and the real ones where ../shared keeps them.
    static let files: [URL] = [
        packageRoot.appendingPathComponent("Tests/Fixtures/storekit"),
        packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/storekit"),
    ].flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".storekit") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test func ourSixFilesAreAmongThem() {
        #expect(Self.files.filter { $0.path.contains("Tests/Fixtures/storekit") }.count == 6)
    }

    @Test(arguments: files)
    func everyPlanAndEveryOtherProductIsOffered(url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        let file = url.lastPathComponent
        let catalog = try CatalogFile.load(text: text, file: file)
        let model = PaywallModel(catalog: catalog, storefrontId: "USA", userId: "designer")
        let subscriptions = catalog.products.filter { $0.type == .autoRenewable }.map(\.id)
        #expect(model.shop.plans.map(\.product.id) == subscriptions)
        #expect(model.shop.plans.filter(\.isHighlighted).count == 1)
        #expect(model.itemCount == catalog.products.count, "plans and shop together sell every product")

        var frame = Frame(width: 120, height: 40)
        frame.render(PaywallView(model, focused: true, theme: .dark), in: frame.area)
        #expect(frame.text.contains("Choose your plan"), "\(frame.text)")
    }
}
