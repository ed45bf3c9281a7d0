import Catalog
import Exports
import Foundation
import TerminalUI

/// The export figure: 1,000 SVGs of 120x40 drawn on the real loop with two jobs, as
/// `storefront export --formats svg --jobs 2` draws them, timed once (a run is long enough that
/// the machine's noise averages out inside it). Checked to have written every file, none empty.
enum ExportBench {
    static func measure(catalog: ProductCatalog, catalogPath: String, quick: Bool) throws(CommandFailure) -> Measurement {
        let wanted = quick ? 100 : 1_000
        let themes = Environment.loadThemes(near: catalogPath).themes
        let combinations = Array(combinations(catalog: catalog, themes: themes).prefix(wanted))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-bench-export-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let job = ExportJob(catalog: catalog, catalogLabel: catalogPath, themes: themes, combinations: combinations,
                            formats: [.svg], outputDirectory: directory, jobs: 2)
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            _ = try Exporter.export(job)
        } catch {
            throw CommandFailure(.ioError, "export benchmark: \(error.message)")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let written = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { name in
            name.hasSuffix(".svg") && ((try? FileManager.default.attributesOfItem(atPath: "\(directory)/\(name)")[.size] as? Int) ?? 0) > 0
        }
        guard written.count == combinations.count else {
            throw CommandFailure(.ioError, "the export benchmark wrote \(written.count) non-empty SVGs of \(combinations.count)")
        }
        return Measurement(name: "export \(combinations.count) SVGs of 120x40, 2 jobs", samples: [seconds])
    }

    /// Distinct 120x40 pictures of the catalog: every storefront, theme, variant, eligibility,
    /// player state and device, as many as that makes.
    static func combinations(catalog: ProductCatalog, themes: [Theme]) -> [Combination] {
        let variants = catalog.paywalls.first?.variants.map(\.id) ?? [ExportAxes.noVariant]
        let axes = ExportAxes(storefronts: catalog.storefronts.map(\.id), themes: themes.map(\.name),
                              sizes: [ExportAxes.Size(width: 120, height: 40)], variants: variants,
                              eligibilities: ExportAxes.eligibilityNames,
                              states: [nil] + PlayerState.allCases.map(\.name), devices: Device.allCases.map(\.rawValue))
        return axes.combinations
    }
}
