import Catalog
import Foundation

extension Store {
    public enum ProductsOutcome: Sendable, Equatable {
        case answered(ProductsResponse)
        /// The attempt failed on the network; retry after the delay, or give up when nil.
        case failed(attempt: Int, retryAfter: Double?)
    }

    /// The SKUs the app asks for: the catalog's `requestedProducts`, else every product.
    public var requestedIdentifiers: [String] {
        catalog.settings.requestedProducts ?? catalog.products.map(\.id)
    }

    /// One attempt of the products request. On a flaky network an attempt fails half the time;
    /// each attempt, failure and answer is an event.
    public func requestProducts(attempt: Int) throws -> ProductsOutcome {
        let time = now()
        let identifiers = requestedIdentifiers
        let attempts = RetrySchedule.delays.count + 1
        try log(.productsRequested, "attempt \(attempt) of \(attempts): \(identifiers.count) SKUs, project \(sdkProjectId.map(String.init) ?? "(none)")",
                nil, time)
        if networkCondition == .flaky, networkFails() {
            let retry = RetrySchedule.delay(after: attempt)
            let next = retry.map { "retrying in \(Self.seconds($0))" } ?? "giving up after \(attempt) attempts"
            try log(.productsFailed, "network error (flaky network); \(next)", nil, time)
            return .failed(attempt: attempt, retryAfter: retry)
        }
        let response = ProductsAnswer.answer(requesting: identifiers, projectId: sdkProjectId, catalog: catalog)
        var message = "\(response.products.count) products"
        if !response.invalidProductIdentifiers.isEmpty {
            message += "; invalidProductIdentifiers: " + response.invalidProductIdentifiers.map {
                "\($0) (\(response.reasons[$0] ?? "invalid"))"
            }.joined(separator: ", ")
        }
        try log(.productsAnswered, message, nil, time)
        return .answered(response)
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
