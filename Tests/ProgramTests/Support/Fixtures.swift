import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures

// Shared pieces of the program tests: the app as it stands a moment after launch (the catalog
// and the fixed moment are TestFixtures'). Every change to the app goes through `update(_:)`: engine
// answers arrive as `.store` reports, exactly as the program delivers them.

/// An engine report as `.store` carries it, with the clock standing still at `fixedNow`.
/// An engine report; a products outcome is Pay Station's unless `productsPath` says otherwise.
func report(_ snapshot: StoreSnapshot = StoreSnapshot(), sheet: PurchaseSheet? = nil, notice: StoreNotice? = nil,
            products: ProductsOutcome? = nil, productsPath: IntegrationPath = .paystation, nextDue: Date? = nil,
            timeRate: TimeRate = .paused) -> Message {
    var report = StoreReport(snapshot: snapshot, sheet: sheet, notice: notice,
                             products: products.map { ProductsReply(path: productsPath, outcome: $0) },
                             clock: .paused(at: fixedNow), nextDue: nextDue)
    report.timeRate = timeRate
    return .store(report)
}

/// The app as it starts, at a size, with times in UTC, before any engine call has answered.
func freshApp(width: Int = 80, height: Int = 24, storefront: String = "USA", user: String = "snapshot-user",
              catalog: ProductCatalog = defaultCatalog, colorEnabled: Bool = true) -> App {
    App(catalog: catalog, storefrontId: storefront, themes: [.dark, .light], userId: user, width: width, height: height,
        now: fixedNow, timeZone: utc, colorEnabled: colorEnabled)
}

/// The app a moment after launch: `.started` has run and the engine has answered what it asked
/// (launch with an empty ledger; the products request, on a Pay Station storefront, with every
/// product).
func makeApp(width: Int = 80, height: Int = 24, storefront: String = "USA", user: String = "snapshot-user",
             colorEnabled: Bool = true) -> App {
    launched(freshApp(width: width, height: height, storefront: storefront, user: user, colorEnabled: colorEnabled))
}

/// `app` once `.started` has run and the engine has answered what it asked, as in `makeApp`.
func launched(_ started: App) -> App {
    var app = started
    for effect in app.update(.started) {
        switch effect {
        case .engine(.requestProducts):
            _ = app.update(report(products: .answered(fullProductsAnswer())))
        case .engine(.launch):
            _ = app.update(report())
        default:
            fatalError("launch asked for \(effect)")
        }
    }
    return app
}

extension App {
    /// Sends each message in turn, dropping the effects: for setting a scene up.
    mutating func receive(_ messages: Message...) {
        for message in messages { _ = update(message) }
    }

    /// Presses `v` until variant `id` is on screen (a preview, or the assigned variant itself),
    /// then Esc clears the "Previewing variant" line, so the screen is the variant's alone.
    mutating func preview(variant id: String) {
        let count = paywall.paywall?.variants.count ?? 0
        for _ in 0..<count where paywall.variant?.id != id {
            receive(.key(.character("v")))
        }
        receive(.key(.escape))
    }

    var text: String { view().text }
    var lines: [String] { view().lines }
}
