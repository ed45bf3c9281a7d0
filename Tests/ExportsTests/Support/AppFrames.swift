import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI

/// Real screens of the app, drawn without a terminal or a ledger: the app launched on the
/// repository's catalog with every product answered, then walked through a few keys. Each
/// step is one frame, as the program would draw it.
enum AppFrames {
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    static func catalog() throws -> ProductCatalog {
        let text = try String(contentsOf: root.appendingPathComponent("catalog.json"), encoding: .utf8)
        return try CatalogLoader.load(text: text, file: "catalog.json")
    }

    /// The frames of a short walk: launch, across the cards, into the shop, another theme,
    /// another storefront, the keys' help.
    static func walk(width: Int = 100, height: Int = 30, storefront: String = "USA") throws -> [Frame] {
        let catalog = try catalog()
        let moment = Date(timeIntervalSince1970: 1_795_000_000)
        func report() -> StoreReport {
            StoreReport(snapshot: StoreSnapshot(), clock: .paused(at: moment))
        }
        var app = App(catalog: catalog, storefrontId: storefront, themes: [.dark, .light], userId: "recording", width: width,
                      height: height, now: moment, timeZone: TimeZone(identifier: "UTC") ?? .current)
        for effect in app.update(.started) {
            if case .engine(.requestProducts) = effect {
                var answered = report()
                let answer = ProductsAnswer.answer(requesting: catalog.products.map(\.id),
                                                   projectId: catalog.settings.projectId, catalog: catalog)
                answered.products = ProductsReply(path: .paystation, outcome: .answered(answer))
                _ = app.update(.store(answered))
            } else if case .engine(.launch) = effect {
                _ = app.update(.store(report()))
            }
        }
        var frames = [app.view()]
        let keys: [Key] = [.right, .right, .down, .character("t"), .character("s"), .character("?")]
        for key in keys {
            _ = app.update(.key(key))
            frames.append(app.view())
        }
        return frames
    }
}
