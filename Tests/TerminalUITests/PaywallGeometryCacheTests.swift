import Catalog
import TestFixtures
import Testing
@testable import TerminalUI

/// The paywall's geometry is laid out once for each state of the model and kept
/// (`PaywallGeometryCache`): after any change of what it is laid out from (the selection, the
/// rows' scroll, the storefront, the variant, what is owned, the catalog, the size, the width
/// mode) the geometry read is the new state's, never one kept from before.
@Suite("Paywall geometry: laid out once a state, never stale")
struct PaywallGeometryCacheTests {
    private static let tall = Rect(x: 0, y: 0, width: 100, height: 40)
    private static let short = Rect(x: 0, y: 0, width: 80, height: 14)

    /// Every field, so two geometries compare whole.
    private func described(_ geometry: PaywallGeometry) -> String {
        String(describing: geometry)
    }

    /// Laid out afresh, past the cache.
    private func fresh(_ model: PaywallModel, in area: Rect) -> String {
        described(PaywallGeometry(model: model, inner: PaywallView.content(of: area), cta: PaywallView.callToAction(of: model),
                                  links: PaywallView.links(of: model)))
    }

    /// The geometry read for `model` in each area is what laying it out afresh gives.
    private func expectCurrent(_ model: PaywallModel, after change: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for area in [Self.tall, Self.short] {
            #expect(described(PaywallView.layout(model, area: area)) == fresh(model, in: area), "after \(change) at \(area)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func everyChangeIsLaidOutAfresh() throws {
        var model = answeredModel()
        let owned = try #require(model.shop.plans.first?.product.id)
        var smaller = defaultCatalog
        smaller.products.removeLast()
        let changes: [(String, PaywallModel.Action)] = [
            ("a move", .move(by: 1)),
            ("a move down", .moveVertically(by: 1, area: Self.short)),
            ("a selection at the end", .select(index: model.itemCount - 1)),
            ("the rows kept in view", .keepSelectionInView(area: Self.short)),
            ("a selection at the start", .select(index: 0)),
            ("another storefront", .chooseStorefront(index: defaultCatalog.storefronts.count - 1)),
            ("another variant", .previewNextVariant),
            ("another eligibility", .cycleEligibility),
            ("a product owned", .ownershipChanged([owned])),
            ("nothing owned", .ownershipChanged([])),
            ("a product gone from the catalog", .catalogReplaced(smaller)),
            ("the products loading again", .productsLoading(attempt: 2)),
        ]
        for (name, action) in changes {
            // Laid out, and so kept, before the change.
            for area in [Self.tall, Self.short] { _ = PaywallView.layout(model, area: area) }
            model.update(action)
            expectCurrent(model, after: name)
        }
    }

    /// A copy shares the kept geometries; changed apart, each reads its own.
    @Test func copiesChangedApartReadTheirOwn() {
        var down = answeredModel()
        var up = down
        _ = PaywallView.layout(down, area: Self.short)
        down.update(.select(index: down.itemCount - 1))
        up.update(.select(index: 1))
        expectCurrent(down, after: "a selection at the end")
        expectCurrent(up, after: "a selection near the start")
        #expect(PaywallView.layout(down, area: Self.short).selection != PaywallView.layout(up, area: Self.short).selection)
    }

    /// Text is measured in the terminal's width mode: a geometry laid out in one is not read in the other.
    @Test func eachWidthModeHasItsOwn() {
        let model = answeredModel(storefront: defaultCatalog.storefronts.last?.id ?? "USA")
        for mode in WidthMode.allCases {
            DisplayWidth.measuring(mode) { expectCurrent(model, after: "measuring \(mode)") }
        }
    }

    /// What changes nothing (an engine report's history and ownership as they were, the rows
    /// already where the selection needs them) keeps the state, and the geometries laid out for it.
    @Test func whatChangesNothingKeepsTheState() {
        var model = answeredModel()
        model.update(.keepSelectionInView(area: Self.short))
        let before = model.revision
        model.update(.keepSelectionInView(area: Self.short))
        model.update(.historyChanged(model.history))
        model.update(.ownershipChanged(model.ledgerOwned))
        #expect(model.revision == before)
        model.update(.move(by: 1))
        #expect(model.revision != before)
    }
}
