import Catalog
import Foundation
import Ledger

/// The Xsolla SDK 3 payment queue with the mocked Pay Station: `add(payment)`
/// opens Pay Station on a new invoice; the player pays in its page; Pay Station's outcome is
/// committed the moment it is known; the redirect comes back through the app's URL handler
/// (`PayStationPath+Redirect.swift`) and only then is the purchase settled.
///
/// Sessions live here, keyed by invoice, until they are settled and off screen.
final class PayStationPath: RegisteredPath, SheetOwner, StoreLifecycle, SDKState {
    let id = IntegrationPath.paystation
    private var sessions: [String: PayStationSession] = [:]
    /// The invoice whose page is on screen.
    private var onScreen: String?
    /// Whether Pay Station has started once in this launch (or was pre-warmed): only the first
    /// page of a launch waits for a cold start.
    private var warmed = false

    /// The ledger setting that keeps a player's saved card.
    static func savedCardSetting(forUser user: String) -> String { "payStation.savedCard.\(user)" }

    // MARK: Products

    func requestProducts(_ identifiers: [String], attempt: Int, in context: PathContext) throws -> ProductsOutcome {
        let attempts = RetrySchedule.delays.count + 1
        try context.log(.productsRequested, "attempt \(attempt) of \(attempts): \(English.count(identifiers.count, "SKU")), project "
                        + (context.app.sdkProjectId.map(String.init) ?? "(none)"))
        if context.app.networkCondition == .flaky, context.chance.coinTossFails() {
            let retry = RetrySchedule.delay(after: attempt)
            let next = retry.map { "retrying in \(Self.seconds($0))" } ?? "giving up after \(attempt) attempts"
            try context.log(.productsFailed, "network error (flaky network); \(next)")
            return .failed(attempt: attempt, retryAfter: retry)
        }
        let response = ProductsAnswer.answer(requesting: identifiers, projectId: context.app.sdkProjectId, catalog: context.catalog)
        var message = English.count(response.products.count, "product")
        if !response.invalidProductIdentifiers.isEmpty {
            message += "; invalidProductIdentifiers: " + response.invalidProductIdentifiers.map {
                "\($0) (\(response.reasons[$0] ?? "invalid"))"
            }.joined(separator: ", ")
        }
        try context.log(.productsAnswered, message)
        return .answered(response)
    }

    private static func seconds(_ value: Double) -> String {
        Int(exactly: value).map { "\($0) s" } ?? "\(value) s"
    }

    // MARK: Launch

    /// With `payStation.prewarm`, the SDK warms Pay Station up now, so no page waits later.
    func launched(in context: PathContext) throws {
        let settings = context.catalog.settings.payStation
        guard settings.prewarm, !warmed else { return }
        warmed = true
        try context.log(.payStationPrewarmed, "warmed up at launch: pages load at once "
                        + "(a cold start takes \(settings.coldLaunchSeconds) s)")
    }

    // MARK: add(payment)

    /// Records a `purchasing` transaction with its invoice and opens Pay Station on it; or, as
    /// the SDK does, ignores the payment and only logs why.
    func beginPurchase(_ request: PurchaseRequest, in context: PathContext) throws -> PathStep {
        if let busy = try context.purchases.refusalIfAnotherSheetIsOpen(than: id) { return busy }
        let catalog = context.catalog
        if let invoice = onScreen, let open = sessions[invoice] {
            // One page at a time, as in the SDK: a second purchase would strand the first (a
            // payment still processing too: its page waits for done).
            guard open.phase.isFinal, open.phase != .delivering else {
                try context.log(.purchaseIgnored, "Pay Station is already open for \(open.transactionId)")
                return PathStep(notice: StoreNotice(.info, "Pay Station is already open for \(open.productName); "
                                                    + "pay or close it first."))
            }
            // A paid page keeps its session for the redirect still to come; a declined one goes.
            if context.agenda.due(of: PayStationDueWork.redirect(invoiceId: invoice)) == nil { try close(invoice, in: context) }
        }
        guard catalog.settings.enablePayments else {
            return try ignore("enablePayments is false in the catalog's settings: the SDK ignores every purchase", context)
        }
        guard let product = catalog.product(id: request.productId), product.status == .available else {
            return try ignore("\(request.productId) is not an available product", context)
        }
        let storefront = request.storefront
        let name = product.name.resolved(for: storefront.locale) ?? product.id
        if let refusal = try context.purchases.refusalIfOwned(product, in: storefront) { return refusal }
        guard let terms = context.account.terms(for: product, in: storefront, variationId: request.variationId) else {
            return try ignore("\(product.shortId) has no price in \(storefront.id)", context)
        }
        let external = catalog.opensPayStationInBrowser(in: storefront)
        let token = context.chance.randomToken(length: 32)
        // Pre-warmed at the SDK's start (logged at launch), or started once already: no wait.
        let coldStart = warmed || catalog.settings.payStation.prewarm ? 0 : catalog.settings.payStation.coldLaunchSeconds
        let savedCard = try context.settings.value(of: Self.savedCardSetting(forUser: context.userId))
        let transaction = try context.purchases.openTransaction(
            productId: product.id, in: storefront, terms: terms, variationId: request.variationId, path: id,
            reference: Self.invoiceId(ofSequence:))
        let invoiceId = transaction.invoiceId ?? transaction.id
        let regular = ProductDisplay(product: product, storefront: storefront, showsIntroOffer: false).pricePerPeriod
            ?? PriceFormatter.format(terms.regularPrice, in: storefront)
        var session = PayStationSession(
            transactionId: transaction.id, invoiceId: invoiceId, token: token, productId: product.id,
            productName: name, formattedPrice: PriceFormatter.format(terms.chargeNow, in: storefront),
            laterTerms: terms.offer.map { OfferText.describe($0.offer, in: storefront, then: regular) },
            opensExternalBrowser: external, sandbox: catalog.settings.useSandbox, today: transaction.createdAt,
            savedCard: savedCard, isLoaded: coldStart == 0)
        try context.invoices.record(InvoiceRecord(invoiceId: invoiceId, transactionId: transaction.id,
                                                 userId: context.userId, createdAt: transaction.createdAt))
        try context.log(.purchaseStarted, "\(product.shortId) for \(session.formattedPrice) in \(storefront.id): purchasing",
                        transaction: transaction.id)
        let login = catalog.settings.customLoginToken.map { "customLoginToken \(QuotedText.part($0))" } ?? "no login token"
        try context.log(.payStationWillOpen, "token requested, \(login)", transaction: transaction.id)
        try context.log(external ? .payStationOpenedExternally : .payStationOpened,
                        "\(external ? "external browser" : "in-app"): \(session.url)", transaction: transaction.id)
        if context.purchases.outbox.holdsXsollaPurchases {
            // Webhook mode: Pay Station asks the game's server whether it knows the player.
            session.checkUser()
            try context.purchases.outbox.post(try message(XsollaWebhook.userValidation, of: transaction, in: context),
                                    from: .xsolla, transaction: transaction.id)
        }
        if coldStart == 0 {
            try context.log(.payStationLoaded, warmed ? "loaded at once (warm)" : "loaded at once",
                            transaction: transaction.id)
        } else {
            try context.agenda.schedule(PayStationDueWork.loaded(invoiceId: invoiceId),
                                 at: context.now.addingTimeInterval(Double(coldStart)))
        }
        context.onceCommitted { [self] in
            sessions[session.invoiceId] = session
            onScreen = session.invoiceId
            warmed = true
        }
        return .nothing
    }

    private func ignore(_ reason: String, _ context: PathContext) throws -> PathStep {
        try context.log(.purchaseIgnored, reason)
        return PathStep(notice: StoreNotice(.info, "Nothing happened: \(reason)."))
    }

    // MARK: The page

    var purchaseSheet: (any SheetOwner)? { self }
    var lifecycle: (any StoreLifecycle)? { self }
    var sdkState: (any SDKState)? { self }

    func sheet(in context: PathContext) -> PurchaseSheet? {
        guard let invoice = onScreen, let session = sessions[invoice] else { return nil }
        let settings = context.catalog.settings.payStation.redirect
        let due = context.agenda.due(of: PayStationDueWork.redirect(invoiceId: invoice))
        let url = due.map { _ in redirectURL(for: session, status: session.redirectStatus, in: context).text }
        let look = context.catalog.settings.payStation
        return .payStation(PayStationPage(
            session: session, redirectDue: due, redirectURL: url,
            returnButtonCaption: settings.manualButtonCaption ?? "Back to the game", appName: context.catalog.app.name,
            theme: look.theme, size: look.size))
    }

    /// Under way until Pay Station has said how it ended and the redirect, if one is coming, is
    /// back: a page still delivering or counting down is the purchase; a declined one is not.
    func openPurchase(in context: PathContext) -> PurchaseSheet? {
        guard let invoice = onScreen, let session = sessions[invoice] else { return nil }
        let ended = session.phase.isFinal && session.phase != .delivering
            && context.agenda.due(of: PayStationDueWork.redirect(invoiceId: invoice)) == nil
        return ended ? nil : sheet(in: context)
    }

    func closeEndedSheet(in context: PathContext) throws {
        guard let invoice = onScreen, sessions[invoice] != nil, openPurchase(in: context) == nil else { return }
        try close(invoice, in: context)
    }

    /// The catalog no longer sells what the page is for: as Esc before paying; a page already
    /// paid (processing or done) is the player's, and stays.
    func cancelPurchaseUnderWay(in context: PathContext) throws -> PathStep? {
        guard let invoice = onScreen, let session = sessions[invoice], !session.phase.isFinal else { return nil }
        return try take(.close, in: context)
    }

    func input(from sent: PathInput) -> PayStationInput? {
        if case .payStation(let input) = sent { return input }
        return nil
    }

    func take(_ input: PayStationInput, in context: PathContext) throws -> PathStep {
        guard let invoice = onScreen, var session = sessions[invoice] else { return .nothing }
        if session.phase.isFinal {
            // Paid, declined or closed: Enter (the manual button) or Esc goes back to the game;
            // while Pay Station still processes a payment, the page stays.
            guard input == .submit || input == .close, session.phase != .delivering else { return .nothing }
            if context.agenda.due(of: PayStationDueWork.redirect(invoiceId: invoice)) != nil {
                // The handler takes the countdown off the agenda in the commit that accepts it.
                return try sendRedirect(for: invoice, in: context)
            }
            try close(invoice, in: context)
            return .nothing
        }
        switch input {
        case .type(let character): session.type(character)
        case .paste(let text): session.paste(text)
        case .deleteBackward: session.deleteBackward()
        case .submit: session.submit()
        case .nextField: session.focusNextField()
        case .previousField: session.focusPreviousField()
        case .close: session.close()
        case .toggleSavingCard: session.toggleSavingCard()
        }
        let before = sessions[invoice]
        // A wrong 3-D Secure code is an event, committed before the page shows the next try;
        // the last one is logged with the decline it ends in.
        let wrongCode = session.wrongCodes > (before?.wrongCodes ?? 0) ? wrongCodeEvent(session) : nil
        guard session.phase.isFinal else {
            if let wrongCode { try context.log(.payStationWrongCode, wrongCode, transaction: session.transactionId) }
            context.onceCommitted { [self] in sessions[invoice] = session }
            return .nothing
        }
        if (session.phase == .done || session.phase == .delivering), context.purchases.outbox.holdsXsollaPurchases {
            return try holdForBackend(&session, in: context)
        }
        // The page shows how it ended once that is committed (and goes, where `closed` forgets
        // it, after): if the commit fails, the page stays where it was, so the player can try
        // again (Enter pays again) rather than look at a payment the ledger never recorded.
        context.onceCommitted { [self] in sessions[invoice] = session }
        return try closed(session, in: context, wrongCode: wrongCode)
    }

    /// `3-D Secure: wrong code (try 1 of 3; 2 tries left)`.
    private func wrongCodeEvent(_ session: PayStationSession) -> String {
        let left = TestCard.threeDSecureAttempts - session.wrongCodes
        return "3-D Secure: wrong code (try \(session.wrongCodes) of \(TestCard.threeDSecureAttempts); "
            + (left > 0 ? "\(English.count(left, "try", plural: "tries")) left)" : "the bank declines)")
    }

    /// Pay Station reached a final phase. Paid or declined, its status is committed now, and it
    /// redirects when the policy says so: the redirect must come back through the URL handler.
    /// Without a redirect, and when the player closed Pay Station, the purchase settles now.
    /// `wrongCode` is the event of the wrong 3-D Secure code that ended it in a decline.
    private func closed(_ session: PayStationSession, in context: PathContext, wrongCode: String? = nil) throws -> PathStep {
        let policy = context.catalog.settings.payStation.redirect
        let status: RedirectURL.Status
        let event: (EventKind, String)
        switch session.phase {
        case .done:
            status = .done
            event = (.payStationPaid, "status done, invoice \(session.invoiceId)")
        case .delivering:
            // Paid: committed now, so a crash cannot lose it; done follows on the clock.
            try context.invoices.recordPaymentStatus(RedirectURL.Status.delivering.rawValue, forInvoice: session.invoiceId)
            try context.log(.payStationDelivering, "status delivering: paid, still processing "
                            + "(done in \(Self.seconds(TestCard.deliveringSeconds)))", transaction: session.transactionId)
            try context.agenda.schedule(PayStationDueWork.delivered(invoiceId: session.invoiceId),
                                 at: context.now.addingTimeInterval(TestCard.deliveringSeconds))
            try context.purchases.reached(.paid)
            return .nothing
        case .declined(let reason):
            status = .troubled
            event = (.payStationDeclined, "status troubled: \(reason)")
        case .userRefused, .troubled:
            // Settled by the game's answer (`PayStationPath+WebhookMode.swift`), never by the page.
            return .nothing
        case .cancelled, .paymentMethod, .cardForm, .threeDSecure:
            // Closed before paying: `canceled` with no invoice to name, or `invoice` when one was
            // made and left unpaid on 3-D Secure. The policy decides whether that redirects.
            // One commit: the page closing, its status, and the redirect or the settlement.
            let closedStatus: RedirectURL.Status = session.closedDuringPayment ? .invoice : .canceled
            guard RedirectURL.isSent(for: closedStatus, by: policy.condition) else {
                try logClosing(session, in: context)
                let step = try settleWithoutRedirect(session.transactionId, invoice: session.invoiceId,
                                                     status: closedStatus, in: context)
                forget(session.invoiceId, in: context)
                return step
            }
            let url = redirectURL(for: session, status: closedStatus, in: context).text
            try context.invoices.recordPaymentStatus(closedStatus.rawValue, forInvoice: session.invoiceId)
            try context.log(.redirectSent, url, transaction: session.transactionId)
            return try handle(url, in: context)
        }
        let redirects = RedirectURL.isSent(for: status, by: policy.condition)
        // Committed with its events: from here a crash cannot lose the payment (see
        // `redeliver`), and only a redirect saying what Pay Station said is believed.
        if status == .done, session.savesCard {
            // The player ticked "save card": Pay Station offers it on the next payment.
            try context.settings.set(Self.savedCardSetting(forUser: context.userId), to: session.cardNumber)
        }
        try context.invoices.recordPaymentStatus(status.rawValue, forInvoice: session.invoiceId)
        if let wrongCode { try context.log(.payStationWrongCode, wrongCode, transaction: session.transactionId) }
        try context.log(event.0, event.1, transaction: session.transactionId)
        if redirects {
            try context.log(.redirectSent, redirectURL(for: session, status: status, in: context).text,
                            transaction: session.transactionId)
            try context.agenda.schedule(PayStationDueWork.redirect(invoiceId: session.invoiceId),
                                 at: context.now.addingTimeInterval(Double(policy.delaySeconds)))
        }
        try context.purchases.reached(.paid)
        if redirects { return .nothing }
        // No redirect: the SDK learns the outcome by asking for the invoice's status. Paid goes
        // back to the game; a decline stays on screen until the player closes it.
        if status == .done { try logClosing(session, in: context) }
        let step = try settleWithoutRedirect(session.transactionId, invoice: session.invoiceId, status: status, in: context)
        if status == .done { forget(session.invoiceId, in: context) }
        return step
    }

    func perform(_ work: PayStationDueWork, in context: PathContext) throws -> PathStep {
        switch work {
        case .redirect(let invoice):
            return try sendRedirect(for: invoice, in: context)
        case .loaded(let invoice):
            guard var session = sessions[invoice] else { return .nothing }
            session.finishLoading()
            sessions[invoice] = session
            let seconds = context.catalog.settings.payStation.coldLaunchSeconds
            try context.log(.payStationLoaded, "loaded after \(seconds) s: a cold start "
                            + "(payStation.prewarm removes it)", transaction: session.transactionId)
            return .nothing
        case .delivered(let invoice):
            guard var session = sessions[invoice] else { return try deliveredWhileAway(invoice, in: context) }
            session.finishDelivering()
            context.onceCommitted { [self] in sessions[invoice] = session }
            return try closed(session, in: context)
        }
    }

    /// The countdown ended or the player pressed the manual button: Pay Station sends the
    /// player back, and the redirect goes through the app's URL handler like any other.
    private func sendRedirect(for invoice: String, in context: PathContext) throws -> PathStep {
        guard let session = sessions[invoice] else { return .nothing }
        let status = session.redirectStatus
        // The page goes once the handler has answered: if its commit fails, it stays, and the
        // engine puts the redirect back on the agenda.
        // The handler closes the page when it accepts the redirect.
        return try handle(redirectURL(for: session, status: status, in: context).text, in: context)
    }

    /// The redirect for a session; closing before paying names no invoice (`invoice_id=`).
    func redirectURL(for session: PayStationSession, status: RedirectURL.Status, in context: PathContext) -> RedirectURL {
        RedirectURL(base: redirectBase(context), userId: context.userId, foreignInvoice: session.transactionId,
                    invoiceId: status == .canceled ? "" : session.invoiceId, status: status)
    }

    func redirectBase(_ context: PathContext) -> String {
        context.catalog.settings.redirectURL(bundleId: context.catalog.app.bundleId)
    }

    /// Closes the page of `invoice` (its willClose and closed callbacks) and forgets it; its
    /// transaction is settled or about to be. Nothing happens for a page already closed.
    func close(_ invoice: String, in context: PathContext) throws {
        guard let session = sessions[invoice] else { return }
        try logClosing(session, in: context)
        forget(invoice, in: context)
    }

    /// Pay Station's willClose and closed callbacks, inside the caller's commit.
    func logClosing(_ session: PayStationSession, in context: PathContext) throws {
        try context.log(.payStationWillClose, "invoice \(session.invoiceId)", transaction: session.transactionId)
        try context.log(.payStationClosed, "invoice \(session.invoiceId)", transaction: session.transactionId)
    }

    /// Takes a page off screen once its closing is committed.
    func forget(_ invoice: String, in context: PathContext) {
        context.onceCommitted { [self] in forget(invoice) }
    }

    private func forget(_ invoice: String) {
        sessions[invoice] = nil
        if onScreen == invoice { onScreen = nil }
    }

    /// The page of `invoice`, while it is open.
    func session(of invoice: String) -> PayStationSession? {
        sessions[invoice]
    }

    /// The open page of `transactionId`'s purchase.
    func session(ofTransaction transactionId: String) -> PayStationSession? {
        sessions.values.first { $0.transactionId == transactionId }
    }

    /// Shows `session` as it now stands once the caller's commit is on disk.
    func show(_ session: PayStationSession, in context: PathContext) {
        context.onceCommitted { [self] in sessions[session.invoiceId] = session }
    }

    // MARK: Launch and restore

    /// A transaction left `purchasing` by the last run: Pay Station's committed outcome settles
    /// it, as the SDK's status query would; with no outcome the payment never happened. A
    /// payment Pay Station is still processing waits for it to be done, at its own time.
    func redeliver(_ transaction: TransactionRecord, in context: PathContext) throws -> PathStep {
        if let invoiceId = transaction.invoiceId, let paid = try context.invoices.invoice(id: invoiceId)?.paymentStatus,
           let status = RedirectURL.Status(rawValue: paid) {
            if status == .delivering, let due = context.agenda.due(of: PayStationDueWork.delivered(invoiceId: invoiceId)) {
                try context.log(.payStationDelivering, "status delivering: Pay Station is still processing invoice "
                                + "\(invoiceId); done at \(EventDate.string(from: due))", transaction: transaction.id)
                return PathStep(notice: StoreNotice(.info, "Pay Station is still processing \(transaction.id); it is "
                                                    + "delivered once the payment is done."))
            }
            return try settleWithoutRedirect(transaction.id, invoice: invoiceId, status: status, in: context)
        }
        return PathStep(settlements: [try context.purchases.settle(transaction.id, as: .interrupted)])
    }

    /// A payment Pay Station was processing is done, and its page closed with the last run: the
    /// SDK's status query learns it, and the purchase settles as paid.
    private func deliveredWhileAway(_ invoice: String, in context: PathContext) throws -> PathStep {
        guard let record = try context.invoices.invoice(id: invoice), record.paymentStatus == RedirectURL.Status.delivering.rawValue
        else { return .nothing }
        try context.log(.payStationPaid, "status done, invoice \(invoice): the payment it was processing went through "
                        + "while the app was closed", transaction: record.transactionId)
        return try settleWithoutRedirect(record.transactionId, invoice: invoice, status: .done, in: context)
    }

    /// The payment queue's `restoreCompletedTransactions`: restored, then finished.
    func restore(in context: PathContext) throws -> PathStep {
        try context.purchases.restoreCompletedTransactions(on: id)
    }
}

extension PayStationSession {
    /// What the redirect says of this payment: `done` once paid, else `troubled`.
    var redirectStatus: RedirectURL.Status { phase == .done ? .done : .troubled }
}

extension PayStationPath {
    /// The invoice Pay Station gives the transaction with sequence number `sequence`: its own
    /// numbering, `100000042`, kept as the transaction's path reference.
    static func invoiceId(ofSequence sequence: Int) -> String? {
        String(100_000_000 + sequence)
    }
}
