import Foundation

/// What a path's store posts to the team's backend, made by the path (`StoreLifecycle`): the
/// type the outbox files it under, the id a backend de-duplicates by, and the exact request.
struct OutboxMessage: Equatable {
    var uuid: String
    var type: String
    var body: String
    var headers: [OutboxDelivery.Header]
}

// A store other than the App Store names what its server posts through the path that sold the
// purchase; the engine writes it to the outbox in the commit that logs the event.
extension Store {
    /// Writes what the store of `transactionId`'s path posts when `kind` is logged of it
    /// (inside the caller's commit); nothing when its store has no URL or posts nothing of it.
    func postBackendNotification(of kind: EventKind, transaction transactionId: String,
                                 by owner: (any PurchasePath)? = nil) throws {
        // Most events of most launches post nothing: no ledger read unless some store has a URL.
        guard !outbox.urls.isEmpty else { return }
        guard let owner = try owner ?? ledger.transaction(id: transactionId).map({ path(named: $0.integrationPath) })
        else { return }
        let marketplace = owner.traits.marketplace
        guard outbox.urls[marketplace] != nil, let lifecycle = owner.lifecycle else { return }
        for message in try lifecycle.backendNotification(for: kind, ofTransaction: transactionId, in: context) {
            try enqueueNotification(from: marketplace, uuid: message.uuid, type: message.type, transactionId: transactionId,
                                    body: message.body, headers: message.headers)
        }
    }
}
