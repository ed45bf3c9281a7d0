import Foundation
import StoreEngine

/// Runs engine calls on a serial queue of their own, so SQLite never blocks input or drawing,
/// and answers each through a closure (the program posts it to its inbox).
///
/// `@unchecked Sendable`, the one class of the app's the compiler cannot check (every other
/// shared class keeps its state in a `Mutex`): `Store` is not thread-safe (an SQLite connection,
/// a generator, caches), and after `init` it is touched only inside blocks on `queue`, a serial
/// queue, so one call at a time and each after the last; `store` is a `let`, so no thread sees
/// another store. That confinement is what makes sharing the worker safe.
public final class EngineWorker: @unchecked Sendable {
    private let store: Store
    private let queue = DispatchQueue(label: "storefront.engine")

    /// Takes the store over: from here on only the worker uses it.
    public init(store: Store) {
        self.store = store
    }

    public func submit(_ call: EngineCall, answer: @escaping @Sendable (Message) -> Void) {
        queue.async { [self] in
            answer(.store(report(answering: call)))
        }
    }

    /// Makes a change a backend asked for through a store's API, after every call handed in
    /// before it, and waits for it: the caller is the API server's thread, which answers the
    /// backend once the change is committed (or refused, or failed).
    public func make(_ change: ServerChange) -> StoreReport {
        queue.sync { report(answering: .make(change)) }
    }

    /// Waits until every call handed in so far has run.
    public func waitUntilIdle() {
        queue.sync {}
    }

    /// Ends the session once every call handed in has run: the store checks its ledger for the
    /// next launch (`Store.checkLedgerForNextLaunch`). No call may follow.
    public func finishSession() {
        queue.sync { _ = store.checkLedgerForNextLaunch() }
    }

    private func report(answering call: EngineCall) -> StoreReport {
        do {
            switch call {
            case .launch:
                return try store.launch()
            case .requestProducts(let path, let attempt):
                return try store.requestProducts(on: path, attempt: attempt)
            case .beginPurchase(let productId, let storefrontId, let path, let variationId):
                return try store.beginPurchase(of: productId, in: storefrontId, on: path, variationId: variationId)
            case .send(let input):
                return try store.send(input)
            case .openURL(let url, let storefrontId):
                return try store.open(url: url, shownIn: storefrontId)
            case .restore(let path):
                return try store.restore(on: path)
            case .redeemOfferCode(let code, let storefrontId, let path):
                return try store.redeemOfferCode(code, in: storefrontId, on: path)
            case .runDue:
                return try store.runDue()
            case .advance(let date):
                return try store.advance(to: date)
            case .act(let action, let transactionId):
                return try store.act(action, on: transactionId)
            case .configureXee(let settings):
                return try store.configureXee(settings)
            case .loadXeePaywall(let placement, let storefrontId):
                let paywall = try store.xee.getPaywall(placement: placement)
                _ = try store.xee.getPaywallVariantProducts(paywallVariant: paywall, in: storefrontId)
                return store.currentReport()
            case .keepPath(let path):
                return try store.keepPath(path)
            case .buyPromoted(let productId, let storefrontId):
                return try store.xee.makePurchase(heldPromotion: productId, shownIn: storefrontId)
            case .setTimeRate(let rate, let keepingClockPaused):
                return try store.setTimeRate(rate, keepingClockPaused: keepingClockPaused)
            case .advanceCalendar(let seconds):
                return try store.advance(by: seconds)
            case .close:
                return try store.close()
            case .olderEvents(let id):
                return try store.events(before: id)
            case .advanceToNextDue:
                return try store.advanceToNextDue()
            case .replaceCatalog(let catalog, let file):
                return try store.replaceCatalog(with: catalog, from: file)
            case .note(let note):
                return try store.note(note)
            case .make(let change):
                return try store.make(change)
            case .recordDelivery(let result):
                return try store.recordDelivery(result)
            case .configureOutbox(let settings):
                return store.configureOutbox(settings)
            case .resendNotification(let id):
                return try store.resendNotification(id: id)
            case .advanceToNextAttempt(let id):
                return try store.advanceToNextAttempt(ofNotification: id)
            case .answerStoreSheet(let input):
                return try store.answerStoreSheet(input)
            case .presentOfferCodeSheet(let storefrontId, let path):
                return try store.presentOfferCodeSheet(in: storefrontId, on: path)
            case .toggleWebhookMode:
                return store.toggleXsollaWebhookMode()
            }
        } catch {
            // Whatever the call wrote was rolled back: the state as it stands, and why.
            var report = store.currentReport(notice: StoreNotice(.error, Self.sentence(for: error)))
            report.failure = error
            // A products request that could not even be logged has no answer: it gave up, and
            // Enter asks again, as after a network failure.
            if case .requestProducts(let path, let attempt) = call {
                report.products = ProductsReply(path: path, outcome: .failed(attempt: attempt, retryAfter: nil))
            }
            return report
        }
    }

    /// What the player reads when a call fails: what happened, then how to go on (the same key
    /// again, or quit), with the file last, where a narrow screen may cut it.
    static func sentence(for error: StoreError) -> String {
        switch error {
        case .diskFull(let path):
            "Not saved, the disk is full: free some space and try again, or press q to quit (\(path))."
        case .storage(let sentence):
            "Not saved: \(sentence) Try again, or press q to quit."
        default:
            error.description
        }
    }
}
