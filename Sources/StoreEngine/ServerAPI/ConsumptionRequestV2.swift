import Foundation

/// The body of Send Consumption Information v2 (`PUT /inApps/v2/transactions/consumption/{id}`),
/// read as Apple reads it: `customerConsented` true, `sampleContentProvided` a boolean,
/// `deliveryStatus` one of Apple's names; `consumptionPercentage` (milliunits, 0 to 100000) and
/// `refundPreference` optional. Apple's `APIError` has codes for the first three; a bad optional
/// field is a general bad request.
public struct ConsumptionRequestV2: Sendable, Equatable {
    public var sampleContentProvided: Bool
    public var deliveryStatus: String
    /// Nil when not sent.
    public var consumptionPercentage: Int?
    public var refundPreference: String?

    static let deliveryStatuses = ["DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM",
                                   "UNDELIVERED_SERVER_OUTAGE", "UNDELIVERED_OTHER"]
    static let refundPreferences = ["DECLINE", "GRANT_FULL", "GRANT_PRORATED"]

    public static func reading(_ body: Data) -> Result<ConsumptionRequestV2, AppStoreRefusal> {
        guard let fields = APIJSONValue.fields(of: body) else { return .failure(AppStoreRefusal(code: 4000000, message: "Bad request.")) }
        guard case .bool(true)? = fields["customerConsented"] else {
            return .failure(AppStoreRefusal(code: 4000035, message: "Invalid customerConsented: the customer must have consented."))
        }
        guard case .bool(let sample)? = fields["sampleContentProvided"] else {
            return .failure(AppStoreRefusal(code: 4000041, message: "Invalid sampleContentProvided."))
        }
        guard case .string(let delivery)? = fields["deliveryStatus"], deliveryStatuses.contains(delivery) else {
            return .failure(AppStoreRefusal(code: 4000036, message: "Invalid deliveryStatus."))
        }
        var request = ConsumptionRequestV2(sampleContentProvided: sample, deliveryStatus: delivery)
        if let sent = fields["consumptionPercentage"] {
            guard case .number(let percentage) = sent, (0...100_000).contains(percentage) else {
                return .failure(AppStoreRefusal(code: 4000000, message: "Invalid consumptionPercentage."))
            }
            request.consumptionPercentage = percentage
        }
        if let sent = fields["refundPreference"] {
            guard case .string(let preference) = sent, refundPreferences.contains(preference) else {
                return .failure(AppStoreRefusal(code: 4000000, message: "Invalid refundPreference."))
            }
            request.refundPreference = preference
        }
        return .success(request)
    }

    /// What the backend said, by Apple's names, the fields that weigh most on a refund first:
    /// `deliveryStatus DELIVERED, consumptionPercentage 100000, refundPreference DECLINE, …`.
    public var summary: String {
        var parts = ["deliveryStatus \(deliveryStatus)"]
        if let consumptionPercentage { parts.append("consumptionPercentage \(consumptionPercentage)") }
        if let refundPreference { parts.append("refundPreference \(refundPreference)") }
        parts.append("sampleContentProvided \(sampleContentProvided)")
        return parts.joined(separator: ", ")
    }
}
