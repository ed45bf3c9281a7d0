import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

// Shared pieces of the StoreEngine tests: a wall clock the test moves by hand, a seeded generator
// for Pay Station tokens, the default catalog read from catalog.json, and a store on a real SQLite
// file in the temporary directory (never `:memory:`: WAL does not apply there).
//
// The store is driven only as the program drives it: `beginPurchase`, `send(PathInput)`,
// `open(url:)`, `runDue`, `advance(to:)`. The harness reads the ledger directly to check what
// was committed, since that is what survives a crash.

/// The wall clock the store reads through its `wallTime:` closure; only the test moves it. A
/// new ledger keeps no clock, so the store starts real time at this wall time: simulated time
/// equals this date until something calls `advance(to:)` or changes the rate.
final class TestClock {
    var date: Date

    /// 2025-09-19 18:40:00 UTC: September has 30 days, so a month from here is 30 days.
    static let start = Date(timeIntervalSinceReferenceDate: 780_000_000)

    init(_ date: Date = TestClock.start) {
        self.date = date
    }

    func advance(by seconds: TimeInterval) {
        date = date.addingTimeInterval(seconds)
    }
}

/// The sandbox test cards, spelled out here rather than read from `TestCard.all`,
/// so the tests notice if the table changes.
enum Cards {
    static let success = "4111111111111111"
    static let threeDSecure = "4111111111111152"
    static let declined = "4111111111111178"
    /// Paid, then processed a while (status `delivering`) before `done`.
    static let delivering = "4111111111111103"
}

/// Product ids of the default catalog.
enum SKU {
    static let gems100 = "com.example.stardust.gems_100"
    static let removeAds = "com.example.stardust.remove_ads"
    static let weeklyPass = "com.example.stardust.pass.weekly"
    static let monthlyPass = "com.example.stardust.pass.monthly"
}

/// The default catalog's redirect base (`paymentsRedirectUrl`).
let redirectBase = "com.example.stardust://xsollaconfirm/payment"

struct TestSetupError: Error, CustomStringConvertible {
    var description: String
}

/// The repository's catalog.json, its periods on the calendar (`timeRate` real rather than
/// its sandbox rate): the engine's tests state periods in days and months; RenewalRateTests
/// covers the compressed rates.
func defaultCatalog() throws -> ProductCatalog {
    var catalog = try repositoryCatalog()
    catalog.settings.timeRate = "real"
    return catalog
}

/// The repository's catalog.json as it is, found by walking up from this file to the directory
/// that holds both catalog.json and Package.swift. Loaded once for the whole run: hundreds of
/// tests start from it, and parsing and validating it again for each was a tenth of this
/// target's time. (`Catalog` is a value: a test that changes its copy changes no other's.)
func repositoryCatalog() throws -> ProductCatalog {
    try loadedRepositoryCatalog.get()
}

private let loadedRepositoryCatalog = Result<ProductCatalog, any Error> { try loadRepositoryCatalog() }

private func loadRepositoryCatalog(from file: String = #filePath) throws -> ProductCatalog {
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

/// The default catalog with the Pay Station redirect policy changed.
/// The default catalog with no introductory offers, so a plan is bought at its regular price
/// for one period: for tests of periods and calendars rather than of offers.
func regularPriceCatalog(_ base: ProductCatalog? = nil) throws -> ProductCatalog {
    var catalog = try base ?? defaultCatalog()
    for index in catalog.products.indices { catalog.products[index].introductoryOffer = nil }
    return catalog
}

/// The default catalog without introductory offers, at the sandbox rate (Google Play's test
/// table on the Play path, Apple's sandbox elsewhere).
func sandboxCatalog() throws -> ProductCatalog {
    var catalog = try regularPriceCatalog()
    catalog.settings.timeRate = "sandbox"
    return catalog
}

func redirectCatalog(_ condition: RedirectPolicy.Condition, delaySeconds: Int? = nil) throws -> ProductCatalog {
    var catalog = try defaultCatalog()
    catalog.settings.payStation.redirect.condition = condition
    if let delaySeconds { catalog.settings.payStation.redirect.delaySeconds = delaySeconds }
    return catalog
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

/// Runs `body` with a fresh, empty directory in the temporary directory, removed afterwards.
@discardableResult
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("store-engine-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// A `Store` over a real ledger file, with a hand-moved wall clock and a seeded token generator.
final class StoreHarness {
    let path: String
    let clock: TestClock
    let userId: String
    let catalog: ProductCatalog
    /// The connection the store writes with; the tests read the committed rows through it.
    private(set) var ledger: LedgerDatabase
    private(set) var store: Store

    init(path: String, catalog: ProductCatalog, userId: String, rate: Clock.Rate? = nil, start: Date = TestClock.start) throws {
        let clock = TestClock(start)
        self.path = path
        self.clock = clock
        self.catalog = catalog
        self.userId = userId
        ledger = try LedgerDatabase(path: path)
        store = try Store(catalog: catalog, ledger: ledger, userId: userId, rate: rate,
                          wallTime: { clock.date }, generator: SeededGenerator(seed: 42))
    }

    /// A new launch of the app: a new `Ledger` and `Store` on the same file (the old ones, with
    /// their sessions and anything scheduled on the clock, are dropped as a quit would drop them).
    func relaunch(rate: Clock.Rate? = nil) throws {
        ledger = try LedgerDatabase(path: path)
        store = try Store(catalog: catalog, ledger: ledger, userId: userId, rate: rate,
                          wallTime: { [clock] in clock.date }, generator: SeededGenerator(seed: 7))
    }

    /// Another store on the same file and wall clock, with a connection of its own: another
    /// process, or another player on the same ledger.
    func secondStore(userId: String? = nil, seed: UInt64 = 1) throws -> Store {
        try Store(catalog: catalog, ledger: LedgerDatabase(path: path), userId: userId ?? self.userId,
                  wallTime: { [clock] in clock.date }, generator: SeededGenerator(seed: seed))
    }

    /// Simulated time, as the store reads it.
    var now: Date { store.now() }

    /// The Pay Station page on screen, if any.
    var page: PayStationPage? { store.currentReport().page }

    // MARK: Driving Pay Station as the player does

    /// `add(payment)`; fails the test unless Pay Station opened.
    @discardableResult
    func open(_ productId: String, in storefrontId: String = "USA", variationId: String? = nil) throws -> PayStationSession {
        let report = try store.beginPurchase(of: productId, in: storefrontId, on: .paystation, variationId: variationId)
        return try #require(report.page, "Pay Station did not open: \(report.notice?.text ?? "no notice")").session
    }

    @discardableResult
    func send(_ input: PayStationInput) throws -> StoreReport {
        try store.send(.payStation(input))
    }

    /// Types every character of `text`, one key at a time.
    @discardableResult
    func type(_ text: String) throws -> StoreReport {
        var report = store.currentReport()
        for character in text {
            report = try send(.type(character))
        }
        return report
    }

    /// Fills the card form field by field, pressing Enter after each, as a player does; the
    /// report is the one of the last Enter (the one that pays).
    @discardableResult
    func pay(card: String, expiry: String = "1240", cvv: String = "123") throws -> StoreReport {
        var report = store.currentReport()
        for field in [card, expiry, cvv] {
            try type(field)
            report = try send(.submit)
        }
        return report
    }

    /// Types a 3-D Secure code and sends it.
    @discardableResult
    func enterSecureCode(_ code: String = TestCard.threeDSecureCode) throws -> StoreReport {
        try type(code)
        return try send(.submit)
    }

    /// Moves the wall clock on to the next scheduled step and runs what is due: Pay Station's
    /// redirect countdown ending, as the program's timer would.
    @discardableResult
    func waitForRedirect() throws -> StoreReport {
        // Whatever fell due while the clock was moved by hand happens first, at its own time.
        _ = try store.runDue()
        let due = try #require(store.currentReport().nextDue, "nothing is scheduled")
        clock.advance(by: max(0, due.timeIntervalSince(now)))
        return try store.runDue()
    }

    /// The player turns auto-renew off for the subscription `transactionId` pays for, so it
    /// lapses at the end of its period instead of renewing.
    func cancelRenewal(of transactionId: String) throws {
        let report = try store.act(.cancelRenewal, on: transactionId)
        try #require(report.notice?.text.hasPrefix("Auto-renew is off") == true, "\(report.notice?.text ?? "no notice")")
    }

    /// Moves the wall clock (so simulated time) on by `seconds`, and runs what fell due on
    /// the way, each at its own time.
    @discardableResult
    func wait(_ seconds: TimeInterval) throws -> StoreReport {
        let end = now.addingTimeInterval(seconds)
        clock.advance(by: seconds)
        _ = end
        return try store.runDue()
    }

    /// A whole purchase as the player makes it: open Pay Station, take some time over the form,
    /// pay with `card` (a 3-D Secure card gets the right code), and wait out the redirect
    /// countdown if the policy sends one. The session is the last one Pay Station showed; the
    /// notice is what the player is told once the purchase settles.
    @discardableResult
    func buy(_ productId: String, in storefrontId: String = "USA", card: String = Cards.success) throws
        -> (session: PayStationSession, notice: StoreNotice) {
        var session = try open(productId, in: storefrontId)
        clock.advance(by: 30)
        var report = try pay(card: card)
        session = report.page?.session ?? session
        if session.phase == .threeDSecure {
            report = try enterSecureCode()
            session = report.page?.session ?? session
        }
        if report.nextDue != nil {
            report = try waitForRedirect()
        }
        return (session, try #require(report.notice, "the purchase settled without a notice"))
    }

    // MARK: Reading the ledger

    /// The kinds of the events logged for one transaction, oldest first.
    /// The SDK's and the lifecycle's events of a transaction, in order. The app's own client
    /// events (`transactionStart`, `transactionComplete`, …) are left out: EventFilterTests and
    /// ClientEventTests follow those.
    func eventKinds(of transactionId: String) throws -> [String] {
        try ledger.events(newestFirst: 10_000).reversed()
            .filter { $0.transactionId == transactionId && EventKind(rawValue: $0.kind).category != .client }.map(\.kind)
    }

    /// Every event kind, oldest first.
    func allEventKinds() throws -> [String] {
        try ledger.events(newestFirst: 10_000).reversed().map(\.kind)
    }

    /// Every event of `kind`, oldest first.
    func events(_ kind: EventKind) throws -> [EventRecord] {
        try ledger.events(newestFirst: 10_000).reversed().filter { $0.kind == kind.rawValue }
    }

    func states(of transactionId: String) throws -> [TransactionState] {
        try ledger.history(ofTransaction: transactionId).map(\.state)
    }

    /// The redirect URL Pay Station sent for a transaction, as its `redirect.sent` event logs it.
    func sentRedirectURL(for transactionId: String) throws -> String {
        let sent = try events(.redirectSent).last { $0.transactionId == transactionId }
        return try #require(sent, "no redirect was sent for \(transactionId)").message
    }
}

/// Runs `body` with a store on a fresh temporary ledger, over the default catalog or `catalog`.
/// The wall clock starts at `start`, and with it simulated time.
func withStore<T>(catalog: ProductCatalog? = nil, userId: String = "player-1", rate: Clock.Rate? = nil,
                  start: Date = TestClock.start, _ body: (StoreHarness) throws -> T) throws -> T {
    let catalog = try catalog ?? defaultCatalog()
    return try withTemporaryLedgerPath { path in
        let harness = try StoreHarness(path: path, catalog: catalog, userId: userId, rate: rate, start: start)
        return try body(harness)
    }
}

extension StoreReport {
    /// The Pay Station page the report shows, if one is on screen.
    var page: PayStationPage? {
        if case .payStation(let page)? = sheet { return page }
        return nil
    }
}

extension PayStationSession {
    /// Types `text` into the focused field (the session's own mutator, for the pure tests).
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
                          opensExternalBrowser: true, sandbox: sandbox, today: TestClock.start)
    }
}

/// A date in UTC, for calendar tests.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0) throws -> Date {
    try #require(SimulatedCalendar.calendar.date(from: DateComponents(year: year, month: month, day: day,
                                                                       hour: hour, minute: minute)))
}

// MARK: StoreKit 2: the App Store sheet

extension StoreReport {
    /// The App Store sheet the report shows, if one is on screen.
    var storeKitSheet: StoreKitSession? {
        if case .storeKit(let session)? = sheet { return session }
        return nil
    }
}

extension StoreHarness {
    /// `purchase()` on the StoreKit path (JPN sells through it); fails the test unless the App
    /// Store sheet opened.
    @discardableResult
    func openStoreKit(_ productId: String, in storefrontId: String = "JPN") throws -> StoreKitSession {
        let report = try store.beginPurchase(of: productId, in: storefrontId, on: .storekit)
        return try #require(report.storeKitSheet, "the App Store sheet did not open: \(report.notice?.text ?? "no notice")")
    }

    /// One input to the App Store sheet on screen.
    @discardableResult
    func send(_ input: StoreKitInput) throws -> StoreReport {
        try store.send(.storeKit(input))
    }

    /// Opens the App Store sheet for `productId` and presses `button` on it; the id of the
    /// transaction the sheet opened, and the report of the press.
    @discardableResult
    func buyThroughStoreKit(_ productId: String, in storefrontId: String = "JPN",
                            pressing button: StoreKitSession.Button = .buy) throws -> (transactionId: String, report: StoreReport) {
        let sheet = try openStoreKit(productId, in: storefrontId)
        return (sheet.transactionId, try send(.pressButton(button)))
    }

    /// The player's transaction `id` as the engine reports it now.
    func summary(of id: String) throws -> TransactionSummary {
        try #require(store.currentReport().snapshot.transactions.first { $0.id == id }, "no transaction \(id) in the report")
    }
}

/// The payload of a compact JWS, read by hand (base64url, then JSON) rather than by the code
/// under test.
func jwsPayload(_ compact: String?) throws -> [String: Any] {
    let text = try #require(compact, "the transaction is not signed")
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    try #require(parts.count == 3, "not a compact JWS: \(text)")
    var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    let data = try #require(Data(base64Encoded: base64), "the payload is not base64url")
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "the payload is not a JSON object")
}

/// Whether `part` occurs in `whole` in the same order, other elements allowed between.
func isSubsequence<T: Equatable>(_ part: [T], of whole: [T]) -> Bool {
    var rest = whole[...]
    for element in part {
        guard let index = rest.firstIndex(of: element) else { return false }
        rest = rest[rest.index(after: index)...]
    }
    return true
}
