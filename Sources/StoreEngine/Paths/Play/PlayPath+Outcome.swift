import Catalog
import Foundation

// What the sheet's Buy or Cancel ends with: the response code handled as the guide says, or
// Google Play charging the test instrument and keeping the signed purchase.
extension PlayPath {
    /// The sheet's outcome: what `onPurchasesUpdated` answers, handled as the guide says.
    func finish(_ sheet: PlaySession, as outcome: PlayOutcome, in context: PathContext) throws -> PathStep {
        let transaction = sheet.transactionId
        guard case .buy(let instrument, var code) = outcome else {
            return try endSheet(settling: transaction, failure: .userCancelled,
                                event: "onPurchasesUpdated(USER_CANCELED, null): the player closed the sheet; not an error",
                                notice: StoreNotice(.info, "Purchase cancelled."), in: context)
        }
        // Google Play does not sell a consumable the player holds unconsumed.
        if code == .ok, let product = context.catalog.product(id: sheet.productId), product.type == .consumable,
           try context.records(PlayPurchaseRecords.self).all().contains(where: {
               $0.productId == product.id && $0.isOwned && $0.obfuscatedAccountId == Self.accountId(context.userId)
           }) {
            code = .itemAlreadyOwned
        }
        switch code.handling {
        case .proceed:
            return try charge(sheet, with: instrument, in: context)
        case .cancelled:
            return try endSheet(settling: transaction, failure: .userCancelled,
                                event: "onPurchasesUpdated(USER_CANCELED, null): not an error; the paywall stays",
                                notice: StoreNotice(.info, "Purchase cancelled."), in: context)
        case .retry:
            try context.log(.playResponse, "onPurchasesUpdated(\(code.rawValue), null): transient; the sheet stays "
                            + "and the player may try again", transaction: transaction)
            session?.answered(code)
            return PathStep(notice: StoreNotice(.error, "Google Play answered \(code.rawValue): nothing was charged; "
                                                + "press Buy to try again."))
        case .reconnect:
            session?.answered(code)
            return try disconnect(failingAttempts: 0, in: context, during: transaction)
        case .queryPurchases:
            try context.log(.playResponse, "onPurchasesUpdated(ITEM_ALREADY_OWNED, null): the app calls "
                            + "queryPurchasesAsync to process what the player owns", transaction: transaction)
            let step = try endSheet(settling: transaction, failure: .other("ITEM_ALREADY_OWNED"),
                                    event: "ITEM_ALREADY_OWNED: Google Play holds an unconsumed or owned purchase",
                                    notice: StoreNotice(.info, "Google Play: \(sheet.productName) is already owned "
                                                        + "(ITEM_ALREADY_OWNED); nothing was charged."), in: context)
            _ = try queryPurchases(at: "ITEM_ALREADY_OWNED", in: context)
            return step
        case .fail(let line):
            return try endSheet(settling: transaction, failure: .other(code.rawValue),
                                event: "onPurchasesUpdated(\(code.rawValue), null): \(line)",
                                notice: StoreNotice(.error, "Google Play: \(line). Nothing was charged."), in: context)
        }
    }

    /// The purchase ends without a payment: failed and finished in one commit, the sheet gone.
    func endSheet(settling transaction: String, failure: FailureReason, event: String, notice: StoreNotice,
                          in context: PathContext) throws -> PathStep {
        let settlement = try context.purchases.settle(transaction, as: .failed(failure, event: event, notice: notice))
        context.onceCommitted { [self] in session = nil }
        return PathStep(settlements: [settlement])
    }

    /// OK: Google Play takes the test instrument's payment, keeping the signed purchase in one
    /// commit, and `onPurchasesUpdated` delivers it to the app; or it declines it. A slow card
    /// charges nothing yet: Google Play holds the purchase PENDING (signed, without an
    /// `orderId`), the app grants nothing, and the transaction waits (`pending`, as an Ask to Buy
    /// does) until the card settles.
    func charge(_ sheet: PlaySession, with instrument: PlayInstrument, in context: PathContext) throws -> PathStep {
        let transaction = sheet.transactionId
        if instrument == .declines {
            return try endSheet(settling: transaction, failure: .other("declined by the test instrument"),
                                event: "onPurchasesUpdated(ERROR, null): \(instrument.eventName) declined the payment",
                                notice: StoreNotice(.error, "Google Play: the test instrument declined the payment. "
                                                    + "Nothing was charged or granted."), in: context)
        }
        if instrument.isSlow {
            let purchase = try makePurchase(of: sheet, state: .pending, in: context)
            try context.log(.playPurchasesUpdated, "onPurchasesUpdated(OK, [\(purchase.productId) PENDING, purchaseToken "
                            + "\(purchase.purchaseToken.prefix(12))…]): \(instrument.eventName); no orderId and nothing "
                            + "charged until it is PURCHASED, so the app grants nothing", transaction: transaction)
            try context.agenda.schedule(PlayDueWork.pendingSettles(transactionId: transaction, approves: instrument.approves),
                                 at: context.now.addingTimeInterval(PlayInstrument.slowCardSeconds))
            try context.purchases.leavePending(transaction, because: .slowCard)
            context.onceCommitted { [self] in session = nil }
            return PathStep(notice: StoreNotice(.info, "\(sheet.productName) is pending (slow test card): Google Play "
                                                + "settles it in a few minutes; nothing is charged or granted until then."))
        }
        let purchase = try makePurchase(of: sheet, state: .purchased, in: context)
        try context.log(.playCharged, "\(instrument.eventName): \(purchase.orderId) PURCHASED, "
                        + "purchaseToken \(purchase.purchaseToken.prefix(12))…, signed with the licence key",
                        transaction: transaction)
        try scheduleDeadline(of: transaction, in: context)
        // The sheet goes with the payment's commit, before the delivery's.
        context.onceCommitted { [self] in session = nil }
        try context.purchases.reached(.paid)
        return try deliver(transaction, in: context)
    }

    /// The purchase Google Play keeps for a transaction, its JSON signed with the app's licence key.
    func makePurchase(of sheet: PlaySession, state: PlayPurchase.State, in context: PathContext) throws -> PlayPurchase {
        let records = context.records(PlayPurchaseRecords.self)
        let order = try context.account.transaction(sheet.transactionId)?.pathReference ?? PlayPurchase.orderId(sequence: 0)
        let consumable = context.catalog.product(id: sheet.productId)?.type == .consumable
        var purchase = PlayPurchase(
            transactionId: sheet.transactionId, orderId: order, packageName: context.catalog.app.bundleId,
            productId: sheet.productId, purchaseTime: Int64((context.now.timeIntervalSince1970 * 1000).rounded()),
            state: state, purchaseToken: context.chance.randomToken(length: 40),
            obfuscatedAccountId: Self.accountId(context.userId), consumable: consumable)
        if context.catalog.product(id: sheet.productId)?.type == .autoRenewable { purchase.autoRenewing = true }
        if let replacement = sheet.replacement {
            purchase.replacementMode = replacement.mode.rawValue
            purchase.linkedPurchaseToken = try records.purchase(of: replacement.replacedTransactionId)?.purchaseToken
        }
        try sign(&purchase, with: records)
        try records.save(purchase)
        return purchase
    }

    /// Signs the purchase's JSON as it stands now (SHA1withRSA, Base64).
    func sign(_ purchase: inout PlayPurchase, with records: PlayPurchaseRecords) throws {
        purchase.originalJson = purchase.json()
        do {
            purchase.signature = try records.licenseKey().sign(Data(purchase.originalJson.utf8)).base64EncodedString()
        } catch let error as SigningError {
            throw StoreError.storage("Google Play's licence key: \(error.description)")
        }
    }

    /// The account id the app passes to `setObfuscatedAccountId`: a one-way form of the player id.
    static func accountId(_ userId: String) -> String {
        AccountToken.uuid(forUser: userId)
    }

    func scheduleDeadline(of transaction: String, in context: PathContext) throws {
        let window = Self.acknowledgementWindow(sandbox: context.catalog.settings.useSandbox)
        try context.agenda.schedule(PlayDueWork.acknowledgementDeadline(transactionId: transaction),
                             at: context.now.addingTimeInterval(window))
    }
}
