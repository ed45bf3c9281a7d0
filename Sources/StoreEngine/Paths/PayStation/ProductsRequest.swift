import Catalog

/// The Pay Station SDK's products request: the app names the SKUs it knows, the
/// store answers with the products it sells and the identifiers it does not.
public struct ProductsResponse: Sendable, Equatable {
    public var products: [Product]
    /// Unknown, case-mismatched, unavailable or draft, and non-`virtualItem` SKUs, in request order.
    public var invalidProductIdentifiers: [String]
    /// Why each invalid identifier was refused, for the Events pane and QA.
    public var reasons: [String: String]

    public init(products: [Product], invalidProductIdentifiers: [String], reasons: [String: String] = [:]) {
        self.products = products
        self.invalidProductIdentifiers = invalidProductIdentifiers
        self.reasons = reasons
    }
}

/// The mocked store's side of a products request. Pure.
public enum ProductsAnswer {
    /// - Parameter projectId: the project the SDK was started with. A wrong one "connects"
    ///   fine and sells nothing, as the real service does.
    public static func answer(requesting requested: [String], projectId: Int?, catalog: ProductCatalog) -> ProductsResponse {
        // The SDK takes a set of identifiers: each is answered once, in the order first asked.
        var seen: Set<String> = []
        let identifiers = requested.filter { seen.insert($0).inserted }
        guard projectId == catalog.settings.projectId else {
            return ProductsResponse(products: [], invalidProductIdentifiers: identifiers,
                                    reasons: Dictionary(identifiers.map { ($0, "not in project \(projectId.map(String.init) ?? "(none)")") },
                                                        uniquingKeysWith: { first, _ in first }))
        }
        var products: [Product] = []
        var invalid: [String] = []
        var reasons: [String: String] = [:]
        // The catalog finds a product by id through its index; the case-blind one is built only
        // when a SKU is unknown: asking for every SKU of a 10,000-product catalog must not scan it
        // 10,000 times.
        var byLowercasedId: [String: Int]?
        for identifier in identifiers {
            guard let product = catalog.product(id: identifier) else {
                invalid.append(identifier)
                if byLowercasedId == nil {
                    byLowercasedId = Dictionary(catalog.products.enumerated().map { ($1.id.lowercased(), $0) },
                                                uniquingKeysWith: { first, _ in first })
                }
                let caseMatch = byLowercasedId?[identifier.lowercased()].map { catalog.products[$0] }
                reasons[identifier] = caseMatch.map { "SKUs are case-sensitive; the store has \($0.id)" } ?? "unknown SKU"
                continue
            }
            guard product.status == .available else {
                invalid.append(identifier)
                reasons[identifier] = "status \(product.status.rawValue)"
                continue
            }
            guard product.itemType == .virtualItem else {
                invalid.append(identifier)
                reasons[identifier] = "item type \(product.itemType.rawValue), not virtualItem"
                continue
            }
            products.append(product)
        }
        return ProductsResponse(products: products, invalidProductIdentifiers: invalid, reasons: reasons)
    }
}

/// Retries of a failed request: after 0.5 s, then 2 s doubling, three retries in all.
public enum RetrySchedule {
    public static let delays: [Double] = [0.5, 2, 4]

    /// The wait before attempt `attempt + 1`, or nil when `attempt` was the last.
    public static func delay(after attempt: Int) -> Double? {
        delays.indices.contains(attempt - 1) ? delays[attempt - 1] : nil
    }
}
