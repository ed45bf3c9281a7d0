import Catalog
import Foundation
import Ledger

/// StoreKit 2 and Xee until their issues build them: every purchase says so and does nothing.
final class NotBuiltPath: PurchasePath {
    let id: IntegrationPath

    init(_ id: IntegrationPath) {
        self.id = id
    }

    private var notice: StoreNotice {
        StoreNotice(.info, "The \(id.displayName) path is not built yet; press i for the Pay Station path.")
    }

    func requestProducts(_ identifiers: [String], attempt: Int, in context: PathContext) throws -> ProductsOutcome {
        let sold = identifiers.compactMap { context.catalog.product(id: $0) }.filter { $0.status == .available }
        return .answered(ProductsResponse(products: sold, invalidProductIdentifiers: []))
    }

    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> PathStep {
        PathStep(notice: notice)
    }

    func take(_ input: PathInput, in context: PathContext) throws -> PathStep { .nothing }

    func open(_ url: String, in context: PathContext) throws -> PathStep? { nil }

    func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        PathStep(settlements: [try context.settle(transaction.id, as: .interrupted)])
    }

    func restore(in context: PathContext) throws -> PathStep {
        PathStep(notice: notice)
    }

    func perform(_ action: DueAction, in context: PathContext) throws -> PathStep { .nothing }

    func sheet(in context: PathContext) -> PurchaseSheet? { nil }
}
