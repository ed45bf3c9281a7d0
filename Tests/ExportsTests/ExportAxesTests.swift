import Catalog
@testable import Exports
import Foundation
import Testing

@Suite struct ExportAxesTests {
    let themes = ["dark", "light", "calm"]

    @Test func withNoAxesGivenEveryValueTheCatalogHasIsDrawn() throws {
        let catalog = try loadCatalog()
        let axes = try ExportAxisOptions().axes(catalog: catalog, themeNames: themes)
        #expect(axes.storefronts == catalog.storefronts.map(\.id))
        #expect(axes.themes == themes)
        #expect(axes.sizes == [.init(width: 80, height: 24), .init(width: 120, height: 40)])
        #expect(axes.variants == catalog.paywalls[0].variants.map(\.id))
        #expect(axes.eligibilities == ["eligible", "not-eligible"])
        #expect(axes.states == [nil])
        #expect(axes.devices == ["full"])
        #expect(axes.combinations.count == catalog.storefronts.count * 3 * 2 * axes.variants.count * 2)
    }

    @Test func givenValuesAreKeptInTheirOrderWithoutRepeats() throws {
        let options = ExportAxisOptions(storefronts: "deu, USA,DEU", themes: "light", sizes: "100x30,80X24,100x30",
                                        variants: "B", eligibility: "not eligible,auto", states: "trial used,auto,lapsed",
                                        devices: "phone,tablet")
        let axes = try options.axes(catalog: try loadCatalog(), themeNames: themes)
        #expect(axes.storefronts == ["DEU", "USA"])
        #expect(axes.sizes == [.init(width: 100, height: 30), .init(width: 80, height: 24)])
        #expect(axes.eligibilities == ["not-eligible", "auto"])
        #expect(axes.states == ["trial-used", nil, "lapsed"])
        #expect(axes.devices == ["phone", "tablet"])
        #expect(axes.combinations.first?.name == "DEU-light-100x30-B-not_eligible-trial_used-phone")
        #expect(axes.combinations.count == 2 * 1 * 2 * 1 * 2 * 3 * 2)
    }

    @Test func combinationsRunStorefrontFirstAndDeviceLast() throws {
        let axes = ExportAxes(storefronts: ["USA", "DEU"], themes: ["dark"], sizes: [.init(width: 80, height: 24)],
                              variants: ["A"], eligibilities: ["eligible"], states: [nil], devices: ["full", "phone"])
        #expect(axes.combinations.map(\.name) == ["USA-dark-80x24-A-eligible", "USA-dark-80x24-A-eligible-phone",
                                                  "DEU-dark-80x24-A-eligible", "DEU-dark-80x24-A-eligible-phone"])
    }

    @Test(arguments: [
        (ExportAxisOptions(storefronts: "USA,ATL"), "--storefronts: no ATL here; the values are USA, DEU"),
        (ExportAxisOptions(themes: "blue"), "--themes: no blue here; the values are dark, light, calm."),
        (ExportAxisOptions(variants: "Z"), "--variants: no Z here; the values are A"),
        (ExportAxisOptions(eligibility: "maybe"), "--eligibility: no maybe here; the values are auto, eligible, not-eligible."),
        (ExportAxisOptions(states: "rich"), "--states: no rich here; the values are auto, new, trial-used, subscribed, lapsed, billing-retry, promo-eligible."),
        (ExportAxisOptions(devices: "watch"), "--device: no watch here; the values are full, phone, tablet."),
        (ExportAxisOptions(sizes: "80-24"), "--sizes: 80-24 is not WIDTHxHEIGHT; give sizes such as 80x24,120x40."),
        (ExportAxisOptions(sizes: "80x24,2000x40"), "--sizes: 2000x40 is out of range; widths go from 60 to 1000, heights from 18 to 500."),
        // Issue 34 item 12: below the app's minimum a picture only says "Make the terminal at least 60x18".
        (ExportAxisOptions(sizes: "40x10,20x10"), "--sizes: 40x10 is smaller than the app's minimum of 60x18, where the screen only "
            + "asks for a larger terminal; give sizes of at least 60x18, such as 80x24,120x40."),
        (ExportAxisOptions(sizes: "80x24,59x18"), "--sizes: 59x18 is smaller than the app's minimum of 60x18"),
        (ExportAxisOptions(sizes: "60x17"), "--sizes: 60x17 is smaller than the app's minimum of 60x18"),
        (ExportAxisOptions(themes: "dark,,light"), "--themes \"dark,,light\": an empty value; give a comma-separated list without blanks."),
        (ExportAxisOptions(storefronts: ""), "--storefronts \"\": an empty value; give a comma-separated list without blanks."),
    ])
    func anUnknownValueIsAUsageErrorNamingTheOptionTheValueAndTheValidOnes(options: ExportAxisOptions, message: String) throws {
        let catalog = try loadCatalog()
        do {
            _ = try options.axes(catalog: catalog, themeNames: themes)
            Issue.record("accepted \(options)")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func theAppsMinimumSizeIsExported() throws {
        let axes = try ExportAxisOptions(sizes: "60x18").axes(catalog: try loadCatalog(), themeNames: themes)
        #expect(axes.sizes == [.init(width: 60, height: 18)])
    }

    @Test func aCatalogWithoutAPaywallHasOneVariantAndRefusesVariants() throws {
        var catalog = try loadCatalog()
        catalog.paywalls = []
        #expect(try ExportAxisOptions().axes(catalog: catalog, themeNames: themes).variants == [ExportAxes.noVariant])
        #expect(throws: ExportFailure.self) { try ExportAxisOptions(variants: "A").axes(catalog: catalog, themeNames: themes) }
    }

    @Test func aBaseCatalogKeepsTheAxesButItsOwnStorefrontsAndVariants() throws {
        let current = try loadCatalog()
        var base = current
        base.storefronts.removeAll { $0.id == "DEU" }
        let defaults = ExportAxisOptions()
        let axes = try defaults.axes(catalog: current, themeNames: themes)
        #expect(defaults.axes(forBase: base, current: axes).storefronts == base.storefronts.map(\.id))
        let named = ExportAxisOptions(storefronts: "USA,DEU")
        let namedAxes = try named.axes(catalog: current, themeNames: themes)
        #expect(named.axes(forBase: base, current: namedAxes).storefronts == ["USA"])
    }

    @Test func formatsDefaultToTextPicturesAndPages() throws {
        #expect(ExportFormat.defaults == [.txt, .svg, .html])
        #expect(try ExportFormat.parse(nil) == [.txt, .svg, .html])
        #expect(try ExportFormat.parse("png,svg,png") == [.png, .svg])
        #expect(throws: ExportFailure.self) { try ExportFormat.parse("svg,gif") }
    }
}
