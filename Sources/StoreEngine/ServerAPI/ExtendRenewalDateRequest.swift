import Foundation

/// The body of Extend a Subscription Renewal Date (`PUT /inApps/v1/subscriptions/extend/{id}`),
/// read as Apple reads it: `extendByDays` 1 to 90, `extendReasonCode` 0 to 3, a
/// `requestIdentifier` of 1 to 128 characters; a field missing, of another JSON type or out of
/// range is refused with that field's code (Apple's `APIError`).
struct ExtendRenewalDateRequest: Equatable {
    var extendByDays: Int
    var extendReasonCode: Int
    var requestIdentifier: String

    /// Apple's `ExtendReasonCode`, by its number.
    static let reasons = ["UNDECLARED", "CUSTOMER_SATISFACTION", "OTHER", "SERVICE_ISSUE_OR_OUTAGE"]

    static func reading(_ body: Data) -> Result<ExtendRenewalDateRequest, AppStoreRefusal> {
        guard let fields = APIJSONValue.fields(of: body) else {
            return .failure(AppStoreRefusal(code: 4000000, message: "Bad request."))
        }
        guard case .number(let days)? = fields["extendByDays"], (1...90).contains(days) else {
            return .failure(AppStoreRefusal(code: 4000009, message: "Invalid extend by days value."))
        }
        guard case .number(let reason)? = fields["extendReasonCode"], reasons.indices.contains(reason) else {
            return .failure(AppStoreRefusal(code: 4000010, message: "Invalid extend reason code."))
        }
        guard case .string(let identifier)? = fields["requestIdentifier"], (1...128).contains(identifier.count) else {
            return .failure(AppStoreRefusal(code: 4000011, message: "Invalid request identifier."))
        }
        return .success(ExtendRenewalDateRequest(extendByDays: days, extendReasonCode: reason, requestIdentifier: identifier))
    }

    /// What the event keeps of the request, Apple's names and values: the request identifier
    /// last, as it may hold any character, and the date the extension took effect, so that the
    /// same request made again is answered as the first was (`RenewalExtensions`).
    func note(effectiveDate: Date) -> String {
        "extendByDays \(extendByDays), extendReasonCode \(Self.reasons[extendReasonCode]), "
            + "effectiveDate \(SignedTransactionPayload.milliseconds(effectiveDate)), requestIdentifier \(requestIdentifier)"
    }
}
