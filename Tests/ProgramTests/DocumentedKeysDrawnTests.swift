import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 16 item 2: every documented key of a paywall that shapes the screen is drawn. The test
/// reads docs/catalog.md's tables for `paywalls[]`, a variant and its strings, and the fixed
/// words, and for each key it finds there changes that key alone in the default catalog and
/// shows the change in the frame (a marker string where the key is text). A key documented
/// without an effect here, or an effect here for a key the page does not document, fails.
@Suite("Every documented paywall key is drawn")
struct DocumentedKeysDrawnTests {
    /// One key's change: what it does to the catalog, the screen it is looked at on, and the
    /// words that must then be on the screen (nil: only that the screen changes).
    struct Change: Sendable {
        var mutate: @Sendable (inout ProductCatalog) -> Void
        var marker: String?
        var setUp: @Sendable (ProductCatalog) -> App = { DocumentedKeysDrawnTests.shown($0) }
    }

    /// The paywall as the default player sees variant A (cards) at 120x40 in the USA.
    static func shown(_ catalog: ProductCatalog, storefront: String = "USA", snapshot: StoreSnapshot = StoreSnapshot(),
                      variant: String? = "A", keys: [Key] = []) -> App {
        var app = launchedApp(catalog: catalog, storefront: storefront, width: 120, height: 40, snapshot: snapshot)
        if let variant { app.preview(variant: variant) }
        for key in keys { app.receive(.key(key)) }
        return app
    }

    static let removeAds = "com.example.stardust.remove_ads"
    static let monthly = "com.example.stardust.pass.monthly"
    static let weekly = "com.example.stardust.pass.weekly"
    static let owning = StoreSnapshot(entitlements: [
        Entitlement(id: "no_ads", kind: .nonConsumable, productId: removeAds, expiresAt: nil, isActive: true),
        Entitlement(id: "premium", kind: .accessLevel, productId: monthly, expiresAt: fixedNow.addingTimeInterval(86_400),
                    isActive: true),
    ], history: SubscriberHistory(subscribedGroups: ["stardust_pass"]))

    static func english(_ catalog: inout ProductCatalog, _ change: (inout PaywallStrings) -> Void) {
        for index in catalog.paywalls[0].variants.indices {
            if var strings = catalog.paywalls[0].variants[index].strings["en"] {
                change(&strings)
                catalog.paywalls[0].variants[index].strings["en"] = strings
            }
        }
    }

    static func word(_ key: PlayerText.Key, _ marker: String) -> Change {
        Change(mutate: { english(&$0) { $0.text[key] = marker } }, marker: marker, setUp: { shown($0, snapshot: owning) })
    }

    /// Each key by its table: `paywall.id`, `variant.template`, `strings.subtitle`, `words.owned`.
    static let changes: [String: Change] = [
        "paywall.id": Change(mutate: { $0.paywalls[0].id = "MARKERPAYWALL" }, marker: "Paywall MARKERPAYWALL"),
        "paywall.placement": Change(mutate: { $0.paywalls[0].placement = "MARKERPLACE" }, marker: "MARKERPLACE"),
        "paywall.defaultLocale": Change(mutate: { catalog in
            // German players with no German strings read the default locale's.
            for index in catalog.paywalls[0].variants.indices {
                catalog.paywalls[0].variants[index].strings["de"] = nil
                catalog.paywalls[0].variants[index].strings["xx"] = PaywallStrings(title: "MARKERDEFAULT")
            }
            catalog.paywalls[0].defaultLocale = "xx"
        }, marker: "MARKERDEFAULT", setUp: { shown($0, storefront: "DEU") }),
        "paywall.variants": Change(mutate: { catalog in
            var variant = catalog.paywalls[0].variants[0]
            variant.id = "A"
            variant.template = .hero
            catalog.paywalls[0].variants = [variant]
        }, marker: nil),
        // Without an address the link is not drawn.
        "paywall.termsUrl": Change(mutate: { $0.paywalls[0].termsUrl = nil }, marker: nil),
        "paywall.privacyUrl": Change(mutate: { $0.paywalls[0].privacyUrl = nil }, marker: nil),
        "paywall.showsRestore": Change(mutate: { $0.paywalls[0].showsRestore = false }, marker: nil),
        "variant.id": Change(mutate: { $0.paywalls[0].variants[0].id = "MARKERV" }, marker: "variant MARKERV",
                             setUp: { shown($0, variant: "MARKERV") }),
        "variant.weight": Change(mutate: { catalog in
            // All the weight on the hero: every player is assigned it.
            for index in catalog.paywalls[0].variants.indices {
                catalog.paywalls[0].variants[index].weight = catalog.paywalls[0].variants[index].template == .hero ? 1 : 0
            }
        }, marker: "store_open · hero", setUp: { shown($0, variant: nil) }),
        "variant.template": Change(mutate: { $0.paywalls[0].variants[0].template = .list }, marker: "store_open · list"),
        "variant.products": Change(mutate: { $0.paywalls[0].variants[0].products.removeAll { $0 == weekly } }, marker: nil),
        "variant.highlight": Change(mutate: { $0.paywalls[0].variants[0].highlight = monthly }, marker: "1 month ★"),
        "variant.selected": Change(mutate: { $0.paywalls[0].variants[0].selected = monthly }, marker: "▸ Monthly Pass"),
        "variant.promotionalOffer": Change(mutate: { $0.paywalls[0].variants[0].promotionalOffer = "comeback_50" },
                                           marker: "3 months at $2.49/month",
                                           setUp: { shown($0, snapshot: StoreSnapshot(history: SubscriberHistory(subscribedGroups: ["stardust_pass"]))) }),
        "variant.strings": Change(mutate: { $0.paywalls[0].variants[0].strings = [:] }, marker: nil),
        "strings.title": Change(mutate: { english(&$0) { $0.title = "MARKERTITLE" } }, marker: "MARKERTITLE"),
        "strings.subtitle": Change(mutate: { english(&$0) { $0.subtitle = "MARKERSUBTITLE" } }, marker: "MARKERSUBTITLE"),
        "strings.features": Change(mutate: { english(&$0) { $0.features = ["MARKERFEATURE"] } }, marker: "✓ MARKERFEATURE"),
        "strings.cta": Change(mutate: { english(&$0) { $0.cta = "MARKERCTA" } }, marker: "MARKERCTA"),
        "strings.offerDetails": Change(mutate: { english(&$0) { $0.offerDetails = "MARKERDETAILS {{ product.period }}" } },
                                       marker: "MARKERDETAILS week",
                                       setUp: { shown($0, keys: [.character("e"), .character("e")]) }),
        "strings.offerDetailsWithIntro": Change(mutate: { english(&$0) { $0.offerDetailsWithIntro = "MARKERINTRO" } },
                                                marker: "MARKERINTRO"),
        "words.cta": Change(mutate: { english(&$0) { $0.cta = "MARKERWORDCTA" } }, marker: "MARKERWORDCTA"),
        "words.shopTitle": word(.shopTitle, "MARKERSHOP"),
        "words.restore": word(.restore, "MARKERRESTORE"),
        "words.terms": word(.terms, "MARKERTERMSWORD"),
        "words.privacy": word(.privacy, "MARKERPRIVACY"),
        "words.owned": word(.owned, "MARKEROWNED"),
        "words.currentPlan": word(.currentPlan, "MARKERCURRENT"),
        "words.buy": Change(mutate: { english(&$0) { $0.text[.buy] = "MARKERBUY" } }, marker: "MARKERBUY · $0.99",
                            setUp: { catalog in
                                var app = shown(catalog)
                                app.receive(.selectProduct(id: "com.example.stardust.gems_100"))
                                return app
                            }),
        "words.notSoldHere": Change(mutate: { catalog in
            english(&catalog) { $0.text[.notSoldHere] = "MARKERNOTSOLD" }
            if let index = catalog.products.firstIndex(where: { $0.id == weekly }) { catalog.products[index].prices["USA"] = nil }
        }, marker: "MARKERNOTSOLD", setUp: { shown($0, keys: [.character("i")]) }),  // a path that sells what has no price: it shows
        "words.loading": Change(mutate: { english(&$0) { $0.text[.loading] = "MARKERLOADING" } }, marker: "MARKERLOADING",
                                setUp: { catalog in
                                    var app = freshApp(width: 120, height: 40, catalog: catalog)
                                    _ = app.update(.started)
                                    return app
                                }),
        "words.unavailable": Change(mutate: { english(&$0) { $0.text[.unavailable] = "MARKERUNAVAILABLE" } },
                                    marker: "MARKERUNAVAILABLE", setUp: { catalog in
                                        var app = freshApp(width: 120, height: 40, catalog: catalog)
                                        _ = app.update(.started)
                                        app.receive(report(products: .failed(attempt: 4, retryAfter: nil)))
                                        return app
                                    }),
    ]

    /// The keys docs/catalog.md documents for a paywall, a variant, a variant's strings and the
    /// fixed words, each named by its table.
    static func documentedKeys() throws -> [String] {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/catalog.md"), encoding: .utf8)
        let start = try #require(page.range(of: "## `paywalls[]`"))
        let end = page.range(of: "\n## ", range: start.upperBound..<page.endIndex)?.lowerBound ?? page.endIndex
        let section = page[start.upperBound..<end]
        // Tables in order: the paywall's keys, a variant's, the fixed words.
        var tables: [[[String]]] = []
        var current: [[String]] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                if !current.isEmpty { tables.append(current) }
                current = []
                continue
            }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first, first.hasPrefix("`") else { continue }  // the header and its rule
            current.append(cells)
        }
        if !current.isEmpty { tables.append(current) }
        try #require(tables.count == 3, "the paywall, variant and fixed-words tables")
        func names(_ cell: String) -> [String] {
            cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        var keys = tables[0].flatMap { names($0[0]) }.map { "paywall." + $0 }
        for row in tables[1] {
            let name = names(row[0])
            keys += name.map { "variant." + $0 }
            // The strings' own keys are listed in the meaning of `strings`.
            if name == ["strings"] { keys += names(row[row.count - 1]).map { "strings." + $0 } }
        }
        keys += tables[2].flatMap { names($0[0]) }.map { "words." + $0 }
        return keys
    }

    @Test func everyDocumentedKeyHasAnEffectHereAndEveryEffectIsDocumented() throws {
        let documented = try Self.documentedKeys()
        #expect(documented.contains("strings.subtitle") && documented.contains("strings.offerDetails"))
        #expect(Set(documented).subtracting(Self.changes.keys).sorted() == [], "documented, but not shown to be drawn")
        #expect(Set(Self.changes.keys).subtracting(documented).sorted() == [], "shown here, but not documented")
    }

    @Test("Each key changes the screen", arguments: Self.changes.keys.sorted())
    func eachKeyIsDrawn(key: String) throws {
        let change = try #require(Self.changes[key])
        let before = change.setUp(defaultCatalog).view()
        var catalog = defaultCatalog
        change.mutate(&catalog)
        let after = change.setUp(catalog).view()
        #expect(after.text != before.text, "\(key) changes nothing on screen:\n\(after.text)")
        if let marker = change.marker {
            #expect(after.text.contains(marker), "\(key): \(marker) is not on screen:\n\(after.text)")
            #expect(!before.text.contains(marker))
        }
    }
}
