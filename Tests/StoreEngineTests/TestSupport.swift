import Catalog
import Foundation
import Ledger
import StoreEngine
import Testing

// Shared pieces of the StoreEngine tests: a clock the test moves by hand, a seeded generator for
// Pay Station tokens, the default catalog read from catalog.json, and a store on a real SQLite
// file in the temporary directory (never `:memory:`: WAL does not apply there, DESIGN.md §8).

/// A simulated clock: `Store` reads it through its `now:` closure, and only the test moves it.
final class TestClock {
    var date: Date

    init(_ date: Date = Date(timeIntervalSinceReferenceDate: 780_000_000)) {
        self.date = date
    }

    func advance(by seconds: TimeInterval) {
        date = date.addingTimeInterval(seconds)
    }
}

/// SplitMix64: a small generator that gives the same tokens for the same seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The sandbox test cards of DESIGN.md §3, spelled out here rather than read from `TestCard.all`,
/// so the tests notice if the table changes.
enum Cards {
    static let success = "4111111111111111"
    static let threeDSecure = "4111111111111152"
    static let declined = "4111111111111178"
}

/// Product ids of the default catalog.
enum SKU {
    static let gems100 = "com.example.stardust.gems_100"
    static let removeAds = "com.example.stardust.remove_ads"
    static let monthlyPass = "com.example.stardust.pass.monthly"
}

struct TestSetupError: Error, CustomStringConvertible {
    var description: String
}

/// The repository's catalog.json, found by walking up from this file (through the scratch
/// package's symlinks) to the directory that holds both catalog.json and Package.swift.
func defaultCatalog(from file: String = #filePath) throws -> Catalog {
    let manager = FileManager.default
    var directory = URL(fileURLWithPath: file).resolvingSymlinksInPath().deletingLastPathComponent()
    while directory.path != "/" {
        let catalogFile = directory.appendingPathComponent("catalog.json")
        if manager.fileExists(atPath: catalogFile.path),
           manager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            let text = try String(contentsOf: catalogFile, encoding: .utf8)
            return try CatalogLoader.load(text: text, file: "catalog.json")
        }
        directory = directory.deletingLastPathComponent()
    }
    throw TestSetupError(description: "no directory above \(file) holds both catalog.json and Package.swift")
}

/// Runs `body` with the path of a ledger file that does not exist yet, and removes it and its
/// WAL siblings afterwards. Every call gets its own UUID-named file, since tests run in parallel.
func withTemporaryLedgerPath<T>(_ body: (String) throws -> T) rethrows -> T {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("store-engine-test-\(UUID().uuidString).sqlite").path
    defer {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
    return try body(path)
}

/// A `Store` over a real ledger file, with a hand-moved clock and a seeded token generator.
final class StoreHarness {
    let path: String
    let clock: TestClock
    let userId: String
    let catalog: Catalog
    private(set) var ledger: Ledger
    private(set) var store: Store

    init(path: String, catalog: Catalog, userId: String) throws {
        let clock = TestClock()
        self.path = path
        self.clock = clock
        self.catalog = catalog
        self.userId = userId
        ledger = try Ledger(path: path)
        store = Store(catalog: catalog, ledger: ledger, userId: userId, now: { clock.date },
                      generator: SeededGenerator(seed: 42))
    }

    /// A new launch of the app: a new `Ledger` and `Store` on the same file (the old ones are dropped).
    func relaunch() throws {
        ledger = try Ledger(path: path)
        store = Store(catalog: catalog, ledger: ledger, userId: userId, now: { [clock] in clock.date },
                      generator: SeededGenerator(seed: 7))
    }

    func storefront(_ id: String) throws -> Storefront {
        try #require(catalog.storefront(id: id))
    }

    /// `add(payment)`; fails the test unless Pay Station opened.
    func open(_ productId: String, in storefrontId: String = "USA") throws -> PayStationSession {
        let start = try store.beginPurchase(of: productId, in: storefront(storefrontId))
        return try #require(start.session, "Pay Station did not open: \(start)")
    }

    /// A whole purchase as the player makes it: open Pay Station, pay with `card` (a 3-D Secure
    /// card gets a code), close it, and hand any redirect back to the URL handler.
    @discardableResult
    func buy(_ productId: String, in storefrontId: String = "USA", card: String = Cards.success) throws
        -> (session: PayStationSession, notice: StoreNotice) {
        var session = try open(productId, in: storefrontId)
        session.pay(card: card)
        if session.phase == .threeDSecure {
            session.typeText("1234")
            session.submit()
        }
        clock.advance(by: 30)
        switch try store.payStationClosed(session) {
        case .settled(let notice):
            return (session, notice)
        case .redirect(let url, _):
            clock.advance(by: 2)
            return (session, try store.handle(url: url))
        }
    }

    /// The kinds of the events logged for one transaction, oldest first.
    func eventKinds(of transactionId: String) throws -> [String] {
        try ledger.events(newestFirst: 10_000).reversed().filter { $0.transactionId == transactionId }.map(\.kind)
    }

    /// Every event kind, oldest first.
    func allEventKinds() throws -> [String] {
        try ledger.events(newestFirst: 10_000).reversed().map(\.kind)
    }

    func states(of transactionId: String) throws -> [TransactionState] {
        try ledger.history(ofTransaction: transactionId).map(\.state)
    }
}

/// Runs `body` with a store on a fresh temporary ledger, over the default catalog or `catalog`.
func withStore<T>(catalog: Catalog? = nil, userId: String = "player-1",
                  _ body: (StoreHarness) throws -> T) throws -> T {
    let catalog = try catalog ?? defaultCatalog()
    return try withTemporaryLedgerPath { path in
        let harness = try StoreHarness(path: path, catalog: catalog, userId: userId)
        return try body(harness)
    }
}

extension Store.PurchaseStart {
    var session: PayStationSession? {
        if case .payStation(let session) = self { return session }
        return nil
    }
}

extension Store.PayStationResult {
    var redirectURL: String? {
        if case .redirect(let url, _) = self { return url }
        return nil
    }

    var settledNotice: StoreNotice? {
        if case .settled(let notice) = self { return notice }
        return nil
    }
}

extension PayStationSession {
    mutating func typeText(_ text: String) {
        for character in text {
            type(character)
        }
    }

    /// Fills the card form field by field, pressing Enter after each, as a player does.
    mutating func pay(card: String, expiry: String = "1240", cvv: String = "123") {
        enter(card: card, expiry: expiry, cvv: cvv)
    }

    static func sample(sandbox: Bool = true, token: String = "TOKEN123") -> PayStationSession {
        PayStationSession(transactionId: "txn-000001", invoiceId: "100000001", token: token,
                          productId: SKU.gems100, productName: "Pouch of Gems", formattedPrice: "$0.99",
                          opensExternalBrowser: true, sandbox: sandbox)
    }
}
