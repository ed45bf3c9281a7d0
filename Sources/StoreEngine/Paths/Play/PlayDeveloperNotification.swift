import Foundation

/// Google Play's real-time developer notification (`DeveloperNotification`), as the team's
/// backend reads it from a Pub/Sub message's base64 `data`: one of a subscription's, a one-time
/// product's or a voided purchase's notification, each by Google's number for its type.
struct PlayDeveloperNotification: Codable, Equatable {
    var version = "1.0"
    var packageName: String
    /// Google writes the long as a JSON string.
    var eventTimeMillis: String
    var subscriptionNotification: SubscriptionNotification?
    var oneTimeProductNotification: OneTimeProductNotification?
    var voidedPurchaseNotification: VoidedPurchaseNotification?

    struct SubscriptionNotification: Codable, Equatable {
        var version = "1.0"
        var notificationType: Int
        var purchaseToken: String
        var subscriptionId: String
    }

    struct OneTimeProductNotification: Codable, Equatable {
        var version = "1.0"
        var notificationType: Int
        var purchaseToken: String
        var sku: String
    }

    struct VoidedPurchaseNotification: Codable, Equatable {
        var purchaseToken: String
        var orderId: String
        /// 1 a subscription, 2 a one-time product.
        var productType: Int
        /// 1 a full refund (the only kind storefront makes).
        var refundType: Int
    }
}

/// What a Pub/Sub push subscription posts: the message (the notification base64-encoded in
/// `data`) and the subscription's full name.
struct PubSubPushRequest: Codable, Equatable {
    struct Message: Codable, Equatable {
        var data: String
        /// Decimal, the same on every redelivery.
        var messageId: String
        /// RFC 3339, when the message was published.
        var publishTime: String
        var attributes: [String: String] = [:]
    }

    var message: Message
    var subscription: String
}

extension PlayPath {
    /// Google's `notificationType` of each subscription notification this path logs.
    static let subscriptionNotificationTypes: [EventKind: Int] = [
        .subscriptionRecovered: 1, .subscriptionRenewed: 2, .subscriptionCanceled: 3, .subscriptionPurchased: 4,
        .subscriptionOnHold: 5, .subscriptionInGracePeriod: 6, .subscriptionRestarted: 7,
        .subscriptionPriceChangeConfirmed: 8, .subscriptionDeferred: 9, .subscriptionPaused: 10,
        .subscriptionPauseScheduleChanged: 11, .subscriptionRevoked: 12, .subscriptionExpired: 13,
        .subscriptionPriceChangeUpdated: 19, .subscriptionPendingPurchaseCanceled: 20,
    ]

    /// And of each one-time product notification.
    static let oneTimeProductNotificationTypes: [EventKind: Int] = [.oneTimeProductPurchased: 1, .oneTimeProductCanceled: 2]

    /// The project a Pub/Sub subscription names before `storefront keys` made a service account.
    static let placeholderProject = "storefront-local"
    /// The subscription's own name within its project.
    static let pushSubscription = "storefront-play"

    /// A push subscription with authentication sends each push with a token Google mints for
    /// it then, on the real clock: the backend checks it against real time.
    func attemptHeaders(in context: PathContext) throws -> [OutboxDelivery.Header] {
        guard let audience = context.purchases.outbox.pushAudience else { return [] }
        return [try context.records(PlayPurchaseRecords.self).pushAuthorization(audience: audience, at: Date())]
    }

    /// The Pub/Sub push of the developer notification `kind` names, for the purchase that
    /// carries its token: the transaction's own, or for a renewal the first purchase's.
    func backendNotification(for kind: EventKind, ofTransaction transactionId: String,
                             in context: PathContext) throws -> [OutboxMessage] {
        let records = context.records(PlayPurchaseRecords.self)
        let original = try context.account.transaction(transactionId)?.originalTransactionId
        guard let purchase = try records.purchase(of: transactionId) ?? original.flatMap({ try records.purchase(of: $0) }),
              var notification = Self.developerNotification(kind, of: purchase, in: context)
        else { return [] }
        notification.eventTimeMillis = String(PlayPurchase.milliseconds(context.now))
        return [try Self.push(notification, type: kind.rawValue, at: context.now,
                              project: records.serviceAccountProject() ?? Self.placeholderProject)]
    }

    /// The notification `kind` names of `purchase` (its time set by the caller); nil for a kind
    /// Google Play notifies nothing of.
    private static func developerNotification(_ kind: EventKind, of purchase: PlayPurchase,
                                              in context: PathContext) -> PlayDeveloperNotification? {
        var notification = PlayDeveloperNotification(packageName: purchase.packageName, eventTimeMillis: "")
        let token = purchase.purchaseToken
        if let type = subscriptionNotificationTypes[kind] {
            notification.subscriptionNotification = .init(notificationType: type, purchaseToken: token,
                                                          subscriptionId: purchase.productId)
        } else if let type = oneTimeProductNotificationTypes[kind] {
            notification.oneTimeProductNotification = .init(notificationType: type, purchaseToken: token, sku: purchase.productId)
        } else if kind == .voidedPurchaseNotification {
            let subscribes = context.catalog.product(id: purchase.productId)?.type == .autoRenewable
            notification.voidedPurchaseNotification = .init(purchaseToken: token, orderId: purchase.orderId,
                                                            productType: subscribes ? 1 : 2, refundType: 1)
        } else {
            return nil
        }
        return notification
    }

    /// `notification` as Pub/Sub pushes it, under a new message id.
    static func push(_ notification: PlayDeveloperNotification, type: String, at time: Date,
                     project: String) throws -> OutboxMessage {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // The system's randomness, not the seeded generator: a URL set or not leaves a script's
        // draws alone. Sixteen digits, as Pub/Sub's ids run; the outbox keeps it for every retry.
        var generator = SystemRandomNumberGenerator()
        let messageId = String(UInt64.random(in: 1_000_000_000_000_000...9_999_999_999_999_999, using: &generator))
        let request = PubSubPushRequest(
            message: .init(data: try encoder.encode(notification).base64EncodedString(), messageId: messageId,
                           publishTime: PlayPurchaseResources.time(time)),
            subscription: "projects/\(project)/subscriptions/\(pushSubscription)")
        return OutboxMessage(uuid: messageId, type: type, body: String(decoding: try encoder.encode(request), as: UTF8.self),
                             headers: [.init(name: "Content-Type", value: "application/json")])
    }
}
