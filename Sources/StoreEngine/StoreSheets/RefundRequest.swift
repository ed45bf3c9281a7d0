import Foundation
import Ledger

/// A refund the player asked for on the App Store's sheet (`Transaction.beginRefundRequest`),
/// and how the App Store decided it. The App Store decides later, outside the app: QA decides
/// for it from the transaction's actions (`m`).
public struct RefundRequest: Sendable, Equatable {
    public enum Decision: String, Sendable {
        case approved, declined
        /// Approved, then reversed (`REFUND_REVERSED`): the purchase is the player's again.
        case reversed
    }

    public var reason: RefundRequestReason
    public var requestedAt: Date
    /// nil while the App Store has not decided.
    public var decision: Decision?

    public var isWaiting: Bool { decision == nil }

    init(record: RefundRequestRecord) {
        reason = RefundRequestReason(rawValue: record.reason) ?? .other
        requestedAt = record.requestedAt
        decision = record.decision.flatMap(Decision.init(rawValue:))
    }
}

/// The reasons the App Store's refund sheet offers, by the names Apple's `CONSUMPTION_REQUEST`
/// notification gives them (`consumptionRequestReason`), in the sheet's order.
public enum RefundRequestReason: String, Sendable, CaseIterable {
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    case legal = "LEGAL"
    case other = "OTHER"

    /// The `revocationReason` an approved refund carries: 1 where the player blames the app
    /// (it did not deliver, or not as promised), 0 for anything else.
    var revocationReason: RefundReason {
        switch self {
        case .fulfillmentIssue, .unsatisfiedWithPurchase: return .developerIssue
        case .unintendedPurchase, .legal, .other: return .other
        }
    }
}
