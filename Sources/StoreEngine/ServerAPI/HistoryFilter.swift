import Foundation

/// What a Get Transaction History request asks for, read from its query as Apple reads it:
/// `revision` (where the page starts), `sort`, `productId`, `productType`,
/// `subscriptionGroupIdentifier`, `revoked`, `startDate` and `endDate`; a value Apple would
/// refuse is refused with Apple's code.
struct HistoryFilter {
    var start = 0
    var ascending = true
    var productIds: Set<String> = []
    var productTypes: Set<String> = []
    var groups: Set<String> = []
    var revoked: Bool?
    var startDate: Int64?
    var endDate: Int64?

    /// A refusal, as the response it is.
    struct Refusal: Error {
        var response: APIResponse
    }

    /// Apple's product type names and the `type` a JWS says.
    static let typeNames = [
        "AUTO_RENEWABLE": "Auto-Renewable Subscription", "NON_RENEWABLE": "Non-Renewing Subscription",
        "CONSUMABLE": "Consumable", "NON_CONSUMABLE": "Non-Consumable",
    ]

    /// The opaque revision of the page that starts at `offset` (what Apple's client hands back).
    static func revision(startingAt offset: Int) -> String {
        "storefront-\(offset)"
    }

    /// Where the page a revision names starts; nil for a revision this server did not give.
    static func offset(ofRevision revision: String) -> Int? {
        guard revision.hasPrefix("storefront-"), let offset = Int(revision.dropFirst("storefront-".count)), offset >= 0 else {
            return nil
        }
        return offset
    }

    static func reading(_ request: APIRequest) -> Result<HistoryFilter, Refusal> {
        var filter = HistoryFilter()
        func refuse(_ code: Int, _ message: String) -> Result<HistoryFilter, Refusal> {
            .failure(Refusal(response: AppStoreServerAPI.error(400, code, message)))
        }
        if let revision = request.values(of: "revision").last {
            guard let offset = offset(ofRevision: revision) else { return refuse(4000005, "Invalid request revision.") }
            filter.start = offset
        }
        if let sort = request.values(of: "sort").last {
            guard sort == "ASCENDING" || sort == "DESCENDING" else { return refuse(4000021, "Invalid sort.") }
            filter.ascending = sort == "ASCENDING"
        }
        for type in request.values(of: "productType") {
            guard let signed = typeNames[type] else { return refuse(4000022, "Invalid product type.") }
            filter.productTypes.insert(signed)
        }
        for id in request.values(of: "productId") {
            guard !id.isEmpty else { return refuse(4000023, "Invalid product id.") }
            filter.productIds.insert(id)
        }
        for group in request.values(of: "subscriptionGroupIdentifier") {
            guard !group.isEmpty else { return refuse(4000024, "Invalid subscription group identifier.") }
            filter.groups.insert(group)
        }
        if let revoked = request.values(of: "revoked").last {
            switch revoked.lowercased() {
            case "true": filter.revoked = true
            case "false": filter.revoked = false
            default: return refuse(4000030, "Invalid revoked.")
            }
        }
        if let text = request.values(of: "startDate").last {
            guard let date = Int64(text), date >= 0 else { return refuse(4000015, "Invalid start date.") }
            filter.startDate = date
        }
        if let text = request.values(of: "endDate").last {
            guard let date = Int64(text), date >= 0 else { return refuse(4000016, "Invalid end date.") }
            filter.endDate = date
        }
        if let start = filter.startDate, let end = filter.endDate, start > end {
            return refuse(4000013, "Start date after end date.")
        }
        return .success(filter)
    }

    func admits(_ signed: AppStoreLedgerReader.Signed) -> Bool {
        let payload = signed.payload
        if !productIds.isEmpty, !productIds.contains(payload.productId) { return false }
        if !productTypes.isEmpty, !productTypes.contains(payload.type) { return false }
        if !groups.isEmpty, !groups.contains(payload.subscriptionGroupIdentifier ?? "") { return false }
        if let revoked, (signed.record.revokedAt != nil) != revoked { return false }
        if let startDate, payload.purchaseDate < startDate { return false }
        if let endDate, payload.purchaseDate >= endDate { return false }
        return true
    }
}
