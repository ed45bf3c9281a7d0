import Catalog
import Foundation
import Program
import StoreEngine
import Synchronization
import TerminalUI
import TestFixtures

/// Always 0: every coin toss of a flaky network fails, so each products request attempt fails.
struct NetworkAlwaysDown: RandomNumberGenerator {
    mutating func next() -> UInt64 { 0 }
}

/// A wall clock the test moves by hand, read by the program from any thread.
final class WallClockStub: Sendable {
    private let date: Mutex<Date>

    init(_ date: Date) {
        self.date = Mutex(date)
    }

    var now: Date {
        date.withLock { $0 }
    }

    func move(by seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// The whole loop as scenarios run it: a real `Store` on an SQLite file in a temporary
/// directory of its own, its clock paused at `fixedNow`, behind an `EngineWorker`, and a
/// `Program` on the headless backend. Nothing moves unless the test says so; `send` returns
/// once every engine call it caused has answered. The directory goes when the harness does.
final class HeadlessHarness {
    let directory: URL
    let program: AppLoop<HeadlessBackend>
    let wall: WallClockStub
    /// The engine behind the program, for tests that break its ledger; touch it only while the
    /// program is idle (after `send`, `settle` or `advance` have returned).
    let store: Store

    init(storefront: String = "USA", catalog: ProductCatalog = defaultCatalog, width: Int = 120, height: Int = 40,
         network: NetworkCondition? = nil, generator: any RandomNumberGenerator = SeededGenerator(seed: 42),
         audience: Bool = false, showsEvents: Bool? = nil, captureScreen: (@Sendable (Frame) -> StoreNotice)? = nil) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("program-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let wall = WallClockStub(fixedNow)
        self.wall = wall
        let store = try Store(catalog: catalog, ledgerPath: directory.appendingPathComponent("storefront.sqlite").path,
                              userId: "player-1", clock: .paused(at: fixedNow), rate: .paused, wallTime: { wall.now },
                              generator: generator)
        if let network { store.networkCondition = network }
        self.store = store
        let launchReport = store.currentReport()
        let app = App(catalog: catalog, storefrontId: storefront, userId: store.userId, report: launchReport, width: width,
                      height: height, now: launchReport.clock.now(atWall: wall.now), timeZone: utc, audience: audience,
                      showsEvents: showsEvents)
        program = AppLoop(app: app, backend: HeadlessBackend(width: width, height: height), engine: EngineWorker(store: store),
                          clock: launchReport.clock, wallTime: { wall.now }, captureScreen: captureScreen)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    var app: App { program.app }

    /// The screen now, drawn on the headless backend, as text.
    var screen: String { program.draw().text }

    func press(_ keys: Key...) {
        for key in keys { program.send(.key(key)) }
    }

    /// Types each character as a key press.
    func type(_ text: String) {
        for character in text { program.send(.key(.character(character))) }
    }

    /// Types the characters as one burst, faster than the engine answers (key repeat).
    func burst(_ text: String) {
        program.send(text.map { .key(.character($0)) })
    }

    /// Moves the paywall's selection onto a product with arrow keys, as a player does.
    func select(product id: String) {
        guard let target = app.paywall.index(ofProduct: id) else { return }
        // → and ← step through every product in order (↓ would jump from the cards to the shop);
        // a mirrored paywall swaps them, as its players' phones do.
        let mirrored = app.paywall.writingDirection == .rightToLeft
        let (forward, back): (Key, Key) = mirrored ? (.left, .right) : (.right, .left)
        while app.paywall.selection < target { press(forward) }
        while app.paywall.selection > target { press(back) }
    }

    /// Pays on the card form with a card, pressing Enter after each field.
    func pay(card: String, expiry: String = "1240", cvv: String = "123") {
        for field in [card, expiry, cvv] {
            type(field)
            press(.enter)
        }
    }

    /// The Pay Station page on screen, if any.
    var page: PayStationPage? {
        if case .payStation(let page)? = app.sheet { return page }
        return nil
    }

    /// The kinds of the events logged for a transaction, oldest first.
    /// The SDK's and the lifecycle's events of a transaction, in order; the app's own client
    /// events are left out (EventFilterTests follows those).
    func eventKinds(of transactionId: String) -> [EventKind] {
        app.snapshot.events.reversed().filter { $0.transactionId == transactionId && $0.kind.category != .client }.map(\.kind)
    }
}

extension HeadlessHarness {
    /// The App Store sheet on screen, if any.
    var storeKitSession: StoreKitSession? {
        if case .storeKit(let session)? = app.sheet { return session }
        return nil
    }
}
