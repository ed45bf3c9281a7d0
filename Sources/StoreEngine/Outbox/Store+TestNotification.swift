import Foundation

// The App Store Server API's Request a Test Notification: a `TEST` notification, signed as
// every App Store notification is, through the outbox like any other.
extension Store {
    /// Writes a `TEST` notification under `uuid` to the App Store's URL; a refusal when there is
    /// no URL to post to (Apple's 4040007).
    public func requestTestNotification(uuid: String) throws(StoreError) -> StoreReport {
        try takeCall {
            guard outbox.urls[.appStore] != nil else {
                return .refusal("No App Store notification URL is set: start with --apple-notifications URL "
                                + "(or a scenario's notifications apple URL), then request the test again.")
            }
            let time = now()
            let payload = NotificationPayload(
                notificationType: "TEST", notificationUUID: uuid,
                data: .init(appAppleId: try ServerCredentials.read(from: ledger)?.appAppleId, bundleId: catalog.app.bundleId,
                            environment: signedEnvironment.rawValue),
                signedDate: SignedTransactionPayload.milliseconds(time))
            let signed: String
            do {
                signed = try signer.sign(payload)
            } catch let error as SigningError {
                throw StoreError.signing(path: ledger.path, reason: error.description)
            }
            _ = try ledger.inTransaction {
                try enqueueNotification(from: .appStore, uuid: uuid, type: "TEST", body: NotificationPayload.body(signedPayload: signed),
                                        headers: [.init(name: "Content-Type", value: "application/json")])
            }
            return StoreNotice(.info, "A TEST notification goes to the App Store's URL.")
        }
    }
}
