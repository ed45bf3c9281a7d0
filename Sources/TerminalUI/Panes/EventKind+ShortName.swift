import StoreEngine

// The Events pane names each event in a short form (`txn.purchased`, `REFUND`), so that at 80
// columns the kind leaves room for what the event says. A view's concern: the engine, the
// ledger, `history`, scenarios and a row's details (Enter) keep the full name.
extension EventKind {
    /// At most `longestShortName` cells; a kind this build does not know is shortened by its prefix.
    public var shortName: String {
        if let name = Self.shortNames[rawValue] { return name }
        for (long, short) in Self.shortPrefixes where rawValue.hasPrefix(long) {
            return short + rawValue.dropFirst(long.count)
        }
        return rawValue
    }

    /// 16: `catalog.reloaded`, `catalog.rejected` and `xee.notification` keep the names the docs
    /// give them (Tests/TerminalUITests/EventNamesInDocsTests.swift), whole where the pane has
    /// the room and cut with `…` where it is narrower.
    public static let longestShortName = 16

    /// Words that start many names: `transaction.purchased`, `transactionStart`, `paystation.paid`.
    static let shortPrefixes: [(String, String)] = [
        ("transaction", "txn"), ("paystation.", "ps."), ("redirect.", "redir."), ("purchase.", "buy."),
        ("products.", "prod."), ("subscription.", "sub."), ("SUBSCRIPTION_", "SUB_"), ("notification.", "notif."),
    ]

    /// Names that a prefix alone leaves too long or unclear.
    private static let shortNames: [String: String] = [
        "paystation.openedExternally": "ps.openedExt",
        "payment.cancelled": "pay.cancelled",
        "purchases.restored": "restored",
        "entitlements.current": "entitlements",
        "subscription.billingIssue": "sub.billing",
        "xee.apple.failed": "xee.apple.fail",
        "xee.apple.production": "xee.apple.prod",
        "xee.localStoreKit": "xee.localSK",
        "xee.getPaywallVariantProducts": "xee.products",
        "xee.makePurchase": "xee.purchase",
        "CONSUMPTION_REQUEST": "CONSUMPTION_REQ",
        "xee.didLoadLatestProfile": "xee.didLoad",
        // Names earlier builds logged, still in older ledgers.
        "INITIAL_PURCHASE": "INITIAL_BUY",
        "NON_RENEWING_PURCHASE": "NON_RENEWING",
        // The App Store's Server Notifications V2.
        "DID_CHANGE_RENEWAL_STATUS": "DID_CHG_STATUS",
        "DID_CHANGE_RENEWAL_PREF": "DID_CHG_PREF",
        "DID_FAIL_TO_RENEW": "DID_FAIL_RENEW",
        "GRACE_PERIOD_EXPIRED": "GRACE_EXPIRED",
        // Xsolla's webhooks.
        "create_subscription": "create_sub",
        "update_subscription": "update_sub",
        "non_renewal_subscription": "non_renewal_sub",
        "cancel_subscription": "cancel_sub",
        // Google Play's real-time developer notifications.
        "voidedPurchaseNotification": "voidedPurchase",
        "SUBSCRIPTION_PRICE_CHANGE_UPDATED": "SUB_PRICE_UPD",
        "SUBSCRIPTION_PENDING_PURCHASE_CANCELED": "SUB_PENDING_CXL",
        "VERIFIED_WITH_APPLE": "VERIFIED",
        "ONE_TIME_PRODUCT_PURCHASED": "OT_PURCHASED",
        "ONE_TIME_PRODUCT_CANCELED": "OT_CANCELED",
        "SUBSCRIPTION_IN_GRACE_PERIOD": "SUB_IN_GRACE",
        "SUBSCRIPTION_PRICE_CHANGE_CONFIRMED": "SUB_PRICE_OK",
        "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED": "SUB_PAUSE_SCHED",
        "ledger.unreadable": "ledger.unread",
    ]
}
