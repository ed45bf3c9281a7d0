import Catalog
import Foundation
import Ledger

// Refund requests, as the App Store takes them: the app calls `beginRefundRequest(for:in:)`,
// the player chooses a reason on the App Store's sheet and submits (the app hears `success`) or
// closes it (`userCancelled`); the App Store decides days later, outside the app, and tells the
// team's backend: for a consumable it first asks for consumption information
// (`CONSUMPTION_REQUEST`, answered through the server API's Send Consumption Information), then
// `REFUND` or `REFUND_DECLINED`; a refund it gave may later be reversed (`REFUND_REVERSED`). QA
// decides for the App Store from the transaction's actions.

extension EventKind {
    /// What `Transaction.beginRefundRequest(for:in:)` returned to the app (`success`, `userCancelled`).
    public static let refundRequestResult = EventKind(rawValue: "refund.request")
    /// The App Store asks the backend how much of a consumable was used before it decides.
    public static let consumptionRequest = EventKind(rawValue: "CONSUMPTION_REQUEST")
    /// The App Store declined a refund the player asked for.
    public static let refundDeclined = EventKind(rawValue: "REFUND_DECLINED")
    /// The App Store reversed a refund it gave: the purchase is the player's again.
    public static let refundReversed = EventKind(rawValue: "REFUND_REVERSED")
}

extension Store {
    /// Opens the App Store's refund sheet for `record`: a purchase of the App Store's, paid,
    /// finished, not refunded, with no request yet (the caller checked its actions offer it).
    func openRefundRequest(for record: TransactionRecord) -> StoreNotice? {
        let locale = sheetLocale(of: record)
        storeSheet = .refundRequest(RefundRequestSheet(
            transactionId: record.id, productId: record.productId, productName: sheetName(of: record, in: locale),
            amount: TransactionSummary(record: record).chargeText, purchasedAt: record.purchasedAt ?? record.createdAt,
            language: LocalizedText.language(of: locale)))
        return nil
    }

    /// A key on the refund sheet: a reason chosen; Submit records the request in one commit;
    /// Esc closes it. The sheet stays open when the commit fails, so nothing the player chose is lost.
    func answer(_ input: StoreSheetInput, onRefundSheet sheet: RefundRequestSheet) throws -> StoreNotice? {
        let id = sheet.transactionId
        switch input {
        case .type, .erase:
            return nil
        case .previous, .next, .choose:
            var moved = sheet
            moved.choose(input)
            storeSheet = .refundRequest(moved)
            return nil
        case .cancel:
            try ledger.inTransaction {
                try log(.refundRequestResult, "beginRefundRequest(for: \(id)) → userCancelled", id, now())
            }
            storeSheet = nil
            return StoreNotice(.info, "The refund sheet was closed: beginRefundRequest returned userCancelled.")
        case .confirm:
            guard let record = try ledger.transaction(id: id), record.userId == userId, record.revokedAt == nil,
                  record.refundRequest == nil else {
                storeSheet = nil
                return .refusal("\(id) can no longer be refunded: it was refunded, deleted or already asked for.")
            }
            let time = now()
            let reason = sheet.chosen
            let consumable = catalog.product(id: record.productId)?.type == .consumable
            try ledger.inTransaction {
                try ledger.recordRefundRequest(ofTransaction: id, reason: reason.rawValue, at: time)
                try log(.refundRequestResult, "beginRefundRequest(for: \(id)) → success · reason \(reason.rawValue)", id, time)
                if consumable {
                    try log(.consumptionRequest, "reason \(reason.rawValue): the App Store asks the backend what was consumed",
                            id, time)
                    try enqueueAppStoreNotification(type: EventKind.consumptionRequest.rawValue, subtype: nil,
                                                    transactionId: id, at: time, consumptionRequestReason: reason.rawValue)
                }
                try refresh(id)
            }
            storeSheet = nil
            let asked = consumable ? " The App Store asked the backend for consumption information." : ""
            return StoreNotice(.info, "Refund requested for \(catalog.noticeName(ofProduct: record.productId)).\(asked) "
                               + "The App Store decides later: m approves or declines it.")
        }
    }

    /// The App Store's decision on the request that waits: approved, the purchase is refunded
    /// with the revocation reason the player's reason implies, in the same commit; declined,
    /// nothing changes but the request and `REFUND_DECLINED`.
    func decideRefundRequest(of record: TransactionRecord, approve: Bool) throws -> StoreNotice {
        guard let request = record.refundRequest.map(RefundRequest.init(record:)), request.isWaiting else {
            return .refusal("No refund request of \(record.id) waits for the App Store's decision.")
        }
        let time = now()
        if approve {
            var notice: StoreNotice?
            try ledger.inTransaction {
                try ledger.recordRefundDecision(ofTransaction: record.id, RefundRequest.Decision.approved.rawValue, at: time)
                notice = try refund(record, because: request.reason.revocationReason)
            }
            return notice ?? StoreNotice(.info, "The refund request of \(record.id) was approved.")
        }
        try ledger.inTransaction {
            try ledger.recordRefundDecision(ofTransaction: record.id, RefundRequest.Decision.declined.rawValue, at: time)
            try log(.refundDeclined, "the App Store declined the refund request (reason \(request.reason.rawValue))",
                    record.id, time)
            try enqueueAppStoreNotification(type: EventKind.refundDeclined.rawValue, subtype: nil, transactionId: record.id,
                                            at: time)
            try refresh(record.id)
        }
        return StoreNotice(.info, "The App Store declined the refund of \(catalog.noticeName(ofProduct: record.productId)): "
                           + "the purchase stays.")
    }

    /// The App Store reverses a refund of a one-time purchase: the revocation goes, the
    /// transaction is signed again without it, its grant counts again, and `REFUND_REVERSED`
    /// is posted, in one commit.
    func reverseRefund(of record: TransactionRecord) throws -> StoreNotice {
        guard catalog.product(id: record.productId)?.type != .autoRenewable else {
            return .refusal("A subscription's refund ended its calendar: storefront reverses refunds of one-time purchases only.")
        }
        let time = now()
        let grant = try ledger.grant(forTransaction: record.id)
        var reversed = false
        try ledger.inTransaction {
            reversed = try ledger.recordRefundReversal(ofTransaction: record.id, at: time)
            guard reversed else { return }
            try signAgain(record, revokedAt: nil, reason: nil, at: time)
            account.restoreGrant(grant, of: record)
            let given = grant.map { " (" + Completion.describe($0, revoked: false) + ")" } ?? ""
            try log(.refundReversed, "the App Store reversed the refund\(given)", record.id, time)
            try enqueueAppStoreNotification(type: EventKind.refundReversed.rawValue, subtype: nil, transactionId: record.id,
                                            at: time)
            if path(of: record).traits.readsCurrentEntitlements {
                try log(.transactionUpdate, "Transaction.updates: \(record.id) no longer revoked; the app gives access again",
                        record.id, time)
                try logCurrentEntitlements(at: time, transaction: record.id)
            }
            try refresh(record.id)
        }
        guard reversed else { return .refusal("\(record.id) is not refunded: there is no refund to reverse.") }
        return StoreNotice(.info, "The App Store reversed the refund of \(catalog.noticeName(ofProduct: record.productId)).")
    }
}
