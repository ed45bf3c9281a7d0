import Catalog
import Foundation
import Ledger
import Testing
@testable import StoreEngine

/// The seam for purchase paths, seen from outside the engine: a fifth path, defined wholly
/// here (a tiny store with one sheet and one kind of due work kept in the ledger), registered
/// with a real `Store` on a real ledger, sells, survives a relaunch between scheduling its work
/// and its due time, does that work, and hears of a refund. Nothing in `Sources/` names it.
@Suite("Paths: a fifth path, defined outside the engine")
struct FifthPathTests {
    @Test func aPurchaseItsDueWorkAcrossARelaunchAndARefund() throws {
        try withTinyStore { tiny in
            var report = try tiny.store.launch()
            report = try tiny.store.beginPurchase(of: SKU.removeAds, in: TinyPath.storefront, on: .tiny)
            guard case .described(let sheet)? = report.sheet else {
                Issue.record("the tiny store opened no sheet: \(report.notice?.text ?? "")")
                return
            }
            #expect(sheet.path == .tiny && sheet.productId == SKU.removeAds)
            #expect(sheet.choices.map(\.name) == ["pay", "cancel"])
            #expect(sheet.hint == "The Tiny Store sheet · p pay · c cancel")

            report = try tiny.store.send(.choose("pay", on: .tiny))
            #expect(report.sheet == nil)
            #expect(report.notice?.text.hasPrefix("Purchased") == true)
            let transaction = try #require(try tiny.ledger.transaction(id: sheet.transactionId))
            #expect(transaction.integrationPath == "tiny")
            #expect(transaction.state == .purchased && transaction.finishedAt != nil, "the engine's completion finished it")
            #expect(try tiny.ledger.grant(forTransaction: transaction.id)?.revokedAt == nil)
            #expect(try tiny.ledger.grant(forTransaction: transaction.id) != nil, "granted once, by the engine")
            #expect(report.snapshot.transactions.first { $0.id == transaction.id }?.path == .tiny)
            let kept = try tiny.ledger.dueWork(user: tiny.userId)
            #expect(kept.map(\.path) == ["tiny"] && kept.map(\.kind) == ["receipt"])

            // A new launch before the receipt is due: the work comes back from the ledger to the
            // tiny path, a new instance of it, and is done at its own time.
            tiny.clock.advance(by: TinyPath.receiptDelay / 2)
            try tiny.relaunch()
            _ = try tiny.store.launch()
            #expect(tiny.store.agenda.items.compactMap(\.action.path) == [.tiny])
            #expect(try tiny.ledger.setting(TinyPath.receiptSetting(of: transaction.id)) == nil, "not due yet")

            _ = try tiny.store.advance(by: TinyPath.receiptDelay)
            #expect(try tiny.ledger.setting(TinyPath.receiptSetting(of: transaction.id)) == "sent")
            #expect(try tiny.ledger.dueWork(user: tiny.userId).isEmpty, "done work leaves the ledger")
            #expect(try tiny.events(TinyPath.receiptEvent).map(\.transactionId) == [transaction.id])

            // The refund is the engine's, on every path; the tiny store hears of it afterwards.
            report = try tiny.store.act(.refund(.other), on: transaction.id)
            #expect(try tiny.ledger.transaction(id: transaction.id)?.revokedAt != nil)
            #expect(try tiny.ledger.grant(forTransaction: transaction.id)?.revokedAt != nil)
            #expect(try tiny.ledger.setting(TinyPath.refundSetting(of: transaction.id)) == "heard")
        }
    }

    /// The player closes the sheet: the engine fails and finishes the transaction, nothing is
    /// granted and nothing is scheduled.
    @Test func aCancelledSheetChargesNothing() throws {
        try withTinyStore { tiny in
            let report = try tiny.store.beginPurchase(of: SKU.removeAds, in: TinyPath.storefront, on: .tiny)
            let transactionId = try #require(report.sheet?.transactionId)
            let cancelled = try tiny.store.send(.choose("cancel", on: .tiny))
            #expect(cancelled.sheet == nil)
            #expect(try tiny.ledger.transaction(id: transactionId)?.state == .failed)
            #expect(try tiny.ledger.grant(forTransaction: transactionId) == nil)
            #expect(try tiny.ledger.dueWork(user: tiny.userId).isEmpty)
        }
    }

    /// A store made without the tiny path does not do its kept work: the row stays in the
    /// ledger, said once, until a store that registers the path launches and does it.
    @Test func workOfAPathTheStoreDoesNotRegisterWaitsInTheLedger() throws {
        try withTinyStore { tiny in
            _ = try tiny.store.beginPurchase(of: SKU.removeAds, in: TinyPath.storefront, on: .tiny)
            _ = try tiny.store.send(.choose("pay", on: .tiny))

            try tiny.relaunch(registeringTiny: false)
            #expect(tiny.store.agenda.items.compactMap(\.action.path).isEmpty)
            let said = try tiny.events(.ledgerUnreadable).map(\.message)
            #expect(said.count == 1 && said[0].contains("no path \"tiny\" is registered"))
            _ = try tiny.store.advance(by: TinyPath.receiptDelay * 2)
            #expect(try tiny.ledger.dueWork(user: tiny.userId).count == 1, "the row is kept")

            try tiny.relaunch()
            _ = try tiny.store.runDue()
            #expect(try tiny.ledger.dueWork(user: tiny.userId).isEmpty)
            #expect(try tiny.events(TinyPath.receiptEvent).count == 1)
        }
    }

    /// A row of the tiny path's that it cannot read stays in the ledger, as any path's does.
    @Test func aRowTheTinyPathCannotReadStaysInTheLedger() throws {
        try withTinyStore { tiny in
            _ = try tiny.ledger.scheduleDueWork(DueWorkRecord(userId: tiny.userId, path: "tiny", kind: "receipt",
                                                              payload: "{}", dueAt: tiny.store.now()))
            try tiny.relaunch()
            let said = try tiny.events(.ledgerUnreadable).map(\.message)
            #expect(said.count == 1 && said[0].contains("receipt has no transactionId"))
            #expect(try tiny.ledger.dueWork(user: tiny.userId).count == 1)
        }
    }

    /// The catalog still accepts only the names it knows: the tiny path is the engine's, not the
    /// catalog file's.
    @Test func theCatalogDoesNotNameThePath() {
        #expect(IntegrationPath(rawValue: "tiny") == nil)
        #expect(!IntegrationPath.allCases.contains(.tiny))
        #expect(IntegrationPath(rawValue: "storekit") == .storekit)
    }

    private func withTinyStore(_ body: (TinyHarness) throws -> Void) throws {
        try withTemporaryLedgerPath { path in
            try body(try TinyHarness(path: path))
        }
    }
}

/// A store on a ledger file that a test can relaunch, with the tiny path registered beside the
/// built-in ones (or, to see what a build without it does, not).
private final class TinyHarness {
    let path: String
    let clock = TestClock()
    let userId = "player-tiny"
    let catalog: ProductCatalog
    private(set) var ledger: LedgerDatabase
    private(set) var store: Store

    init(path: String) throws {
        self.path = path
        catalog = try TinyPath.catalog()
        ledger = try LedgerDatabase(path: path)
        store = try Self.store(catalog: catalog, ledger: ledger, userId: userId, clock: clock, registeringTiny: true)
    }

    func relaunch(registeringTiny: Bool = true) throws {
        ledger = try LedgerDatabase(path: path)
        store = try Self.store(catalog: catalog, ledger: ledger, userId: userId, clock: clock,
                               registeringTiny: registeringTiny)
    }

    func events(_ kind: EventKind) throws -> [EventRecord] {
        try ledger.events(newestFirst: 10_000).reversed().filter { $0.kind == kind.rawValue }
    }

    private static func store(catalog: ProductCatalog, ledger: LedgerDatabase, userId: String, clock: TestClock,
                              registeringTiny: Bool) throws -> Store {
        try Store(catalog: catalog, ledger: ledger, userId: userId, wallTime: { [clock] in clock.date },
                  generator: SeededGenerator(seed: 5),
                  paths: PathRegistry.makePaths() + (registeringTiny ? [TinyPath()] : []))
    }
}

extension IntegrationPath {
    /// A path no catalog names: the test's own.
    fileprivate static let tiny = IntegrationPath(name: "tiny", displayName: "Tiny Store")
}

/// The tiny store's one kind of due work: a receipt it sends an hour after a purchase.
private enum TinyDueWork: DueWork {
    case receipt(transactionId: String)

    static var performer: IntegrationPath { .tiny }

    var payload: DueWorkPayload {
        switch self {
        case .receipt(let transactionId): return DueWorkPayload(kind: "receipt", fields: ["transactionId": transactionId])
        }
    }

    var isKept: Bool { true }

    init(_ payload: DueWorkPayload) throws {
        guard payload.kind == "receipt" else { throw DueWorkPayloadError.unknownKind(payload.kind) }
        self = .receipt(transactionId: try payload.field("transactionId"))
    }
}

/// A tiny store: one sheet (pay or cancel), one kind of due work (a receipt, kept in the
/// ledger), and a note of each refund, in the path's own settings.
private final class TinyPath: RegisteredPath, SheetOwner, StoreLifecycle {
    static let storefront = "TINY"
    static let receiptDelay: TimeInterval = 3600
    static let receiptEvent = EventKind(rawValue: "tiny.receipt")
    static func receiptSetting(of transactionId: String) -> String { "tiny.receipt.\(transactionId)" }
    static func refundSetting(of transactionId: String) -> String { "tiny.refund.\(transactionId)" }

    /// The repository's catalog with a storefront sold through the tiny store.
    static func catalog() throws -> ProductCatalog {
        var catalog = try defaultCatalog()
        catalog.storefronts.append(Storefront(id: storefront, locale: "en_US", currency: "USD", path: .tiny))
        for index in catalog.products.indices {
            catalog.products[index].prices[storefront] = catalog.products[index].prices["USA"]
        }
        return catalog
    }

    static var traits: PathTraits {
        PathTraits(id: .tiny, marketplace: Marketplace("tinyStore", displayName: "Tiny Store"))
    }

    static var eventKinds: PathEventKinds { PathEventKinds(sdkCalls: [receiptEvent]) }

    var id: IntegrationPath { .tiny }
    private var sheet: DescribedSheet?

    init() {}

    func requestProducts(_ identifiers: [String], attempt: Int, in context: PathContext) throws -> ProductsOutcome {
        .answered(ProductsResponse(products: identifiers.compactMap { context.catalog.product(id: $0) },
                                   invalidProductIdentifiers: []))
    }

    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> PathStep {
        if let busy = try context.purchases.refusalIfAnotherSheetIsOpen(than: id) { return busy }
        guard let product = context.catalog.product(id: request.productId),
              let terms = context.account.terms(for: product, in: request.storefront, variationId: request.variationId)
        else { return PathStep(notice: StoreNotice(.error, "The tiny store does not sell \(request.productId).")) }
        let transaction = try context.purchases.openTransaction(productId: product.id, in: request.storefront, terms: terms,
                                                      variationId: request.variationId, path: id)
        sheet = DescribedSheet(path: id, transactionId: transaction.id, productId: product.id,
                               productName: product.shortId, title: "The Tiny Store sheet",
                               choices: [.init(key: "p", name: "pay"), .init(key: "c", name: "cancel")])
        return .nothing
    }

    var purchaseSheet: (any SheetOwner)? { self }
    var lifecycle: (any StoreLifecycle)? { self }

    /// The name of the choice on its sheet.
    func input(from sent: PathInput) -> String? {
        guard case .choose(let choice, on: id) = sent else { return nil }
        return choice
    }

    func take(_ choice: String, in context: PathContext) throws -> PathStep {
        guard let open = sheet else { return .nothing }
        let step: PathStep
        switch choice {
        case "pay":
            // The payment and the receipt it schedules commit together: the call is one commit,
            // the store's.
            let settlement = try context.purchases.settle(open.transactionId, as: .paid(at: nil))
            try context.agenda.schedule(TinyDueWork.receipt(transactionId: open.transactionId),
                                        at: context.now.addingTimeInterval(Self.receiptDelay))
            step = PathStep(settlements: [settlement])
        case "cancel":
            step = PathStep(settlements: [try context.purchases.settle(open.transactionId, as: .cancelled)])
        default:
            return .nothing
        }
        sheet = nil
        return step
    }

    func sheet(in context: PathContext) -> PurchaseSheet? {
        sheet.map(PurchaseSheet.described)
    }

    func cancelPurchaseUnderWay(in context: PathContext) throws -> PathStep? {
        try take("cancel", in: context)
    }

    func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        PathStep(settlements: [try context.purchases.settle(transaction.id, as: .interrupted)])
    }

    func restore(in context: PathContext) throws -> PathStep {
        PathStep(notice: StoreNotice(.info, "The tiny store keeps nothing to restore."))
    }

    func perform(_ work: TinyDueWork, in context: PathContext) throws -> PathStep {
        guard case .receipt(let transactionId) = work else { return .nothing }
        try context.settings.set(Self.receiptSetting(of: transactionId), to: "sent")
        try context.log(Self.receiptEvent, "receipt sent", transaction: transactionId)
        return .nothing
    }

    func refunded(_ transaction: TransactionRecord, in context: PathContext) throws {
        try context.settings.set(Self.refundSetting(of: transaction.id), to: "heard")
    }

    func notification(for event: LifecycleEvent, ofTransaction transactionId: String,
                      in context: PathContext) -> LifecycleNaming {
        .unnotified
    }
}
