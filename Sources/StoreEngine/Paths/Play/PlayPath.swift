import Catalog
import Foundation
import Ledger

/// Google Play Billing, with the library guide's app code on top: a `BillingClient` built with
/// `enablePendingPurchases` and connected with `startConnection` (`onBillingSetupFinished`; on
/// `onBillingServiceDisconnected` the app reconnects with backoff); `queryProductDetailsAsync`;
/// `launchBillingFlow`, whose outcome arrives on `onPurchasesUpdated(BillingResult, purchases)`;
/// the app verifies the purchase's signature, grants, then acknowledges (`acknowledgePurchase`)
/// or consumes (`consumeAsync`); `queryPurchasesAsync` at launch and for restore. Google Play
/// refunds a purchase not acknowledged in time (3 minutes for a test purchase).
///
/// A purchase is three commits, as on the other paths: the sheet opens (`opened`); Google Play
/// charges the test instrument and keeps the signed purchase (`paid`); `onPurchasesUpdated`
/// reaches the app, which verifies, grants, finishes and acknowledges in one go (`finished`).
final class PlayPath: RegisteredPath {
    let id = IntegrationPath.play
    /// Google Play's sheet on screen; one at a time.
    private var session: PlaySession?
    /// The billing service's connection, as the app's `BillingClient` sees it.
    private var connection = Connection.connected
    /// How many more reconnection attempts fail (QA's `play disconnect` takes the service away
    /// for a while; a SERVICE_DISCONNECTED answer only drops the connection once).
    private var failingAttempts = 0

    enum Connection: Equatable {
        case connected
        /// Reconnecting: the attempt scheduled next.
        case reconnecting(attempt: Int)
    }

    init() {}

    /// A test purchase must be acknowledged within 3 minutes (Google's licence-tester rule);
    /// any other within 3 days.
    static func acknowledgementWindow(sandbox: Bool) -> TimeInterval {
        sandbox ? 180 : 3 * 86_400
    }

    /// Backoff before reconnection attempt `attempt`: 1 s, 2 s, 4 s… up to a minute.
    static func backoff(beforeAttempt attempt: Int) -> TimeInterval {
        min(60, pow(2, Double(max(0, attempt - 1))))
    }

    // MARK: BillingClient and startConnection

    /// The app builds its `BillingClient` (with `enablePendingPurchases`) and connects, where a
    /// storefront sells through Google Play; then `queryPurchasesAsync`, as the guide's app does
    /// in `onResume`, acknowledging what it granted but has not acknowledged.
    func launched(in context: PathContext) throws {
        guard context.catalog.storefronts.contains(where: { $0.path == id }) else { return }
        try context.atomically {
            _ = try context.records(PlayPurchaseRecords.self).licenseKey()
            try context.log(.playConnection, "BillingClient.newBuilder(context).setListener(purchasesUpdatedListener)"
                            + ".enablePendingPurchases().build(); startConnection → onBillingSetupFinished(OK)")
        }
        connection = .connected
        _ = try queryPurchases(at: "launch", in: context)
    }

    // MARK: queryProductDetailsAsync

    /// Every available product asked for: a one-time product with its
    /// `oneTimePurchaseOfferDetails`, a subscription as one base plan with its `offerToken`.
    func requestProducts(_ identifiers: [String], attempt: Int, in context: PathContext) throws -> ProductsOutcome {
        let sold = identifiers.compactMap { context.catalog.product(id: $0) }.filter { $0.status == .available }
        let subscriptions = sold.filter { $0.type == .autoRenewable }.count
        let absent = identifiers.count - sold.count
        try context.log(.playProductDetails, "queryProductDetailsAsync(\(English.count(identifiers.count, "id"))): "
                        + "\(sold.count - subscriptions) with oneTimePurchaseOfferDetails, "
                        + "\(subscriptions) with one base plan and an offerToken each"
                        + (absent == 0 ? "" : "; \(absent) absent (unknown or unavailable)"))
        return .answered(ProductsResponse(products: sold, invalidProductIdentifiers: []))
    }

    // MARK: launchBillingFlow

    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> PathStep {
        if let busy = try context.refusalIfAnotherSheetIsOpen(than: id) { return busy }
        if let open = session {
            try context.log(.purchaseIgnored, "Google Play's sheet is already open for \(open.transactionId)")
            return PathStep(notice: StoreNotice(.info, "Google Play's sheet is already open for \(open.productName)."))
        }
        if case .reconnecting = connection {
            try context.log(.playBillingFlow, "launchBillingFlow → SERVICE_DISCONNECTED: the app is reconnecting")
            return PathStep(notice: StoreNotice(.info, "Google Play Billing is reconnecting; buy again in a moment."))
        }
        let storefront = request.storefront
        guard let product = context.catalog.product(id: request.productId), product.status == .available else {
            try context.log(.playBillingFlow, "launchBillingFlow(\(request.productId)) → ITEM_UNAVAILABLE")
            return PathStep(notice: StoreNotice(.error, "Google Play: the product is not available (ITEM_UNAVAILABLE). "
                                                + "Nothing was charged."))
        }
        let name = product.name.resolved(for: storefront.locale) ?? product.id
        if let refusal = try context.refusalIfOwned(product, in: storefront) { return refusal }
        guard let terms = context.terms(for: product, in: storefront, variationId: request.variationId) else {
            try context.log(.playBillingFlow, "launchBillingFlow(\(product.shortId)) → ITEM_UNAVAILABLE in \(storefront.id)")
            return PathStep(notice: StoreNotice(.error, "Google Play: \(name) is not sold in \(storefront.id) "
                                                + "(ITEM_UNAVAILABLE). Nothing was charged."))
        }
        let regular = ProductDisplay(product: product, storefront: storefront, showsIntroOffer: false).pricePerPeriod
            ?? PriceFormatter.format(terms.regularPrice, in: storefront)
        let records = context.records(PlayPurchaseRecords.self)
        let acknowledges = try records.appAcknowledges()
        // A subscription is sold as its one base plan: the sheet says what its offer's phases
        // charge, or the plan's price per period.
        let offer = product.type == .autoRenewable
            ? terms.offer.map { OfferText.describe($0.offer, in: storefront, then: regular) } ?? regular
            : nil
        let opened: PlaySession = try context.atomically {
            let transaction = try context.openTransaction(productId: product.id, in: storefront, terms: terms,
                                                          variationId: request.variationId, path: id,
                                                          reference: PlayPurchase.orderId(sequence:))
            let sheet = PlaySession(
                transactionId: transaction.id, productId: product.id, productName: name,
                formattedPrice: PriceFormatter.format(terms.chargeNow, in: storefront), offerLine: offer,
                account: "\(context.userId)@gmail.test", language: storefront.language, appAcknowledges: acknowledges)
            let token = product.type == .autoRenewable ? ", offerToken of base plan \(product.shortId)" : ""
            try context.log(.playBillingFlow, "launchBillingFlow(\(product.shortId)\(token)) → OK: Google Play's sheet "
                            + "shows \(sheet.formattedPrice) in \(storefront.id)", transaction: transaction.id)
            return sheet
        }
        session = opened
        return .nothing
    }

    func sheet(in context: PathContext) -> PurchaseSheet? {
        session.map(PurchaseSheet.play)
    }

    /// The catalog no longer sells what the sheet is for: as the player closing it.
    func cancelPurchaseUnderWay(in context: PathContext) throws -> PathStep? {
        try take(.play(.cancel), in: context)
    }

    func take(_ input: PathInput, in context: PathContext) throws -> PathStep {
        guard case .play(let input) = input else { return .nothing }
        switch input {
        case .disconnect:
            return try disconnect(failingAttempts: 2, in: context)
        case .acknowledge(let transaction):
            return try acknowledge(transaction, in: context)
        case .consume(let transaction):
            return try consume(transaction, in: context)
        case .setAppAcknowledges(let on):
            return try setAppAcknowledges(on, in: context)
        default:
            break
        }
        guard var sheet = session else { return .nothing }
        if input == .toggleAcknowledgement {
            try setAppAcknowledgesQuietly(!sheet.appAcknowledges, in: context)
        }
        let outcome = sheet.take(input)
        session = sheet
        guard let outcome else { return .nothing }
        let step = try finish(sheet, as: outcome, in: context)
        return step
    }

    /// The sheet's outcome: what `onPurchasesUpdated` answers, handled as the guide says.
    private func finish(_ sheet: PlaySession, as outcome: PlayOutcome, in context: PathContext) throws -> PathStep {
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
    private func endSheet(settling transaction: String, failure: FailureReason, event: String, notice: StoreNotice,
                          in context: PathContext) throws -> PathStep {
        let settlement = try context.settle(transaction, as: .failed(failure, event: event, notice: notice))
        session = nil
        return PathStep(settlements: [settlement])
    }

    /// OK: Google Play takes the test instrument's payment (or holds it PENDING on a slow card,
    /// or declines it), keeping the signed purchase in one commit; then, for a payment that
    /// went through, `onPurchasesUpdated` delivers it to the app.
    private func charge(_ sheet: PlaySession, with instrument: PlayInstrument, in context: PathContext) throws -> PathStep {
        let transaction = sheet.transactionId
        if instrument == .declines {
            return try endSheet(settling: transaction, failure: .other("declined by the test instrument"),
                                event: "onPurchasesUpdated(ERROR, null): \(instrument.eventName) declined the payment",
                                notice: StoreNotice(.error, "Google Play: the test instrument declined the payment. "
                                                    + "Nothing was charged or granted."), in: context)
        }
        let state: PlayPurchase.State = instrument.isSlow ? .pending : .purchased
        try context.atomically {
            let purchase = try makePurchase(of: sheet, state: state, in: context)
            try context.log(.playCharged, "\(instrument.eventName): \(purchase.orderId) \(state.rawValue), "
                            + "purchaseToken \(purchase.purchaseToken.prefix(12))…, signed with the licence key",
                            transaction: transaction)
            if instrument.isSlow {
                try context.schedule(PlayDueWork.pendingSettles(transactionId: transaction, approves: instrument.approves),
                                     at: context.now.addingTimeInterval(PlayInstrument.slowCardSeconds))
                try context.log(.playPurchasesUpdated, "onPurchasesUpdated(OK, [\(purchase.orderId) PENDING]): the app "
                                + "grants nothing until it is PURCHASED", transaction: transaction)
            } else {
                try scheduleDeadline(of: transaction, in: context)
            }
        }
        session = nil
        if instrument.isSlow {
            return PathStep(notice: StoreNotice(.info, "\(sheet.productName) is pending (slow test card): Google Play "
                                                + "settles it in a few minutes; nothing is granted until then."))
        }
        context.reached(.paid)
        return PathStep(notice: try deliver(transaction, in: context))
    }

    /// The purchase Google Play keeps for a transaction, its JSON signed with the app's licence key.
    private func makePurchase(of sheet: PlaySession, state: PlayPurchase.State, in context: PathContext) throws -> PlayPurchase {
        let records = context.records(PlayPurchaseRecords.self)
        let order = try context.transaction(sheet.transactionId)?.pathReference ?? PlayPurchase.orderId(sequence: 0)
        let consumable = context.catalog.product(id: sheet.productId)?.type == .consumable
        var purchase = PlayPurchase(
            transactionId: sheet.transactionId, orderId: order, packageName: context.catalog.app.bundleId,
            productId: sheet.productId, purchaseTime: Int64((context.now.timeIntervalSince1970 * 1000).rounded()),
            state: state, purchaseToken: context.randomToken(length: 40),
            obfuscatedAccountId: Self.accountId(context.userId), consumable: consumable)
        try sign(&purchase, with: records)
        try records.save(purchase)
        return purchase
    }

    /// Signs the purchase's JSON as it stands now (SHA256withRSA, Base64).
    private func sign(_ purchase: inout PlayPurchase, with records: PlayPurchaseRecords) throws {
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

    private func scheduleDeadline(of transaction: String, in context: PathContext) throws {
        let window = Self.acknowledgementWindow(sandbox: context.catalog.settings.useSandbox)
        try context.schedule(PlayDueWork.acknowledgementDeadline(transactionId: transaction),
                             at: context.now.addingTimeInterval(window))
    }

    // MARK: onPurchasesUpdated → verify, grant, acknowledge or consume

    /// `onPurchasesUpdated(OK, [purchase])` for a PURCHASED purchase: the app verifies the
    /// signature with its licence key, grants, finishes and, unless QA turned it off,
    /// acknowledges (or consumes a consumable), in one commit. A purchase that fails
    /// verification is neither granted nor acknowledged: Google Play refunds it at its deadline.
    func deliver(_ transaction: String, in context: PathContext) throws -> StoreNotice {
        try context.atomically {
            let records = context.records(PlayPurchaseRecords.self)
            guard var purchase = try records.purchase(of: transaction), purchase.state == .purchased else {
                return StoreNotice(.info, "Google Play holds no purchase for \(transaction).")
            }
            try context.log(.playPurchasesUpdated, "onPurchasesUpdated(OK, [\(purchase.orderId) PURCHASED])",
                            transaction: transaction)
            if let problem = try verificationProblem(of: purchase, with: records) {
                try context.log(.playVerifyFailed, "the purchase's signature does not verify (\(problem)): "
                                + "not granted, not acknowledged", transaction: transaction)
                return StoreNotice(.error, "Google Play's purchase failed verification: \(problem). Nothing was granted.")
            }
            try context.log(.playVerified, "signature verified with the licence key (SHA256withRSA)", transaction: transaction)
            let paidAt = Date(timeIntervalSince1970: Double(purchase.purchaseTime) / 1000)
            let notice = try context.settleAndDeliver(transaction, as: .paid(at: paidAt))
            try context.log(.oneTimeProductPurchased, "\(purchase.productId) \(purchase.orderId)", transaction: transaction)
            guard try records.appAcknowledges() else {
                try context.log(.playAcknowledged, "the app leaves \(purchase.orderId) unacknowledged (QA): Google Play "
                                + "refunds it at its deadline", transaction: transaction)
                return notice
            }
            try settleOwnership(of: &purchase, in: context)
            return notice
        }
    }

    /// Why the purchase's signature cannot be trusted, or nil.
    func verificationProblem(of purchase: PlayPurchase, with records: PlayPurchaseRecords) throws -> String? {
        guard let signature = Data(base64Encoded: purchase.signature) else { return "the signature is not Base64" }
        let key: RSAKey
        do {
            key = try records.licenseKey()
        } catch let error as SigningError {
            return error.description
        }
        return key.verify(signature, of: Data(purchase.originalJson.utf8)) ? nil : "SHA256withRSA does not match the JSON"
    }

    /// The app's step after granting: consume a consumable, acknowledge anything else.
    private func settleOwnership(of purchase: inout PlayPurchase, in context: PathContext) throws {
        let records = context.records(PlayPurchaseRecords.self)
        if purchase.consumable {
            purchase.consumed = true
            purchase.acknowledged = true
            try context.log(.playConsumed, "consumeAsync(\(purchase.purchaseToken.prefix(12))…) → OK: it can be bought again",
                            transaction: purchase.transactionId)
        } else {
            purchase.acknowledged = true
            try context.log(.playAcknowledged, "acknowledgePurchase(\(purchase.purchaseToken.prefix(12))…) → OK",
                            transaction: purchase.transactionId)
        }
        try records.save(purchase)
        try context.cancelScheduled(PlayDueWork.acknowledgementDeadline(transactionId: purchase.transactionId))
    }

    // MARK: QA's calls without a sheet

    /// `acknowledgePurchase` for the transaction named, or the newest purchase not acknowledged.
    private func acknowledge(_ transaction: String?, in context: PathContext) throws -> PathStep {
        try ownershipCall(transaction, in: context, call: "acknowledgePurchase", consuming: false)
    }

    /// `consumeAsync`: idempotent; consuming what was consumed already changes nothing.
    private func consume(_ transaction: String?, in context: PathContext) throws -> PathStep {
        try ownershipCall(transaction, in: context, call: "consumeAsync", consuming: true)
    }

    private func ownershipCall(_ transaction: String?, in context: PathContext, call: String,
                               consuming: Bool) throws -> PathStep {
        let records = context.records(PlayPurchaseRecords.self)
        let mine = try records.all().filter { $0.obfuscatedAccountId == Self.accountId(context.userId) && $0.state == .purchased }
        let chosen: PlayPurchase?
        if let transaction {
            chosen = mine.first { $0.transactionId == transaction }
        } else if consuming {
            chosen = mine.last { $0.consumable && !$0.consumed && !$0.refunded } ?? mine.last { $0.consumable }
        } else {
            chosen = mine.last { !$0.acknowledged && !$0.refunded } ?? mine.last
        }
        guard var purchase = chosen else {
            return PathStep(notice: StoreNotice(.info, "Google Play holds no purchase to \(consuming ? "consume" : "acknowledge")."))
        }
        let id = purchase.transactionId
        let granted = try context.transaction(id)?.finishedAt != nil
        return try context.atomically {
            if purchase.refunded {
                try context.log(consuming ? .playConsumed : .playAcknowledged,
                                "\(call)(\(purchase.orderId)) → ITEM_NOT_OWNED: Google Play refunded it", transaction: id)
                return PathStep(notice: StoreNotice(.info, "\(purchase.orderId) was refunded; \(call) changes nothing."))
            }
            if consuming ? purchase.consumed : purchase.acknowledged {
                try context.log(consuming ? .playConsumed : .playAcknowledged,
                                "\(call)(\(purchase.orderId)) again: already \(consuming ? "consumed" : "acknowledged"), "
                                + "nothing changes", transaction: id)
                return PathStep(notice: StoreNotice(.info, "\(purchase.orderId) is already \(consuming ? "consumed" : "acknowledged")."))
            }
            guard granted else {
                return PathStep(notice: StoreNotice(.info, "\(purchase.orderId) is not granted yet; nothing to \(consuming ? "consume" : "acknowledge")."))
            }
            if consuming, !purchase.consumable {
                return PathStep(notice: StoreNotice(.info, "\(purchase.productId) is not a consumable; acknowledge it instead."))
            }
            try settleOwnership(of: &purchase, in: context)
            return PathStep(notice: StoreNotice(.success, "\(call): \(purchase.orderId) \(consuming ? "consumed" : "acknowledged")."))
        }
    }

    private func setAppAcknowledges(_ on: Bool, in context: PathContext) throws -> PathStep {
        try setAppAcknowledgesQuietly(on, in: context)
        return PathStep(notice: StoreNotice(.info, on ? "The app acknowledges and consumes Google Play purchases after granting."
                                            : "The app leaves Google Play purchases unacknowledged: Google Play refunds them."))
    }

    private func setAppAcknowledgesQuietly(_ on: Bool, in context: PathContext) throws {
        try context.atomically {
            try context.records(PlayPurchaseRecords.self).setAppAcknowledges(on)
            try context.log(.playAcknowledged, on ? "the app acknowledges and consumes after granting"
                            : "QA: the app no longer acknowledges or consumes after granting")
        }
        session?.appAcknowledges = on
    }

    /// `onBillingServiceDisconnected`: the app calls `startConnection` again after a backoff.
    private func disconnect(failingAttempts failing: Int, in context: PathContext, during transaction: String? = nil) throws -> PathStep {
        failingAttempts = failing
        try context.atomically {
            try context.log(.playConnection, "onBillingServiceDisconnected (SERVICE_DISCONNECTED): the app calls "
                            + "startConnection again in \(Int(Self.backoff(beforeAttempt: 1))) s", transaction: transaction)
            try context.cancelScheduled(PlayDueWork.self) { if case .reconnect = $0 { true } else { false } }
            try context.schedule(PlayDueWork.reconnect(attempt: 1), at: context.now.addingTimeInterval(Self.backoff(beforeAttempt: 1)))
        }
        connection = .reconnecting(attempt: 1)
        session?.reconnecting = true
        return PathStep(notice: StoreNotice(.error, "Google Play Billing disconnected; the app is reconnecting."))
    }

    // MARK: Due work

    func dueWork(from payload: DueWorkPayload) throws -> any DueWork {
        try PlayDueWork(payload)
    }

    func perform(_ work: any DueWork, in context: PathContext) throws -> PathStep {
        guard let work = work as? PlayDueWork else { return .nothing }
        switch work {
        case .reconnect(let attempt):
            return try reconnect(attempt: attempt, in: context)
        case .pendingSettles(let transaction, let approves):
            return try settlePending(transaction, approves: approves, in: context)
        case .acknowledgementDeadline(let transaction):
            return try refundUnacknowledged(transaction, in: context)
        }
    }

    private func reconnect(attempt: Int, in context: PathContext) throws -> PathStep {
        if failingAttempts > 0 {
            failingAttempts -= 1
            let wait = Self.backoff(beforeAttempt: attempt + 1)
            try context.log(.playConnection, "startConnection (attempt \(attempt)) → onBillingSetupFinished"
                            + "(SERVICE_UNAVAILABLE): trying again in \(Int(wait)) s")
            try context.schedule(PlayDueWork.reconnect(attempt: attempt + 1), at: context.now.addingTimeInterval(wait))
            connection = .reconnecting(attempt: attempt + 1)
            return .nothing
        }
        try context.log(.playConnection, "startConnection (attempt \(attempt)) → onBillingSetupFinished(OK): connected")
        connection = .connected
        session?.reconnecting = false
        return PathStep(notice: StoreNotice(.info, "Google Play Billing reconnected."
                                            + (session == nil ? "" : " Press Buy to try again.")))
    }

    /// A slow test card settles: approved, the pending purchase becomes PURCHASED and reaches
    /// the app on `onPurchasesUpdated`; declined, it fails and nothing was charged.
    private func settlePending(_ transaction: String, approves: Bool, in context: PathContext) throws -> PathStep {
        let records = context.records(PlayPurchaseRecords.self)
        guard var purchase = try records.purchase(of: transaction), purchase.state == .pending else { return .nothing }
        guard approves else {
            purchase.state = .declined
            try records.save(purchase)
            let notice = StoreNotice(.error, "Google Play: the slow test card declined \(purchase.orderId). Nothing was charged.")
            return PathStep(settlements: [try context.settle(transaction, as: .failed(
                .other("declined by the slow test card"),
                event: "onPurchasesUpdated(OK, [\(purchase.orderId)]): the pending purchase was declined", notice: notice))])
        }
        purchase.state = .purchased
        purchase.purchaseTime = Int64((context.now.timeIntervalSince1970 * 1000).rounded())
        try sign(&purchase, with: records)
        try records.save(purchase)
        try context.log(.playCharged, "the slow test card approved \(purchase.orderId): PENDING → PURCHASED",
                        transaction: transaction)
        try scheduleDeadline(of: transaction, in: context)
        return PathStep(notice: try deliver(transaction, in: context))
    }

    /// The deadline passed unacknowledged: Google Play refunds the purchase and revokes it.
    private func refundUnacknowledged(_ transaction: String, in context: PathContext) throws -> PathStep {
        let records = context.records(PlayPurchaseRecords.self)
        guard var purchase = try records.purchase(of: transaction), purchase.state == .purchased,
              !purchase.acknowledged, !purchase.refunded else { return .nothing }
        purchase.refunded = true
        try records.save(purchase)
        let window = Self.acknowledgementWindow(sandbox: context.catalog.settings.useSandbox)
        let within = window < 3_600 ? "\(Int(window / 60)) minutes" : "\(Int(window / 86_400)) days"
        try context.log(.oneTimeProductCanceled, "\(purchase.orderId) not acknowledged within \(within): Google Play "
                        + "refunded and revoked it", transaction: transaction)
        guard let record = try context.transaction(transaction) else { return .nothing }
        if record.state == .purchasing {
            // Never granted (its signature failed, or the app came back after the deadline): it
            // ends here, refunded.
            let notice = StoreNotice(.info, "Google Play refunded \(purchase.orderId): never acknowledged.")
            return PathStep(settlements: [try context.settle(transaction, as: .failed(
                .other("refunded: not acknowledged"), event: "refunded by Google Play: not acknowledged", notice: notice))])
        }
        let refunded = try context.refund(transaction, because: .other)
        let line = refunded?.text ?? "Refunded \(purchase.productId)."
        return PathStep(notice: StoreNotice(.error, "Google Play: not acknowledged within \(within). \(line)"))
    }

    // MARK: Launch and restore: queryPurchasesAsync

    func open(_ url: String, in context: PathContext) throws -> PathStep? { nil }

    /// A transaction left `purchasing`: Google Play's record says what happened. Charged but not
    /// yet delivered (the app went away in between), it is delivered now; pending, it waits for
    /// the slow card; with no record, the sheet went away before Buy.
    func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        switch try context.records(PlayPurchaseRecords.self).purchase(of: transaction.id)?.state {
        case .purchased?:
            // Relaunched after its deadline: Google Play has refunded it already, and the
            // deadline, due now, says so before the app could be told of it.
            if let due = context.due(of: PlayDueWork.acknowledgementDeadline(transactionId: transaction.id)),
               due <= context.now {
                return .nothing
            }
            try context.log(.playQueryPurchases, "queryPurchasesAsync at launch: \(transaction.id) PURCHASED, "
                            + "not yet delivered", transaction: transaction.id)
            return PathStep(notice: try deliver(transaction.id, in: context))
        case .pending?:
            return .nothing
        case .declined?, nil:
            return PathStep(settlements: [try context.settle(transaction.id, as: .interrupted)])
        }
    }

    /// Restore is `queryPurchasesAsync`: what Google Play holds as the player's, acknowledging
    /// what was granted and left unacknowledged. Never charges.
    func restore(in context: PathContext) throws -> PathStep {
        PathStep(notice: try queryPurchases(at: "restore", in: context))
    }

    private func queryPurchases(at moment: String, in context: PathContext) throws -> StoreNotice {
        let records = context.records(PlayPurchaseRecords.self)
        let owned = try records.all().filter { $0.obfuscatedAccountId == Self.accountId(context.userId) && $0.isOwned }
        return try context.atomically {
            try context.log(.playQueryPurchases, "queryPurchasesAsync(INAPP, SUBS) at \(moment): "
                            + (owned.isEmpty ? "no purchases" : owned.map { "\($0.productId) \($0.orderId)" }.joined(separator: ", ")))
            let acknowledges = try records.appAcknowledges()
            for var purchase in owned where !purchase.acknowledged && acknowledges {
                guard try context.transaction(purchase.transactionId)?.finishedAt != nil else { continue }
                try settleOwnership(of: &purchase, in: context)
            }
            let names = owned.filter { !$0.consumable }.map { context.catalog.noticeName(ofProduct: $0.productId) }
            return names.isEmpty ? StoreNotice(.info, "Google Play: nothing to restore.")
                : StoreNotice(.success, "Google Play: you own \(names.joined(separator: ", ")). Nothing was charged.")
        }
    }
}
