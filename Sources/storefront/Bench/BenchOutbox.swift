import Catalog
import Foundation
import Host
import Program
import StoreEngine
import Synchronization

/// A real ledger's outbox for the notification benches: a store on a state directory of its
/// own, run by the app's `EngineWorker`, filled with notifications whose deliveries are kept
/// back (handed over by the engine, not yet posted) until the bench posts them, and read back
/// from the ledger afterwards as `storefront history` reads it.
final class BenchOutbox {
    let worker: EngineWorker
    let directory: StateDirectory
    let catalog: ProductCatalog
    private let folder: URL

    init(catalog: ProductCatalog, urls: [Marketplace: String]) throws(CommandFailure) {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-notification-bench-\(UUID().uuidString)")
        directory = StateDirectory(path: folder.path)
        self.catalog = catalog
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let store = try Store(catalog: catalog, ledgerPath: directory.ledgerPath, userId: "bench",
                                  clock: .paused(at: Date(timeIntervalSince1970: 1_767_258_000)), rate: .paused)
            worker = EngineWorker(store: store)
        } catch {
            throw CommandFailure(.ioError, "the notification bench's store did not open: \(error)")
        }
        try configure(urls: urls)
    }

    /// Where each store posts from now on; Xsolla signs with the key the receiver checks.
    func configure(urls: [Marketplace: String]) throws(CommandFailure) {
        try call(.configureOutbox(OutboxSettings(urls: urls, xsollaSecretKey: BenchReceiver.xsollaSecretKey)))
    }

    func remove() {
        worker.waitUntilIdle()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `engineCall` on the worker and waits for its report; a failed call fails the bench.
    @discardableResult
    func call(_ engineCall: EngineCall) throws(CommandFailure) -> StoreReport {
        let answer = Mutex<StoreReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        worker.submit(engineCall) { message in
            if case .store(let report) = message { answer.withLock { $0 = report } }
            done.signal()
        }
        done.wait()
        guard let report = answer.withLock({ $0 }), report.failure == nil else {
            throw CommandFailure(.ioError, "the notification bench's engine call failed: \(answer.withLock { $0 }?.notice?.text ?? "no report")")
        }
        return report
    }

    /// `count` App Store `TEST` notifications written to the outbox (one commit each, as the
    /// Server API's Request a Test Notification writes them), and the deliveries the engine
    /// handed over for them, which nothing has posted yet.
    func testNotifications(_ count: Int) throws(CommandFailure) -> [OutboxDelivery] {
        var deliveries: [OutboxDelivery] = []
        for _ in 0..<count {
            deliveries += try call(.make(.requestTestNotification(uuid: UUID().uuidString.lowercased()))).deliveries
        }
        // The last one falls due after its own call: the next hands it over.
        deliveries += try call(.runDue).deliveries
        guard deliveries.count == count, deliveries.allSatisfy({ $0.store == .appStore && $0.type == "TEST" }) else {
            throw CommandFailure(.ioError, "the outbox handed over \(deliveries.count) deliveries for \(count) TEST notifications")
        }
        return deliveries
    }

    /// `count` Google Play purchases of a consumable, each posting its one-time product
    /// notification, and those deliveries, held back as `testNotifications` holds them.
    func playPurchases(_ count: Int) throws(CommandFailure) -> [OutboxDelivery] {
        let (storefront, product) = try consumable(onSale: { $0.path == .play || $0.path == .storekit }, by: "Google Play")
        var deliveries: [OutboxDelivery] = []
        for _ in 0..<count {
            deliveries += try call(.beginPurchase(productId: product.id, storefrontId: storefront.id, path: .play, variationId: nil)).deliveries
            deliveries += try call(.send(.play(.choose(.approves)))).deliveries
            deliveries += try call(.send(.play(.buy))).deliveries
        }
        deliveries += try call(.runDue).deliveries
        let play = deliveries.filter { $0.store == .googlePlay }
        guard play.count == count, play.count == deliveries.count else {
            throw CommandFailure(.ioError, "\(count) Google Play purchases handed over \(play.count) Play deliveries "
                                 + "(\(deliveries.count) in all)")
        }
        return play
    }

    /// A consumable on sale in the first storefront `isWhere` takes, which `seller` sells in it.
    func consumable(onSale isWhere: (Storefront) -> Bool, by seller: String) throws(CommandFailure) -> (Storefront, Product) {
        guard let storefront = catalog.storefronts.first(where: isWhere),
              let product = catalog.products.first(where: {
                  $0.type == .consumable && $0.status == .available && $0.price(in: storefront) != nil
              }) else {
            throw CommandFailure(.dataError, "the notification bench found no consumable \(seller) can sell")
        }
        return (storefront, product)
    }

    /// Every notification in the ledger, read as `storefront history` reads it.
    func notifications() throws(CommandFailure) -> [OutboxNotification] {
        worker.waitUntilIdle()
        do {
            guard let history = try directory.history().value else {
                throw CommandFailure(.ioError, "the notification bench's ledger is gone")
            }
            return history.notifications
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.ioError, "the notification bench could not read its ledger: \(error)")
        }
    }
}

/// Deliveries posted by a courier and recorded by the engine, as the app's loop does it (the
/// loop routes each answer through its inbox and update first; here it goes straight to the
/// worker): how many were recorded, with what results, and when the last one was.
final class DeliveryTally: Sendable {
    private struct State {
        var recorded = 0
        var results: [DeliveryResult] = []
        var failures: [String] = []
        var reports: [StoreReport] = []
        /// What recording them handed over to post next (Xsolla's `order_paid` after its `payment`).
        var handedOver: [OutboxDelivery] = []
        /// When each was recorded (uptime nanoseconds), in order.
        var times: [UInt64] = []
    }

    let expected: Int
    /// Kept for a frame to take, as the loop's update takes each report.
    let keepsReports: Bool
    private let state = Mutex(State())
    private let done = DispatchSemaphore(value: 0)

    init(expected: Int, keepsReports: Bool = false) {
        self.expected = expected
        self.keepsReports = keepsReports
    }

    /// Posts every delivery through `courier`; each answer is recorded by `worker`.
    func post(_ deliveries: [OutboxDelivery], through courier: NotificationCourier, recordingWith worker: EngineWorker) {
        for delivery in deliveries {
            courier.post(delivery) { [self] result in
                worker.submit(.recordDelivery(result)) { [self] message in recorded(result, message) }
            }
        }
    }

    private func recorded(_ result: DeliveryResult, _ message: Message) {
        let finished = state.withLock { state in
            state.recorded += 1
            state.results.append(result)
            state.times.append(DispatchTime.now().uptimeNanoseconds)
            if case .store(let report) = message {
                if let failure = report.failure { state.failures.append("\(failure)") }
                if keepsReports { state.reports.append(report) }
                state.handedOver += report.deliveries
            } else {
                state.failures.append("no report")
            }
            return state.recorded == expected
        }
        if finished { done.signal() }
    }

    var recordedCount: Int { state.withLock { $0.recorded } }
    var isFinished: Bool { recordedCount >= expected }

    /// Waits until all were recorded (no wait at all for none).
    func wait() {
        if expected > 0 { done.wait() }
    }

    /// The reports that came in since the last take.
    func takeReports() -> [StoreReport] {
        state.withLock { state in
            defer { state.reports.removeAll() }
            return state.reports
        }
    }

    var results: [DeliveryResult] { state.withLock { $0.results } }
    var handedOver: [OutboxDelivery] { state.withLock { $0.handedOver } }
    /// When the last was recorded; nil before.
    var finishedAt: UInt64? { state.withLock { $0.recorded >= expected ? $0.times.last : nil } }

    /// How many were recorded before `time`.
    func recorded(before time: UInt64) -> Int {
        state.withLock { $0.times.filter { $0 < time }.count }
    }
    var failures: [String] { state.withLock { $0.failures } }
}
