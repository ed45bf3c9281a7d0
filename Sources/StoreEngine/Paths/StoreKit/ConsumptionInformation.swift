import Foundation

// Send Consumption Information, as the App Store keeps it: what a team's backend tells Apple of
// a purchase the customer asked to have refunded (how much was consumed, whether it was
// delivered, the refund it prefers). Apple weighs it and answers nothing more; storefront
// keeps it as an event on the transaction, so the Events pane and `history` show what was sent.

extension EventKind {
    /// A backend sent consumption information for a transaction through the App Store Server API.
    public static let consumptionSent = EventKind(rawValue: "consumption.sent")
}

extension ServerChange {
    /// The engine's change for a Send Consumption Information request on the ledger's transaction.
    static func consumptionInformation(_ request: ConsumptionRequest, transactionId: String) -> ServerChange {
        .send(.storeKit(.consumptionInformation(request, transactionId: transactionId)))
    }

    /// The same for Send Consumption Information v2.
    static func consumptionInformation(_ request: ConsumptionRequestV2, transactionId: String) -> ServerChange {
        .send(.storeKit(.consumptionInformationV2(request, transactionId: transactionId)))
    }
}

enum ConsumptionInformation {
    /// Logs what the backend sent on the transaction, in the commit the store opened for it;
    /// a transaction gone since the API read it is refused, and nothing is written.
    static func keep(_ summary: String, on transactionId: String, in context: PathContext) throws -> PathStep {
        guard try context.account.transaction(transactionId) != nil else {
            return PathStep(notice: .refusal("There is no transaction \(transactionId) to send consumption information for.",
                                             tone: .error))
        }
        try context.log(.consumptionSent, "Send Consumption Information from the backend: \(summary)",
                        transaction: transactionId)
        return PathStep(notice: StoreNotice(.info, "The backend sent consumption information for \(transactionId)."))
    }
}
