import Catalog
import Foundation

/// The app's load of a large catalog against Foundation's `JSONSerialization` on the same bytes,
/// timed alternately in one run so both see the same machine. `JSONSerialization` is the floor:
/// it only parses, into dictionaries of `Any`, and keeps no line or column; the app's load
/// parses, decodes every product, validates the references and prices, and keeps the place of
/// every value for its diagnostics. Both are checked to have read every product.
enum CatalogLoadBench {
    struct Outcome {
        var app: Measurement
        var floor: Measurement
        var bytes: Int
        var products: Int
        /// How much more memory than before it the app's load needed at its peak, in bytes
        /// (nil where the system cannot say: the peak is read from `/proc/self/status`).
        var peakGrowth: Int?

        var ratio: Double { floor.median > 0 ? app.median / floor.median : 0 }
    }

    private static let productCount = 10_000

    static func measure(runs: Int) throws(CommandFailure) -> Outcome {
        let data = Data(SyntheticCatalog.text(products: productCount, descriptions: true).utf8)
        let label = String(format: "%.1f MB, 10,000 products", Double(data.count) / 1e6)
        // First, while nothing else has been loaded: memory the allocator keeps from an earlier
        // load would be counted as resident before it, and the growth would look smaller.
        let peak = PeakMemory.growth { _ = try? loadedProducts(data) }
        var appSamples: [Double] = []
        var floorSamples: [Double] = []
        var appCount = 0
        var floorCount = 0
        // One of each unmeasured first, then alternately.
        for run in -1..<runs {
            let app = try time { () throws(CommandFailure) in appCount = try loadedProducts(data) }
            let floor = time { floorCount = parsedProducts(data) }
            guard run >= 0 else { continue }
            appSamples.append(app)
            floorSamples.append(floor)
        }
        guard appCount == productCount, floorCount == productCount else {
            throw CommandFailure(.ioError, "the catalog load bench read \(appCount) products, JSONSerialization \(floorCount), "
                                 + "of \(productCount)")
        }
        return Outcome(app: Measurement(name: "load \(label), the app", samples: appSamples),
                       floor: Measurement(name: "parse \(label), JSONSerialization (the floor)", samples: floorSamples),
                       bytes: data.count, products: productCount, peakGrowth: peak)
    }

    /// What the app does with a catalog file's bytes: checks they are UTF-8, then loads them.
    private static func loadedProducts(_ data: Data) throws(CommandFailure) -> Int {
        do {
            let text = try SourceText.decode(data)
            return try CatalogLoader.load(text: text, file: "bench.json").products.count
        } catch let error as SourceText.NotUTF8 {
            throw CommandFailure(.dataError, error.diagnostic.description)
        } catch {
            throw CommandFailure(.dataError, "the generated catalog did not load: \(error)")
        }
    }

    private static func parsedProducts(_ data: Data) -> Int {
        let object = try? JSONSerialization.jsonObject(with: data)
        return ((object as? [String: Any])?["products"] as? [Any])?.count ?? 0
    }

    private static func time<Failure: Error>(_ work: () throws(Failure) -> Void) throws(Failure) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// The process's peak resident memory, as Linux keeps it (`VmHWM`), reset before the work
/// (writing 5 to `/proc/self/clear_refs` sets the peak to what is resident now), so the growth
/// is the work's own and not the largest thing the bench did before it.
enum PeakMemory {
    static func growth(during work: () -> Void) -> Int? {
        guard let reset = FileHandle(forWritingAtPath: "/proc/self/clear_refs"),
              (try? reset.write(contentsOf: Data("5".utf8))) != nil, (try? reset.close()) != nil,
              let before = status("VmRSS") else { return nil }
        work()
        return status("VmHWM").map { $0 - before }
    }

    /// A field of `/proc/self/status` in bytes (`VmHWM:   104188 kB`).
    static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
                .flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}
