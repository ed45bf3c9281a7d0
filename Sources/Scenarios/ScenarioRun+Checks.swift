import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI

// `expect` and `snapshot`: what the screen shows and what the engine recorded.
extension ScenarioRun {
    func check(_ expectation: Expectation, _ line: ScenarioLine) throws {
        let app = try running().app
        switch expectation {
        case .historyAgrees, .historyEntitlement, .historySays: return try checkHistory(expectation, line)
        case .notification(let store, let type, let subtype, let outcome):
            return try checkNotification(from: store, type: type, subtype: subtype, outcome: outcome, line)
        default: break
        }
        let snapshot = app.snapshot
        switch expectation {
        case .screenContains(let text), .screenLacks(let text):
            let wanted = Self.plain(text)
            let found = screen.contains { Self.plain($0).contains(wanted) }
            let shouldContain = expectation == .screenContains(text)
            guard found == shouldContain else {
                throw failure(line, expected: "the screen \(shouldContain ? "shows" : "does not show") \"\(ScenarioParser.quoted(text))\"",
                              actual: shouldContain ? "not on the screen" : "on the screen")
            }
        case .entitlement(let level, let active):
            let entitlement = snapshot.entitlement(id: level)
            let isActive = entitlement?.isActive ?? false
            guard isActive == active else {
                throw failure(line, expected: "\(level) \(active ? "active" : "inactive")",
                              actual: entitlement.map { "\(level) \($0.isActive ? "active" : "inactive")" } ?? "no entitlement \(level)")
            }
        case .owned(let sku):
            guard let product = app.catalog.product(id: sku) else { throw noProduct(sku, line, in: app.catalog) }
            guard product.type != .consumable else {
                throw error(line, "\(ScenarioParser.quoted(sku)) is a consumable: it is used up, not owned; check `expect balance` instead")
            }
            guard snapshot.owns(productId: sku) else {
                let have = snapshot.entitlements.filter(\.isActive).map { $0.productId ?? $0.id }
                throw failure(line, expected: "\(sku) owned", actual: have.isEmpty ? "nothing owned" : "owned: \(have.joined(separator: ", "))")
            }
        case .apiCall(let method, let pattern, let within):
            try checkAPICall(method: method, pattern: pattern, within: within, line)
        case .balance(let currency, let amount):
            let balance = snapshot.balances[currency] ?? 0
            guard balance == amount else {
                throw failure(line, expected: "\(currency) \(amount)", actual: "\(currency) \(balance)")
            }
        case .transaction(let reference, let state, let finished):
            let transaction = try find(reference, in: snapshot, line)
            let actualState = transaction.displayState
            // The state as shown (`cancelled`, `refunded`, `pending (Ask to Buy)`) or as recorded.
            let stateMatches = state == actualState || state == transaction.state.rawValue
                || state.replacingOccurrences(of: "-", with: " ") == actualState
                || (state == "pending" && transaction.pending != nil)
            guard stateMatches, finished.map({ $0 == transaction.isFinished }) ?? true else {
                let expected = state + (finished.map { $0 ? " finished" : " unfinished" } ?? "")
                throw failure(line, expected: "\(transaction.id) \(expected)",
                              actual: "\(transaction.id) \(actualState) \(transaction.isFinished ? "finished" : "unfinished")"
                                  + (transaction.failure.map { " (\($0))" } ?? ""))
            }
        case .transactionCount(let count):
            guard snapshot.transactionCount == count else {
                throw failure(line, expected: English.count(count, "transaction"),
                              actual: English.count(snapshot.transactionCount, "transaction"))
            }
        case .charge(let reference, let amount, let currency):
            let transaction = try find(reference, in: snapshot, line)
            guard transaction.amountCharged == amount, amount == 0 || transaction.currency == currency else {
                throw failure(line, expected: "\(transaction.id) charged \(amount) \(currency)",
                              actual: "\(transaction.id) charged \(transaction.amountCharged) \(transaction.currency) (\(transaction.displayState))")
            }
        case .offer(let reference, let type, let id):
            let transaction = try find(reference, in: snapshot, line)
            let actual = transaction.offerType ?? "none"
            guard actual == type, id.map({ $0 == transaction.offerId }) ?? true else {
                throw failure(line, expected: "\(transaction.id) bought under \(type)\(id.map { " \($0)" } ?? "")",
                              actual: "\(actual)\(transaction.offerId.map { " \($0)" } ?? "")")
            }
        case .event(let name, let present):
            let found = snapshot.events.contains { $0.kind.rawValue == name }
            guard found == present else {
                let recent = snapshot.events.prefix(8).map(\.kind.rawValue).joined(separator: ", ")
                throw failure(line, expected: present ? "an event \(name)" : "no event \(name)",
                              actual: present ? "none; latest: \(recent.isEmpty ? "no events" : recent)" : "\(name) was logged")
            }
        case .invalidProducts(let expected):
            guard let response = app.paywall.productsResponse else {
                throw failure(line, expected: "a products request answered",
                              actual: "none was (the \(app.paywall.path.displayName) path needs none, or it failed)")
            }
            let actual = response.invalidProductIdentifiers
            guard Set(actual) == Set(expected) else {
                throw failure(line, expected: expected.isEmpty ? "none" : expected.joined(separator: " "),
                              actual: actual.isEmpty ? "none" : actual.joined(separator: " "))
            }
        case .historyAgrees, .historyEntitlement, .historySays, .notification:
            break
        }
    }

    func find(_ reference: TransactionReference, in snapshot: StoreSnapshot, _ line: ScenarioLine) throws -> TransactionSummary {
        switch reference {
        case .last:
            guard let last = snapshot.transactions.first else {
                throw failure(line, expected: "a transaction", actual: "no transactions")
            }
            return last
        case .id(let id):
            guard let found = snapshot.transactions.first(where: { $0.id == id }) else {
                throw failure(line, expected: "transaction \(id)",
                              actual: "no such transaction for this user; latest: \(snapshot.transactions.first?.id ?? "none")")
            }
            return found
        }
    }

    /// For a subscription command: `last` is the newest transaction that pays for a running
    /// subscription (a later consumable does not count); an id is any transaction of one.
    func findSubscription(_ reference: TransactionReference, in snapshot: StoreSnapshot,
                          _ line: ScenarioLine) throws -> TransactionSummary {
        guard case .last = reference else { return try find(reference, in: snapshot, line) }
        guard let latest = snapshot.transactions.first(where: { $0.subscription?.isLive == true }) else {
            let ended = snapshot.subscriptions.last.map { "the last one is \($0.status.rawValue)" } ?? "none was bought"
            throw failure(line, expected: "a running subscription", actual: ended)
        }
        return latest
    }

    /// Text as a person compares it: the no-break spaces of formatted prices (`1,09 €`) are
    /// plain spaces.
    static func plain(_ text: String) -> String {
        String(text.map { $0 == "\u{00A0}" || $0 == "\u{202F}" ? " " : $0 })
    }
}
