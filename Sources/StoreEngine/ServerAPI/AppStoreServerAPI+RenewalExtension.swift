import Foundation
import Ledger

extension AppStoreServerAPI {
    /// Extend a Subscription Renewal Date (`PUT /inApps/v1/subscriptions/extend/{originalTransactionId}`):
    /// Apple's refusals with its codes, read here; an extension it would make comes back as the
    /// engine's change, moving the renewal date to the day this answer says, from the date read
    /// here (a renewal that comes between refuses it, and nothing moves twice). The same
    /// `requestIdentifier` again is answered as the first time, and extends nothing.
    func extendRenewal(ofOriginal id: String, sent request: APIRequest, in reader: AppStoreLedgerReader) throws -> APIAnswer {
        guard AppStoreIdentifiers.isNumber(id) else {
            return .response(Self.error(400, 4000008, "Invalid original transaction id."))
        }
        let asked: ExtendRenewalDateRequest
        switch ExtendRenewalDateRequest.reading(request.body) {
        case .failure(let refusal): return .response(Self.error(400, refusal.code, refusal.message))
        case .success(let read): asked = read
        }
        guard let original = try reader.transaction(appStoreId: id) else {
            return .response(Self.error(404, 4040005, "Original transaction id not found."))
        }
        let ledger = reader.ledger
        let ineligible = Self.error(403, 4030004, "Subscription extension ineligible.")
        // Only an auto-renewable subscription's original transaction names one.
        guard original.originalTransactionId == nil,
              let subscription = try ledger.subscriptions(user: original.userId).first(where: { $0.originalTransactionId == original.id })
        else { return .response(ineligible) }
        let made = try ledger.events(ofKind: EventKind.renewalExtended.rawValue, onSubscription: original.id)
        if let first = made.first(where: { $0.message.hasSuffix("requestIdentifier " + asked.requestIdentifier) }),
           let effective = Self.effectiveDate(in: first.message) {
            return .response(Self.extended(original: original.id, latest: first.transactionId ?? original.id, effective: effective))
        }
        let now = try LedgerHistory.simulatedNow(of: ledger, atWall: wallTime())
        // Apple extends a paid period that runs: not one ended, nor one in grace or billing retry.
        guard subscription.endedAt == nil, subscription.billingIssueAt == nil, subscription.pausedUntil == nil,
              subscription.expiresAt > now else { return .response(ineligible) }
        // Nor a free offer period: an offer that charged nothing for the period running.
        if let latest = try ledger.transaction(id: subscription.latestTransactionId), latest.offerType != nil,
           latest.amountCharged.flatMap({ Decimal(string: $0) }) == 0 {
            return .response(ineligible)
        }
        guard made.filter({ now.timeIntervalSince($0.time) < 365 * 86_400 }).count < 2 else {
            return .response(Self.error(403, 4030005, "Subscription max extension."))
        }
        let rate = try LedgerHistory.renewalRate(keptIn: ledger) ?? .realTime
        let effective = subscription.end(extendedBy: .days(asked.extendByDays), at: rate)
        let change = RenewalExtension(.until(effective), expectedEnd: subscription.expiresAt,
                                      note: asked.note(effectiveDate: effective))
        let answers = ChangeAnswers(
            done: Self.extended(original: original.id, latest: subscription.latestTransactionId,
                                effective: SignedTransactionPayload.milliseconds(effective)),
            refused: ineligible, failed: Self.error(500, 5000001, "An unknown error occurred. Please try again."))
        return .change(.act(.extendRenewal(change), onTransaction: subscription.latestTransactionId), answers: answers)
    }

    /// Apple's `ExtendRenewalDateResponse`.
    private static func extended(original: String, latest: String, effective: Int64) -> APIResponse {
        var fields: [String: Any] = [
            "originalTransactionId": AppStoreIdentifiers.transactionId(of: original), "success": true, "effectiveDate": effective,
        ]
        fields["webOrderLineItemId"] = AppStoreIdentifiers.webOrderLineItemId(of: latest)
        return .json(200, fields)
    }

    /// The `effectiveDate` an extension's event kept (`ExtendRenewalDateRequest.note`).
    private static func effectiveDate(in message: String) -> Int64? {
        guard let range = message.range(of: "effectiveDate ") else { return nil }
        return Int64(message[range.upperBound...].prefix { $0.isNumber })
    }
}
