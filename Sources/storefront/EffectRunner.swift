import Catalog
import Foundation
import Ledger
import StoreEngine
import TerminalUI

/// Performs the effects the update asks for against the store, and answers with messages.
/// Delayed messages are handed back to the run loop's timers.
struct EffectRunner {
    let store: Store

    enum Outcome {
        case messages([Message])
        case timer(Message, afterSeconds: Double)
        case quit
    }

    func run(_ effect: Effect) -> Outcome {
        do {
            switch effect {
            case .beginPurchase(let productId, let storefrontId, let variationId):
                guard let storefront = store.catalog.storefront(id: storefrontId) else {
                    return .messages([.failed("Storefront \(storefrontId) is not in the catalog.")])
                }
                let start = try store.beginPurchase(of: productId, in: storefront, variationId: variationId)
                return .messages([.purchaseStarted(start), try changed(nil)])
            case .closePayStation(let session):
                let result = try store.payStationClosed(session)
                return .messages([.payStationAnswered(result, transactionId: session.transactionId), try changed(nil)])
            case .openURL(let url):
                let notice = try store.handle(url: url)
                return .messages([try changed(notice)])
            case .requestProducts(let attempt):
                switch try store.requestProducts(attempt: attempt) {
                case .answered(let response):
                    return .messages([.productsAnswered(response), try changed(nil)])
                case .failed(let failedAttempt, let retryAfter):
                    return .messages([.productsFailed(attempt: failedAttempt, retryAfter: retryAfter), try changed(nil)])
                }
            case .deliver(let message, let seconds):
                return .timer(message, afterSeconds: seconds)
            case .quit:
                return .quit
            }
        } catch let error as LedgerError {
            return .messages([.failed("Could not save to the ledger: \(error.description)")])
        } catch {
            return .messages([.failed("\(error)")])
        }
    }

    func changed(_ notice: StoreNotice?) throws -> Message {
        .storeChanged(try store.snapshot(), notice: notice)
    }
}
