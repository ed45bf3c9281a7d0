import Foundation

// App Store Server Notifications V2 for what happens to a purchase: each event an App Store
// path names by Apple's notification type is posted to the App Store's URL, written in the
// commit that logs it, with the transaction as it is signed now and, for a subscription, its
// renewal info and status.
extension Store {
    /// Writes the App Store's notification `type` · `subtype` of `transactionId` to the outbox
    /// (inside the caller's commit); nothing when the App Store has no URL. A `CONSUMPTION_REQUEST`
    /// carries the player's reason.
    func enqueueAppStoreNotification(type: String, subtype: String?, transactionId: String, at time: Date,
                                     consumptionRequestReason: String? = nil) throws {
        guard outbox.urls[.appStore] != nil, let transaction = try ledger.transaction(id: transactionId) else { return }
        var data = NotificationPayload.NotificationData(
            appAppleId: try ServerCredentials.read(from: ledger)?.appAppleId, bundleId: catalog.app.bundleId,
            environment: signedEnvironment.rawValue, signedTransactionInfo: transaction.signedTransaction)
        data.consumptionRequestReason = consumptionRequestReason
        let originalId = transaction.originalTransactionId ?? transaction.id
        if let subscription = account.snapshot(at: time).subscriptions.first(where: { $0.originalTransactionId == originalId }) {
            data.status = AppStoreLedgerReader.number(of: subscription.status)
            data.signedRenewalInfo = try signed(SignedRenewalInfoPayload(subscription, userId: transaction.userId,
                                                                          environment: signedEnvironment, signedAt: time))
        }
        // The system's randomness, not the seeded generator: a URL set or not leaves a script's draws alone.
        let uuid = UUID().uuidString.lowercased()
        let payload = NotificationPayload(notificationType: type, subtype: subtype, notificationUUID: uuid, data: data,
                                          signedDate: SignedTransactionPayload.milliseconds(time))
        try enqueueNotification(from: .appStore, uuid: uuid, type: type, subtype: subtype, transactionId: transactionId,
                                body: NotificationPayload.body(signedPayload: try signed(payload)),
                                headers: [.init(name: "Content-Type", value: "application/json")])
    }

    /// `payload` signed with the ledger's key; a failure names the ledger.
    func signed(_ payload: some AppStoreSignedPayload) throws -> String {
        do {
            return try signer.sign(payload)
        } catch let error as SigningError {
            throw StoreError.signing(path: ledger.path, reason: error.description)
        }
    }
}
