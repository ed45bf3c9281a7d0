import Catalog
import Foundation
import Ledger

/// The Xee paywall SDK on StoreKit: `makePurchase` buys through the App Store
/// sheet, then the SDK's server decides access on the player's profile. With the In-App
/// Purchase key it asks Apple for the subscription statuses before `makePurchase` returns
/// (`VERIFIED_WITH_APPLE`); without it, or when that check fails, access arrives with the
/// purchase's notification `xee.notificationDelaySeconds` later, and the app polls
/// `getProfile` ten times, two seconds apart, meanwhile. A failed check never fails the purchase.
/// Later changes (a refund) reach the profile only through notifications.
final class XeePath: RegisteredPath, SDKState, AccessServer, SheetOwner, StoreLifecycle {
    let id = IntegrationPath.xee
    /// The App Store sheet `makePurchase` opens; what follows its outcome is the SDK's
    /// (`verifyWithServer`, `makePurchaseReturned`).
    private let appStore = AppStoreSheet(path: .xee)

    /// How many times the app polls, and how far apart (simulated seconds), as the guide's code does.
    static let polls = 10
    static let pollInterval = 2.0

    /// Promoted purchases the delegate held, oldest first, for the app to buy later. The SDK
    /// keeps them in memory: they do not outlive the app.
    private(set) var heldPromotions: [String] = []
    /// How the simulated Xee server behaves: the catalog's In-App Purchase key, unless QA says
    /// otherwise (`Store.configureXee`).
    var server = XeeServerSettings()
    /// The app's side of the SDK; without one, the guide's app code answers (`XeeDelegate`).
    /// It hears of a changed profile once the call that changed it is committed (`changingProfile`).
    weak var delegate: (any XeeDelegate)?

    init() {}

    var sdkState: (any SDKState)? { self }
    var purchaseSheet: (any SheetOwner)? { self }
    var lifecycle: (any StoreLifecycle)? { self }
    var accessServer: (any AccessServer<XeeDueWork>)? { self }

    /// The Xee SDK buys through the App Store.
    /// Its app finishes nothing StoreKit could not verify, as on StoreKit, and grants no
    /// subscription access itself: the server's profile does.
    static var traits: PathTraits {
        PathTraits(id: .xee, marketplace: .appStore, finishesUnverifiedTransactions: false, grantsAccessLocally: false)
    }

    /// The server's profile of `user`, as the ledger holds it (`XeeProfileRecords.swift`).
    static func serverAccess(in ledger: LedgerDatabase, user: String) throws -> [ServerAccess] {
        try XeeProfileRecords(ledger: ledger).profile(of: user).map(ServerAccess.init)
    }

    /// The SDK's calls and its server's steps (XeeEvents.swift), with the server's verdict from
    /// Apple among the lifecycle names.
    static var eventKinds: PathEventKinds {
        PathEventKinds(
            sdkCalls: [
                .xeeAppleCheckFailed, .xeeNotification, .xeeGetProfile, .xeeSettings, .xeeAppleProduction,
                .xeeLocalStoreKit, .xeeGetPaywall, .xeeGetPaywallVariantProducts, .xeeMakePurchase,
                .xeeDidLoadLatestProfile, .xeePromoted,
            ],
            lifecycle: [.verifiedWithApple] + EventKind.appStoreNotifications,
            failures: AppStoreNotifications.eventKinds.failures)
    }

    func notification(for event: LifecycleEvent, ofTransaction transactionId: String,
                      in context: PathContext) -> LifecycleNaming {
        AppStoreNotifications.naming(event)
    }

    /// The App Store's offer codes, typed on its redemption sheet.
    var offerCodes: OfferCodeRules? { AppStoreOfferCodes.rules }

    // MARK: Its state, and what it hands the app

    func start(with catalog: ProductCatalog) {
        server = XeeServerSettings(catalog.settings.xee)
    }

    /// The ledger setting that keeps QA's server settings (`Store.configureXee`).
    static let serverSetting = "xee.server"

    /// QA's server settings from the last session on this state directory win over the
    /// catalog's, as QA's other settings do; a kept row this build cannot read is said once.
    func launched(in context: PathContext) throws {
        try appStore.launched(in: context)
        guard let text = try context.settings.value(of: Self.serverSetting) else { return }
        guard let kept = XeeServerSettings(kept: text) else {
            try context.log(.ledgerUnreadable, "the Xee server's settings kept in the ledger (\(QuotedText.part(text))) "
                            + "could not be read: the catalog's apply")
            return
        }
        server = kept
    }

    /// QA's server settings are kept; the old catalog's follow the new one.
    func catalogReplaced(_ old: ProductCatalog, by new: ProductCatalog) {
        if server == XeeServerSettings(old.settings.xee) { server = XeeServerSettings(new.settings.xee) }
    }

    func describe(into report: inout StoreReport, in context: PathContext) {
        report.heldPromotions = heldPromotions
        report.xeeServer = server
    }

    /// The profile's level follows the period its purchase paid for, when it still ended there.
    func periodRescaled(ofTransaction transactionId: String, from before: Date, to expires: Date,
                                 in context: PathContext) throws {
        guard var access = context.xeeProfile.values.first(where: {
            $0.transactionId == transactionId && $0.expiresAt == before
        }) else { return }
        access.expiresAt = expires
        access.updatedAt = context.now
        try context.recordXeeAccess(access)
    }

    /// The delegate's answer to a promoted purchase; without a delegate, QA's setting.
    func shouldAddStorePayment(for productId: String) -> Bool {
        delegate?.shouldAddStorePayment(for: productId) ?? (server.promotedPurchases == .show)
    }

    /// The app waits for the poll on the agenda (there is one at a time): its number, and the
    /// level its purchase brings. Read from the agenda, which the ledger keeps, so it is never
    /// out of step with it: not after a failed commit, not after a relaunch.
    func accessWait(in context: PathContext) -> AccessWait? {
        for case .profilePoll(let transaction, let poll) in context.agenda.scheduled(XeeDueWork.self) {
            guard let level = context.account.accessLevel(ofTransaction: transaction) else { continue }
            return AccessWait(level: level, poll: poll, polls: Self.polls)
        }
        return nil
    }

    /// A level whose purchase or renewal has its notification on the agenda: the server has not
    /// heard yet. With the poll the app waits for, when it polls for that level.
    func levelsWaitingForServer(scheduled: [XeeDueWork],
                                accessLevel: (String) -> String?) -> [String: ServerWait] {
        var polling: (level: String, poll: Int)?
        for case .profilePoll(let transaction, let poll) in scheduled {
            if let level = accessLevel(transaction) { polling = (level, poll) }
        }
        var waiting: [String: ServerWait] = [:]
        for action in scheduled {
            switch action {
            case .notification(let transaction), .lifecycleNotification(let transaction, .renewal):
                guard let level = accessLevel(transaction) else { continue }
                waiting[level] = ServerWait(poll: polling?.level == level ? polling?.poll : nil, polls: Self.polls)
            case .profilePoll, .lifecycleNotification:
                continue
            }
        }
        return waiting
    }

    // MARK: makePurchase

    func requestProducts(_ identifiers: [String], attempt: Int, in context: PathContext) throws -> ProductsOutcome {
        try AppStoreSheet.requestProducts(identifiers, in: context)
    }

    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> PathStep {
        let (step, opened) = try appStore.beginPurchase(request, in: context)
        // A held promoted purchase is bought once the app's makePurchase has its sheet open.
        if opened, heldPromotions.contains(request.productId) {
            context.onceCommitted { [self] in heldPromotions.removeAll { $0 == request.productId } }
            try context.log(.xeePromoted, "makePurchase buys the held promoted \(request.productId)")
        }
        return step
    }

    func sheet(in context: PathContext) -> PurchaseSheet? {
        appStore.sheet
    }

    func cancelPurchaseUnderWay(in context: PathContext) throws -> PathStep? {
        try take(.pressButton(.cancel), in: context)
    }

    func input(from sent: PathInput) -> StoreKitInput? {
        AppStoreSheet.input(from: sent)
    }

    /// The sheet's outcome, the server's turn on a payment and what `makePurchase` returned,
    /// in the one commit of the call.
    func take(_ input: StoreKitInput, in context: PathContext) throws -> PathStep {
        guard let (sheet, outcome) = appStore.outcome(of: input) else { return .nothing }
        let step = try verifyWithServer(try appStore.settle(sheet, as: outcome, in: context), in: context)
        let returned = try makePurchaseReturned(outcome, of: sheet, in: context)
        appStore.closeSheet(in: context)
        return step.handing(returned)
    }

    /// An Ask to Buy approved or an interrupted purchase resolved: the payment and the
    /// server's turn on it, in one commit.
    func answer(_ action: TransactionAction, to transaction: TransactionRecord, in context: PathContext) throws -> PathStep? {
        switch action {
        case .approve, .resolve:
            try verifyWithServer(try appStore.answer(action, to: transaction, in: context), in: context)
        default:
            try appStore.answer(action, to: transaction, in: context).step
        }
    }

    func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        try AppStoreSheet.redeliver(transaction, in: context)
    }

    /// What the App Store answered, and when it took a payment, the server's turn, inside the
    /// payment's commit.
    func verifyWithServer(_ answer: AppStoreAnswer, in context: PathContext) throws -> PathStep {
        guard let paid = answer.paid, !paid.tampered,
              let access = try context.account.access(of: paid.transactionId) else {
            // Nothing paid, nothing for the profile (a consumable, a non-consumable), or a
            // transaction that fails verification: the completion decides, as on StoreKit.
            return answer.step
        }
        let transaction = paid.transactionId
        if context.catalog.origin == .storeKitConfiguration {
            try context.log(.xeeLocalStoreKit, "\(transaction) was signed by a local StoreKit configuration (the "
                            + ".storekit catalog), not by Apple: the Xee server cannot verify it and unlocks nothing, "
                            + "now or by notification; test access on the sandbox", transaction: transaction)
            return answer.step
        }
        if server.hasInAppPurchaseKey {
            if let failure = try checkWithApple(for: transaction, in: context) {
                try context.log(.xeeAppleCheckFailed, "\(failure): makePurchase still succeeds; \(access.level) waits "
                                + "for the purchase's notification", transaction: transaction)
            } else {
                try record(access, of: transaction, source: .verifiedWithApple, in: context)
                try context.log(.verifiedWithApple, "subscription statuses from Apple\(environmentNote(context)), "
                                + "verified: \(access.level) active\(Store.until(access.expiresAt))",
                                transaction: transaction)
                return changingProfile(answer.step, in: context)
            }
        }
        // Access comes with the notification; the app polls for it meanwhile.
        let delay = Double(context.catalog.settings.xee.notificationDelaySeconds)
        try context.agenda.schedule(XeeDueWork.notification(transactionId: transaction),
                             at: context.now.addingTimeInterval(delay))
        // A new purchase takes over the polling: the earlier one's next poll goes.
        try context.agenda.cancelScheduled(XeeDueWork.self) { if case .profilePoll = $0 { true } else { false } }
        try context.agenda.schedule(XeeDueWork.profilePoll(transactionId: transaction, poll: 1),
                             at: context.now.addingTimeInterval(Self.pollInterval))
        return answer.step
    }

    /// Asks Apple for the subscription statuses of `transaction`'s customer; the failure's
    /// words, or nil when the answer verified. A server that does not know its environment asks
    /// production first, which does not know a sandbox transaction, then the sandbox.
    func checkWithApple(for transaction: String, in context: PathContext) throws -> String? {
        if server.environment == .unknown, context.catalog.settings.useSandbox {
            try context.log(.xeeAppleProduction, "asked Apple's production environment: transaction not found "
                            + "(a sandbox transaction); asking the sandbox", transaction: transaction)
        }
        return server.apple.failure
    }

    private func environmentNote(_ context: PathContext) -> String {
        guard server.environment == .unknown else { return "" }
        return context.catalog.settings.useSandbox ? " (sandbox, asked second)" : " (production, asked first)"
    }

    /// What `makePurchase` returned, logged: a result the app gets once the call is committed,
    /// or nil for what it threw.
    func makePurchaseReturned(_ outcome: StoreKitOutcome, of sheet: StoreKitSession,
                              in context: PathContext) throws -> XeePurchaseResult? {
        let transaction = sheet.transactionId
        let result: XeePurchaseResult?
        var words: String
        switch outcome {
        case .buy: result = .success(profile: context.xeeProfileNow, transactionId: transaction)
        case .tamper, .fail: result = nil
        case .cancel: result = .userCancelled
        case .askToBuy, .interrupt: result = .pending
        }
        switch outcome {
        case .tamper: words = "threw: the transaction did not verify"
        case .fail(let failure): words = "threw \(failure.qualifiedName)"
        default: words = "returned " + (result?.description ?? "")
        }
        if let profile = result?.profile, let level = try context.account.access(of: transaction)?.level, !profile.isActive(level) {
            let why = server.hasInAppPurchaseKey ? "" : "no In-App Purchase key: "
            words += "; \(why)access comes with the notification"
        }
        try context.log(.xeeMakePurchase, "makePurchase(product: \(sheet.productId)) " + words, transaction: transaction)
        return result
    }

    /// `restorePurchases()` (XeePath+Restore.swift).
    func restore(in context: PathContext) throws -> PathStep {
        try restorePurchases(in: context)
    }

    /// Promoted purchases from the App Store (XeePath+Promoted.swift).
    func open(_ url: String, in context: PathContext) throws -> PathStep? {
        try openPromoted(url, in: context)
    }

    // MARK: Later, on the clock

    func perform(_ work: XeeDueWork, in context: PathContext) throws -> PathStep {
        switch work {
        case .notification(let transaction):
            guard let access = try context.account.access(of: transaction) else { return .nothing }
            try record(access, of: transaction, source: .notification, in: context)
            try context.log(.xeeNotification, "notification for \(transaction): \(access.level) active"
                            + Store.until(access.expiresAt), transaction: transaction)
            return changingProfile(.nothing, in: context)
        case .lifecycleNotification(let transaction, let change):
            return try notificationArrived(change, for: transaction, in: context)
        case .profilePoll(let transaction, let poll):
            return try pollProfile(transaction, poll, in: context)
        }
    }

    /// The app's poll of `getProfile` for the level `transaction` brings: done when it is
    /// active or after the last poll, else the next one is scheduled (in this poll's commit).
    private func pollProfile(_ transaction: String, _ poll: Int, in context: PathContext) throws -> PathStep {
        guard let level = context.account.accessLevel(ofTransaction: transaction) else { return .nothing }
        let active = context.xeeProfileNow.isActive(level)
        try context.log(.xeeGetProfile, "poll \(poll) of \(Self.polls): \(level) \(active ? "active" : "not yet")",
                        transaction: transaction)
        if active { return PathStep(notice: StoreNotice(.success, "\(level) is active.")) }
        guard poll < Self.polls else {
            return PathStep(notice: StoreNotice(.info, "The purchase went through; \(level) may take a "
                                                + "moment to arrive."))
        }
        try context.agenda.schedule(XeeDueWork.profilePoll(transactionId: transaction, poll: poll + 1),
                             at: context.now.addingTimeInterval(Self.pollInterval))
        return .nothing
    }

    // MARK: Later changes, by notification

    /// Apple refunded a purchase: the server hears of it from the `REFUND` notification,
    /// `notificationDelaySeconds` later, and only then takes the level away.
    func refunded(_ transaction: TransactionRecord, in context: PathContext) throws {
        guard try context.account.access(of: transaction.id) != nil else { return }
        try notify(.refund, of: transaction, in: context)
    }

    /// The App Store renewed, cancelled, expired… a subscription: the server hears of it from
    /// the notification `notificationDelaySeconds` later, and only then changes the profile.
    func subscriptionChanged(_ change: SubscriptionChange, _ transaction: TransactionRecord,
                                      in context: PathContext) throws {
        guard change != .refund, change != .priceIncreaseAccepted,
              context.catalog.origin != .storeKitConfiguration else { return }
        // A renewal that cleared a billing issue is a renewal to the App Store's notifications.
        try notify(change == .recovery ? .renewal : change, of: transaction, in: context)
    }

    /// A family member's share of a subscription bought through the SDK: the Xee server hears of
    /// it as of any purchase, by the member's notification `notificationDelaySeconds` later, and
    /// records (or takes off) the level on the member's profile when the member's app next runs.
    func familyShareChanged(_ change: FamilyShareChange, _ share: TransactionRecord, in context: PathContext) throws {
        guard try context.account.access(of: share.id) != nil, context.catalog.origin != .storeKitConfiguration else { return }
        let work: XeeDueWork
        switch change {
        case .shared: work = .notification(transactionId: share.id)
        case .renewed: work = .lifecycleNotification(transactionId: share.id, change: .renewal)
        case .revoked: work = .lifecycleNotification(transactionId: share.id, change: .refund)
        }
        let delay = Double(context.catalog.settings.xee.notificationDelaySeconds)
        try context.agenda.schedule(work, at: context.now.addingTimeInterval(delay), forPlayer: share.userId)
    }

    private func notify(_ change: SubscriptionChange, of transaction: TransactionRecord,
                        in context: PathContext) throws {
        let delay = Double(context.catalog.settings.xee.notificationDelaySeconds)
        try context.agenda.schedule(XeeDueWork.lifecycleNotification(transactionId: transaction.id, change: change),
                             at: context.now.addingTimeInterval(delay))
    }

    /// The App Store Server Notification's name for a change.
    private static func notificationName(_ change: SubscriptionChange) -> String {
        switch change {
        case .renewal, .recovery: return "DID_RENEW"
        case .priceIncreaseAccepted: return "DID_CHANGE_RENEWAL_PREF (price increase accepted)"
        case .refund: return "REFUND"
        case .cancellation: return "DID_CHANGE_RENEWAL_STATUS (auto-renew off)"
        case .uncancellation: return "DID_CHANGE_RENEWAL_STATUS (auto-renew on)"
        case .expiration: return "EXPIRED"
        case .billingIssue: return "DID_FAIL_TO_RENEW (grace period)"
        case .gracePeriodEnded: return "GRACE_PERIOD_EXPIRED"
        // The App Store has no pause, and this path does not offer one: never sent.
        case .pauseScheduled, .pause: return "no App Store notification (a pause)"
        }
    }

    /// A notification reaches the server: the profile's level changes as it says. A refund
    /// changes it only when the profile holds that very purchase.
    private func notificationArrived(_ change: SubscriptionChange, for transaction: String,
                                     in context: PathContext) throws -> PathStep {
        guard let access = try context.account.access(of: transaction) else { return .nothing }
        // A family member's share ends by the App Store's REVOKE, never by a refund of its own.
        let revokesAShare = try change == .refund && context.account.transaction(transaction)?.isFamilyShared == true
        let name = revokesAShare ? EventKind.revoke.rawValue : Self.notificationName(change)
        let current = context.xeeProfile[access.level]
        let holds = change == .refund ? current?.transactionId == transaction : current != nil || change == .renewal
        guard holds else {
            try context.log(.xeeNotification, "\(name) notification for \(transaction): the profile does not hold it")
            return .nothing
        }
        var expires = current?.expiresAt ?? access.expiresAt
        var renews = current?.willRenew ?? true
        switch change {
        case .renewal, .recovery:
            expires = access.expiresAt
            renews = true
        case .priceIncreaseAccepted, .pauseScheduled: break
        case .pause:
            // Never on this path (it does not pause): as another store's pause would, access ends.
            expires = min(expires ?? context.now, context.now)
        case .cancellation: renews = false
        case .uncancellation: renews = true
        case .refund:
            expires = context.now
            renews = false
        case .expiration, .gracePeriodEnded:
            expires = min(expires ?? context.now, context.now)
            renews = change == .gracePeriodEnded
        case .billingIssue:
            // Access stays for the grace period the store grants.
            let period = context.catalog.product(id: try context.account.productId(of: transaction) ?? "")?.period
            expires = context.agenda.renewalRate.graceEnd(for: period, from: current?.expiresAt ?? context.now)
        }
        try context.recordXeeAccess(XeeAccessRecord(
            userId: context.userId, level: access.level, transactionId: transaction, expiresAt: expires,
            willRenew: renews, source: XeeAccessSource.notification.rawValue, updatedAt: context.now))
        try logProfileChange(in: context)
        let active = (expires ?? .distantFuture) > context.now
        let state = change == .refund ? "revoked"
            : (active ? "active\(Store.until(expires))" : "inactive") + (renews ? "" : ", will not renew")
        try context.log(.xeeNotification, "\(name) notification for \(transaction): \(access.level) \(state)",
                        transaction: transaction)
        guard change == .refund else { return changingProfile(.nothing, in: context) }
        // The profile lost the level; the game may still have it from another store.
        let left = context.account.stillGiven(access.level).map { "it took \(access.level) off the profile; \($0.stillGivenWords)" }
        return changingProfile(PathStep(notice: StoreNotice(.info, "The \(name) notification reached the Xee server: "
                                            + (left ?? "\(access.level) is no longer active") + ".")), in: context)
    }

    // MARK: The profile

    /// Records a level on the profile and logs the profile the delegate is handed; the step
    /// that records it says so (`changingProfile`), so the delegate hears of it once committed.
    func record(_ access: (level: String, expiresAt: Date?), of transaction: String, source: XeeAccessSource,
                in context: PathContext) throws {
        try context.recordXeeAccess(XeeAccessRecord(
            userId: context.userId, level: access.level, transactionId: transaction, expiresAt: access.expiresAt,
            willRenew: (access.expiresAt ?? .distantFuture) > context.now, source: source.rawValue,
            updatedAt: context.now))
        try logProfileChange(in: context)
    }

    /// `step`, which changed the profile: once it is committed, the delegate is handed the
    /// profile as it then stands, once a call however many steps changed it.
    func changingProfile(_ step: PathStep, in context: PathContext) -> PathStep {
        var step = step
        step.afterCommit.append(AfterCommit(key: "xee.didLoadLatestProfile") { [weak self] in
            self?.delegate?.didLoadLatestProfile(context.xeeProfileNow)
        })
        return step
    }

    /// The SDK hands the app's delegate the new profile, logged in the change's commit.
    private func logProfileChange(in context: PathContext) throws {
        try context.log(.xeeDidLoadLatestProfile, "didLoadLatestProfile: " + context.xeeProfileNow.described(withExpiry: true))
    }

    // MARK: Promoted purchases

    /// Remembers a product the delegate held.
    func hold(_ productId: String) {
        if !heldPromotions.contains(productId) { heldPromotions.append(productId) }
    }

    /// Forgets a held product the app asked for and was refused: it is not offered again.
    func release(_ productId: String) {
        heldPromotions.removeAll { $0 == productId }
    }
}
