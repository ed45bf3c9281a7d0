import Foundation

/// The body of Send Consumption Information (`PUT /inApps/v1/transactions/consumption/{id}`),
/// read as Apple reads it: every field but `refundPreference` is required, each number within
/// Apple's range, `customerConsented` true; a field that is missing, of another JSON type or out
/// of range is refused with that field's error code (Apple's `APIError`). The values are kept
/// as the numbers Apple defines, and named by Apple's names in the event that records them.
public struct ConsumptionRequest: Sendable, Equatable {
    public var consumptionStatus: Int
    public var platform: Int
    public var sampleContentProvided: Bool
    public var deliveryStatus: Int
    /// The UUID the app gave the purchase, or empty when it gave none.
    public var appAccountToken: String
    public var accountTenure: Int
    public var playTime: Int
    public var lifetimeDollarsRefunded: Int
    public var lifetimeDollarsPurchased: Int
    public var userStatus: Int
    /// Optional in Apple's request: nil when not sent.
    public var refundPreference: Int?

    /// One numbered field: its name, Apple's name for each value in order, and its error code.
    struct NumberField {
        var name: String
        var values: [String]
        var code: Int
    }

    static let dollars = ["UNDECLARED", "ZERO_DOLLARS", "ONE_CENT_TO_FORTY_NINE_DOLLARS_AND_NINETY_NINE_CENTS",
                          "FIFTY_DOLLARS_TO_NINETY_NINE_DOLLARS_AND_NINETY_NINE_CENTS",
                          "ONE_HUNDRED_DOLLARS_TO_FOUR_HUNDRED_NINETY_NINE_DOLLARS_AND_NINETY_NINE_CENTS",
                          "FIVE_HUNDRED_DOLLARS_TO_NINE_HUNDRED_NINETY_NINE_DOLLARS_AND_NINETY_NINE_CENTS",
                          "ONE_THOUSAND_DOLLARS_TO_ONE_THOUSAND_NINE_HUNDRED_NINETY_NINE_DOLLARS_AND_NINETY_NINE_CENTS",
                          "TWO_THOUSAND_DOLLARS_OR_GREATER"]
    static let consumptionStatusField = NumberField(
        name: "consumptionStatus", values: ["UNDECLARED", "NOT_CONSUMED", "PARTIALLY_CONSUMED", "FULLY_CONSUMED"], code: 4000034)
    static let platformField = NumberField(name: "platform", values: ["UNDECLARED", "APPLE", "NON_APPLE"], code: 4000039)
    static let deliveryStatusField = NumberField(
        name: "deliveryStatus", values: ["DELIVERED_AND_WORKING_PROPERLY", "DID_NOT_DELIVER_DUE_TO_QUALITY_ISSUE",
                                         "DELIVERED_WRONG_ITEM", "DID_NOT_DELIVER_DUE_TO_SERVER_OUTAGE",
                                         "DID_NOT_DELIVER_DUE_TO_IN_GAME_CURRENCY_CHANGE", "DID_NOT_DELIVER_FOR_OTHER_REASON"],
        code: 4000036)
    static let accountTenureField = NumberField(
        name: "accountTenure", values: ["UNDECLARED", "ZERO_TO_THREE_DAYS", "THREE_DAYS_TO_TEN_DAYS", "TEN_DAYS_TO_THIRTY_DAYS",
                                        "THIRTY_DAYS_TO_NINETY_DAYS", "NINETY_DAYS_TO_ONE_HUNDRED_EIGHTY_DAYS",
                                        "ONE_HUNDRED_EIGHTY_DAYS_TO_THREE_HUNDRED_SIXTY_FIVE_DAYS",
                                        "GREATER_THAN_THREE_HUNDRED_SIXTY_FIVE_DAYS"], code: 4000032)
    static let playTimeField = NumberField(
        name: "playTime", values: ["UNDECLARED", "ZERO_TO_FIVE_MINUTES", "FIVE_TO_SIXTY_MINUTES", "ONE_TO_SIX_HOURS",
                                   "SIX_HOURS_TO_TWENTY_FOUR_HOURS", "ONE_DAY_TO_FOUR_DAYS", "FOUR_DAYS_TO_SIXTEEN_DAYS",
                                   "OVER_SIXTEEN_DAYS"], code: 4000040)
    static let refundedField = NumberField(name: "lifetimeDollarsRefunded", values: dollars, code: 4000038)
    static let purchasedField = NumberField(name: "lifetimeDollarsPurchased", values: dollars, code: 4000037)
    static let userStatusField = NumberField(
        name: "userStatus", values: ["UNDECLARED", "ACTIVE", "SUSPENDED", "TERMINATED", "LIMITED_ACCESS"], code: 4000042)
    /// Apple's `APIError` has no code of its own for it: a bad one is a general bad request.
    static let refundPreferenceField = NumberField(
        name: "refundPreference", values: ["UNDECLARED", "PREFER_GRANT", "PREFER_DECLINE", "NO_PREFERENCE"], code: 4000000)

    public typealias Refusal = AppStoreRefusal

    public static func reading(_ body: Data) -> Result<ConsumptionRequest, Refusal> {
        guard let fields = APIJSONValue.fields(of: body) else {
            return .failure(Refusal(code: 4000000, message: "Bad request."))
        }
        do throws(Refusal) {
            func number(_ field: NumberField) throws(Refusal) -> Int {
                guard case .number(let value)? = fields[field.name], field.values.indices.contains(value) else {
                    throw Refusal(code: field.code, message: "Invalid \(field.name).")
                }
                return value
            }
            guard case .bool(true)? = fields["customerConsented"] else {
                throw Refusal(code: 4000035, message: "Invalid customerConsented: the customer must have consented.")
            }
            let consumptionStatus = try number(consumptionStatusField)
            let platform = try number(platformField)
            guard case .bool(let sample)? = fields["sampleContentProvided"] else {
                throw Refusal(code: 4000041, message: "Invalid sampleContentProvided.")
            }
            let deliveryStatus = try number(deliveryStatusField)
            guard case .string(let token)? = fields["appAccountToken"], token.isEmpty || UUID(uuidString: token) != nil else {
                throw Refusal(code: 4000033, message: "Invalid appAccountToken.")
            }
            var request = ConsumptionRequest(
                consumptionStatus: consumptionStatus, platform: platform, sampleContentProvided: sample,
                deliveryStatus: deliveryStatus, appAccountToken: token, accountTenure: try number(accountTenureField),
                playTime: try number(playTimeField), lifetimeDollarsRefunded: try number(refundedField),
                lifetimeDollarsPurchased: try number(purchasedField), userStatus: try number(userStatusField))
            if fields["refundPreference"] != nil { request.refundPreference = try number(refundPreferenceField) }
            return .success(request)
        } catch {
            return .failure(error)
        }
    }

    /// What the backend said, by Apple's names: `consumptionStatus FULLY_CONSUMED, deliveryStatus
    /// DELIVERED_AND_WORKING_PROPERLY, …`, the fields that weigh most on a refund first.
    public var summary: String {
        func named(_ field: NumberField, _ value: Int) -> String { "\(field.name) \(field.values[value])" }
        var parts = [named(Self.consumptionStatusField, consumptionStatus), named(Self.deliveryStatusField, deliveryStatus)]
        if let refundPreference { parts.append(named(Self.refundPreferenceField, refundPreference)) }
        parts += [named(Self.platformField, platform), "sampleContentProvided \(sampleContentProvided)",
                  named(Self.playTimeField, playTime), named(Self.accountTenureField, accountTenure),
                  named(Self.purchasedField, lifetimeDollarsPurchased), named(Self.refundedField, lifetimeDollarsRefunded),
                  named(Self.userStatusField, userStatus),
                  "appAccountToken " + (appAccountToken.isEmpty ? "none" : appAccountToken.lowercased())]
        return parts.joined(separator: ", ")
    }
}
