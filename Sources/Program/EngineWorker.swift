import Foundation
import StoreEngine

/// Runs engine calls on a serial queue of their own, so SQLite never blocks input or drawing,
/// and answers each through a closure (the program posts it to its inbox).
///
/// `@unchecked Sendable`: the store is not thread-safe, and after `init` it is touched only on
/// `queue`, one call at a time; that confinement is what makes sharing the worker safe.
public final class EngineWorker: @unchecked Sendable {
    private let store: Store
    private let queue = DispatchQueue(label: "storefront.engine")

    /// Takes the store over: from here on only the worker uses it.
    public init(store: Store) {
        self.store = store
    }

    public func perform(_ call: EngineCall, answer: @escaping @Sendable (Message) -> Void) {
        queue.async { [self] in
            answer(run(call))
        }
    }

    /// Waits until every call handed in so far has run.
    public func waitUntilIdle() {
        queue.sync {}
    }

    private func run(_ call: EngineCall) -> Message {
        do {
            switch call {
            case .launch:
                return .store(try store.launch())
            case .requestProducts(let path, let attempt):
                return .store(try store.requestProducts(on: path, attempt: attempt))
            case .beginPurchase(let productId, let storefrontId, let path, let variationId):
                return .store(try store.beginPurchase(of: productId, in: storefrontId, on: path, variationId: variationId))
            case .send(let input):
                return .store(try store.send(input))
            case .openURL(let url):
                return .store(try store.open(url: url))
            case .restore(let path):
                return .store(try store.restore(on: path))
            case .runDue:
                return .store(try store.runDue())
            case .advance(let date):
                return .store(try store.advance(to: date))
            }
        } catch {
            // Whatever the call wrote was rolled back: the state as it stands, and why.
            let text = if case .storage(let sentence) = error { "Could not save to the ledger: \(sentence)" } else { error.description }
            return .store(store.currentReport(notice: StoreNotice(.error, text)))
        }
    }
}
