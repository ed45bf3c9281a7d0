import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing
@testable import TerminalUI

/// The package root, found from this file's path.
let packageRoot: URL = {
    var directory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    while directory.path != "/" {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
        directory.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// The default catalog.json, loaded as the app loads it.
let defaultCatalog: Catalog = {
    let url = packageRoot.appendingPathComponent("catalog.json")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    do {
        return try CatalogLoader.load(text: text, file: "catalog.json")
    } catch {
        fatalError("catalog.json does not load: \(error)")
    }
}()

/// A fixed moment, so times on screen never change between runs.
let fixedNow = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 09:46:40 UTC

/// A state as the app starts it, at a size, with times in UTC.
/// The products request has answered, as it has a moment after launch.
func makeState(width: Int = 80, height: Int = 24, storefront: String = "USA", user: String = "snapshot-user") -> AppState {
    var state = AppState(catalog: defaultCatalog, storefrontId: storefront, themes: [.dark, .light], userId: user,
                         width: width, height: height, now: fixedNow, timeZone: TimeZone(identifier: "UTC")!)
    state.productsResponse = ProductsAnswer.answer(requesting: defaultCatalog.products.map(\.id),
                                                   projectId: defaultCatalog.settings.projectId, catalog: defaultCatalog)
    state.productsRequest = .answered
    return state
}

/// A ledger snapshot with one finished purchase, as the panes show it after buying gems.
func purchasedGemsSnapshot() -> StoreSnapshot {
    let time = fixedNow
    let transaction = TransactionRecord(
        id: "txn-000001", productId: "com.example.stardust.gems_100", userId: "snapshot-user", storefront: "USA",
        integrationPath: "paystation", state: .purchased, quantity: 1, price: "0.99", currency: "USD",
        invoiceId: "100000001", createdAt: time, updatedAt: time, finishedAt: time)
    let kinds: [(String, String)] = [
        ("purchase.started", "gems_100 for $0.99 in USA: purchasing"), ("paystation.opened", "external browser"),
        ("paystation.paid", "status done, invoice 100000001"), ("transaction.purchased", "purchased"),
        ("transaction.validated", "validated"), ("grant", "+100 gems"), ("transaction.finished", "finished"),
    ]
    let events = kinds.enumerated().reversed().map { index, entry in
        EventRecord(id: Int64(index + 1), time: time.addingTimeInterval(Double(index)), kind: entry.0,
                    transactionId: "txn-000001", message: entry.1)
    }
    return StoreSnapshot(transactions: [transaction], transactionCount: 1, balances: ["gems": 100], entitlements: [],
                         events: events)
}
