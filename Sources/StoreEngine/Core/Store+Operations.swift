import Catalog
import Foundation
import Ledger

// What the program asks of the engine. Each call commits what it does and answers with a
// report: the panes as they now are, the sheet on screen, a line for the player, and when the
// engine next has something to do on the clock.
extension Store {
    /// At launch: delivers what the last run left unfinished. If that fails, the next call
    /// delivers it first.
    public func launch() throws(StoreError) -> StoreReport {
        // The URLs the app was launched with come first, as a deep link opens the app, then
        // everything unfinished is delivered again (a redirect just opened has finished its
        // purchase by then). Should the URLs fail half-way, the next call still redelivers.
        carryover.redeliveryDue = false
        return try takeCall {
            let opened: StoreNotice?
            do {
                // The launch's own lines (the paywall opened, what each path reports as it
                // starts) are one commit, not one each: each commit waits for the disk, and the
                // first frame waits for them. Nothing else is written in this block (but the
                // player's joining the family, with the shares it finds), so a kill loses all of
                // them or none, and the launch after says the same again.
                try ledger.inTransaction {
                    try logPaywall(open: true)
                    for path in paths { try path.sdkState?.launched(in: context) }
                    try joinFamily()
                }
                opened = try openKeptURLs(atLaunch: true)
            } catch {
                carryover.redeliveryDue = true
                throw error
            }
            carryover.redeliveryDue = true
            return try catchUp() ?? opened
        }
    }

    /// The app is closing: the paywall closes with it (`paywallClose`).
    public func close() throws(StoreError) -> StoreReport {
        try takeCall {
            try logPaywall(open: false)
            return nil
        }
    }

    /// The session is over: the ledger is checked and its fingerprint kept beside it, so the next
    /// launch knows it whole without checking it again (`Ledger.checkForNextOpen`). True when
    /// the fingerprint was kept. Nothing may be written after it.
    @discardableResult
    public func checkLedgerForNextLaunch() -> Bool {
        ledger.checkForNextOpen() == .recorded
    }

    /// `paywallOpen` / `paywallClose` for the paywall this player is shown (its assigned variant).
    private func logPaywall(open: Bool) throws {
        guard let paywall = catalog.paywalls.first, let variant = paywall.assignedVariant(forUser: userId) else { return }
        try log(open ? .paywallOpen : .paywallClose, "\(paywall.id) at \(paywall.placement), variationId "
                + variant.variationId(in: paywall), nil, now())
    }

    /// A page of the player's events older than `id`, for the Events pane scrolled past what
    /// the report holds (the newest 200): the history is in the ledger, however long.
    public func events(before id: Int64, limit: Int = 200) throws(StoreError) -> StoreReport {
        do {
            var report = currentReport()
            report.olderEvents = try ledger.events(newestFirst: limit, user: userId, before: id).map(EventSummary.init(record:))
            return report
        } catch {
            throw StoreError(error)
        }
    }

    /// The report of nothing new: the state as it is.
    public func currentReport(notice: StoreNotice? = nil) -> StoreReport {
        report(notice: notice)
    }

    /// The SKUs the app asks for: the catalog's `requestedProducts`, else every product.
    public var requestedIdentifiers: [String] {
        catalog.settings.requestedProducts ?? catalog.products.map(\.id)
    }

    /// One attempt of the products request on `path`.
    public func requestProducts(on path: IntegrationPath, attempt: Int) throws(StoreError) -> StoreReport {
        var outcome: ProductsOutcome?
        var result = try takeCall { () throws -> StoreNotice? in
            // The request and its answer are one commit: the panes show both at once anyway.
            outcome = try ledger.inTransaction {
                try self.path(path).requestProducts(requestedIdentifiers, attempt: attempt, in: context)
            }
            return nil
        }
        result.products = outcome.map { ProductsReply(path: path, outcome: $0) }
        return result
    }

    /// Starts buying `productId` in a storefront on a path: the path opens its sheet, or says
    /// why nothing happens.
    public func beginPurchase(of productId: String, in storefrontId: String, on path: IntegrationPath,
                              variationId: String? = nil) throws(StoreError) -> StoreReport {
        guard let storefront = catalog.storefront(id: storefrontId) else { throw .unknownStorefront(storefrontId) }
        return try takeCall { try startPurchase(of: productId, in: storefront, on: path, variationId: variationId) }
    }

    /// `beginPurchase`'s work inside a call already taken: a store's sheet changes plan through it.
    func startPurchase(of productId: String, in storefront: Storefront, on path: IntegrationPath,
                       variationId: String?) throws -> StoreNotice? {
        // A downgrade (or a crossgrade to another duration) waits for the renewal: no sheet;
        // so does any change the path's app asks to make at the renewal (Play's DEFERRED).
        let replacement = try self.path(path).lifecycle?.planReplacement(forTransaction: nil, in: context)
        if let deferred = try deferPlanChange(to: productId, in: path.marketplace, by: replacement) { return deferred }
        let notice = try decideAndApply { try self.path(path).beginPurchase(
            PurchaseRequest(productId: productId, storefront: storefront, variationId: variationId), in: context) }
        if self.path(path).purchaseSheet?.sheet(in: context) != nil { reached(.opened) }
        return notice
    }

    /// The player's input in the sheet on screen.
    public func send(_ input: PathInput) throws(StoreError) -> StoreReport {
        // The input goes to the path whose sheet is on screen (the one the player sees); a path
        // ignores input that is not its sheet's, and with no sheet open nothing takes it. Input
        // that is a call of the app's rather than a key on a sheet goes to the path it names.
        return try takeCall {
            let owner = input.isForASheet ? paths.first(where: { $0.purchaseSheet?.sheet(in: context) != nil })
                : path(input.path)
            guard let sheet = owner?.purchaseSheet else { return nil }
            return try decideAndApply { try sheet.take(sent: input, in: context) }
        }
    }

    /// A URL the app was opened with: a redirect from Pay Station, a deep link from outside.
    /// `storefrontId`, when given, is the storefront the app's screen shows now (`shownStorefront`).
    public func open(url: String, shownIn storefrontId: String? = nil) throws(StoreError) -> StoreReport {
        if let storefrontId { shownStorefront = storefrontId }
        return try takeCall { try openURL(url) }
    }

    /// The first path that knows the URL handles it (Pay Station answers every URL, last).
    func openURL(_ url: String) throws -> StoreNotice? {
        for path in paths {
            if let step = try decide({ try path.sdkState?.open(url, in: context) }) { return try apply(step) }
        }
        return nil
    }

    /// Restore purchases on `path`; never charges.
    public func restore(on path: IntegrationPath) throws(StoreError) -> StoreReport {
        try takeCall { try decideAndApply { try self.path(path).restore(in: context) } }
    }

    /// Runs everything due by the current simulated time, in order.
    public func runDue() throws(StoreError) -> StoreReport {
        try takeCall { try runDueItems() }
    }

    /// Moves the simulated calendar to `date`; everything due on the way happens at its own
    /// time, in order. The calendar never moves back, nor past its end (`Clock.latest`): then
    /// nothing moves and the notice says why.
    public func advance(to date: Date) throws(StoreError) -> StoreReport {
        guard date <= Clock.latest else { return currentReport(notice: Clock.endNotice) }
        return try takeCall {
            var last: StoreNotice?
            while let due = upcoming.agenda.nextDue, due <= date {
                moveClock(to: due)
                last = try runDueItems() ?? last
            }
            moveClock(to: date)
            try ledger.commitDeferredWrites()
            return last
        }
    }

    /// Moves the simulated calendar on by `seconds` (`+` in the app).
    public func advance(by seconds: TimeInterval) throws(StoreError) -> StoreReport {
        var report = try advance(to: now().addingTimeInterval(max(0, seconds)))
        if report.notice == nil {
            report.notice = StoreNotice(.info, "The calendar moved on \(English.duration(seconds, oneDay: "a day")).")
        }
        return report
    }

    /// Moves the simulated calendar to the next thing due (`>` in the app), or says there is none.
    public func advanceToNextDue() throws(StoreError) -> StoreReport {
        guard let due = upcoming.agenda.nextDue else {
            return currentReport(notice: StoreNotice(.info, "Nothing is scheduled on the calendar."))
        }
        var report = try advance(to: max(due, now()))
        if report.notice == nil { report.notice = StoreNotice(.info, "The calendar moved on to the next thing due.") }
        return report
    }

    /// Changes how fast simulated time runs from now on.
    public func setClockRate(_ rate: Clock.Rate) throws(StoreError) -> StoreReport {
        try takeCall {
            try changeClock(rate: rate)
            return nil
        }
    }

    // MARK: Running a call

    private func runDueItems() throws -> StoreNotice? {
        var last: StoreNotice?
        while let item = upcoming.agenda.takeFirst(dueBy: now()) {
            var step = PathStep.nothing
            do {
                switch item.action {
                case .subscriptionDue(let originalId):
                    last = try subscriptionDue(originalId, at: item.due) ?? last
                case .notificationDue(let id):
                    try handOver(notification: id)
                case .work(let scheduled):
                    // Back to the path that asked for it, by its id. Done and let go in one
                    // commit; what it settles is completed after, as any purchase is (or in
                    // that commit, when its step says so).
                    step = try ledger.inTransaction { () throws -> PathStep in
                        if let id = item.ledgerId { try ledger.removeDueWork(id: id) }
                        // One level in, so that a durable step the work reaches (`reached`) does
                        // not commit half of it: the work and its letting go stay one commit.
                        return try decide {
                            try path(scheduled.performer).perform(scheduled: scheduled, in: context)
                        }
                    }
                }
            } catch {
                // Nothing of it was committed: it is still due, and runs when next asked.
                upcoming.agenda.schedule(item.action, at: item.due, ledgerId: item.ledgerId)
                throw error
            }
            // Its settlements: a failure here leaves a purchased transaction that `apply` remembers
            // to complete, never the work itself to do again.
            last = try apply(step) ?? last
        }
        return last
    }

    /// Runs a call whose work is one path's decision (`decide`), in one commit.
    func takeDecision(_ body: () throws -> StoreNotice?) throws(StoreError) -> StoreReport {
        try takeCall { try decide(body) }
    }

    /// Asks a path to decide, inside one commit the store opens and closes: what the path
    /// writes (its events, its rows, its work on the clock, the outcome it settles) is committed
    /// together or not at all. A path never commits on its own; a durable step in the middle of
    /// its decision (a payment before its delivery) is `PathPurchases.reached`. What it settles
    /// is completed after this commit (`apply`), or before it closes when the step says so
    /// (`deliveredWithItsDecision`).
    func decide(_ body: () throws -> PathStep) throws -> PathStep {
        try ledger.inTransaction { try deliverWithItsDecision(try body()) }
    }

    /// `decide` for a call a path may decline (a URL it does not know, an answer it does not wait for).
    func decide(_ body: () throws -> PathStep?) throws -> PathStep? {
        try ledger.inTransaction { try body().map(deliverWithItsDecision) }
    }

    /// `decide` for what a path does that is not a step (a sheet it closes).
    func decide<Decision>(_ body: () throws -> Decision) throws -> Decision {
        // A step here would keep settlements that the step's overloads alone deliver.
        assert(Decision.self != PathStep.self && Decision.self != PathStep?.self,
               "a path's step goes through the decide that delivers it")
        return try ledger.inTransaction(body)
    }

    /// A path's decision in its commit, then what it settled: the shape of most calls into a path.
    func decideAndApply(_ body: () throws -> PathStep) throws -> StoreNotice? {
        try apply(decide(body))
    }

    /// Delivers what a step marks `deliveredWithItsDecision`, inside the decision's commit still
    /// open; the step goes on with the completion's notice and nothing left to settle. Every
    /// call that takes a path's step inside a commit passes it through here.
    func deliverWithItsDecision(_ step: PathStep) throws -> PathStep {
        guard step.deliveredWithItsDecision else { return step }
        precondition(ledger.isInTransaction, "a delivery with its decision needs the decision's commit open")
        var delivered = step
        delivered.notice = try conclude(step.settlements, withItsPayment: true) ?? step.notice
        delivered.settlements = []
        delivered.deliveredWithItsDecision = false
        try step.onceDelivered?()
        delivered.onceDelivered = nil
        return delivered
    }

    /// Completes a path's settlements after its decision's commit, and gathers what the step
    /// hands the app; the notice of the last one, else the path's own.
    func apply(_ step: PathStep) throws -> StoreNotice? {
        // Its commit is over: a delivery meant for it would be made outside it, or not at all.
        precondition(!step.deliveredWithItsDecision && step.onceDelivered == nil,
                     "a step to deliver with its decision was applied after its commit: take it through decide")
        handOff.add(step)
        return try conclude(step.settlements, withItsPayment: false) ?? step.notice
    }

    /// The one door into the completion for whatever a path settles; the notice of the last
    /// settlement. `withItsPayment`: inside the commit that records the payment, whose delivery
    /// joins it.
    private func conclude(_ settlements: [Settlement], withItsPayment: Bool) throws -> StoreNotice? {
        var notice: StoreNotice?
        for settlement in settlements {
            do {
                notice = try conclude(settlement, withItsPayment: withItsPayment)
            } catch {
                // Paid and committed as purchased, but not yet granted or finished: no path will
                // settle it again, so the engine remembers to complete it. Inside a commit still
                // open (a payment delivered with it, restored purchases made in the path's
                // decision), the transaction goes back with that commit: nothing to remember.
                if !withItsPayment, !ledger.isInTransaction, case .purchased(let transactionId) = settlement {
                    remember(transactionId)
                }
                throw error
            }
        }
        return notice
    }

    /// Remembers a purchased transaction whose completion failed, to complete it on the next call.
    func remember(_ transactionId: String) {
        carryover.remember(transactionId)
    }

    /// Does what an earlier call (or the launch) could not: the redelivery, then completing
    /// what was purchased (granting is once per transaction, so a grant that did commit is not
    /// repeated); the notice of the last one.
    private func catchUp() throws -> StoreNotice? {
        var last: StoreNotice?
        // An account that could not be read after a failed call is read before anything else:
        // nothing is decided on what that call rolled back.
        if carryover.accountIsStale { try rereadAccount() }
        if carryover.redeliveryDue {
            last = try deliverUnfinished().last
            carryover.redeliveryDue = false
            // Every unfinished transaction was just delivered, the remembered ones among them.
            carryover.pendingCompletions.removeAll()
        }
        while let transactionId = carryover.pendingCompletions.first {
            last = try complete(transactionId)
            carryover.pendingCompletions.removeFirst()
        }
        return last
    }

    /// Runs a call. If it fails half-way, whatever it wrote was rolled back, so the account is
    /// read again from the ledger rather than trusted, and the error goes up in the engine's
    /// words (the program shows it with `currentReport`, the state as it stands).
    func takeCall(_ body: () throws -> StoreNotice?) throws(StoreError) -> StoreReport {
        // What the paths' steps hand the app, gathered afresh for each call.
        handOff = CallHandOff()
        do {
            let caughtUp = try catchUp()
            let notice = try body() ?? caughtUp
            // The sheet may have gone with this call: a promoted purchase that waited opens now.
            var done = report(notice: try openURLsWaitingForSheet() ?? notice)
            handOff.giveOver(onto: &done)
            return done
        } catch {
            // Handed over with the call, so never handed to the host: due again at once.
            for delivery in handOff.deliveries { upcoming.deliveriesInFlight.remove(delivery.notificationId) }
            resynchronize(after: error)
            throw StoreError(error)
        }
    }

    /// The account and the agenda as the ledger has them, after a call that failed half-way:
    /// what it wrote, scheduled or let go was rolled back with it. When they cannot be read
    /// either, the Events pane says so, and the next call reads them again before anything else.
    private func resynchronize(after failure: any Error) {
        // A notification or an attempt the call wrote went with it.
        outboxList.invalidate()
        do {
            try rereadAccount()
        } catch {
            carryover.accountIsStale = true
            do {
                try log(.accountStale, "after \(failure), the account could not be read again (\(error)): "
                        + "the panes may show what was rolled back until the next call reads it", nil, now())
            } catch {
                // A ledger that takes no event either: the call's own error still goes up, and
                // the next call reads the account again.
            }
        }
    }

    /// Reads the account and the agenda again from the ledger.
    private func rereadAccount() throws {
        var reread = try Account(reading: ledger, user: userId, catalog: catalog)
        reread.renewalRate = renewalRate
        account = reread
        try reloadAgenda()
        carryover.accountIsStale = false
    }

    /// What the paths' servers have not recorded yet, from the work on the agenda.
    var serverWaits: ServerWaits {
        let scheduled = upcoming.agenda.items.compactMap { item -> ScheduledWork? in
            if case .work(let scheduled) = item.action { return scheduled }
            return nil
        }
        return ServerWaits(paths: paths, scheduled: scheduled, accessLevel: account.accessLevel(ofTransaction:))
    }

    private func report(notice: StoreNotice?) -> StoreReport {
        let now = now()
        var report = StoreReport(snapshot: account.snapshot(at: now, waiting: serverWaits),
                                 sheet: sheetOnScreen,
                                 notice: notice, clock: clock, nextDue: upcoming.agenda.nextDue)
        report.storeSheet = storeSheet
        report.accessWait = paths.lazy.compactMap { $0.accessServer?.accessWait(in: self.context) }.first
        report.timeRate = timeRate
        report.renewalRate = renewalRate
        report.snapshot.notifications = outboxList.current(in: ledger)
        report.snapshot = sharedSnapshot.sharing(report.snapshot)
        for path in paths { path.sdkState?.describe(into: &report, in: context) }
        return report
    }
}
