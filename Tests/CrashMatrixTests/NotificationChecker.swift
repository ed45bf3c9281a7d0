import Foundation
import Ledger

/// The promises a kill must not break for the stores' notifications, checked on the ledgers and
/// on what the receiver got: each one written is delivered at least once, only where its store
/// posts, and nothing reaches the backend that no row says was sent. Each broken one is a
/// sentence naming the store, type, id and URL.
enum NotificationChecker {
    /// `urls`: where each store (the ledger's name) was told to post this trial; a store left out
    /// had none. `received`: the trial's posts, as the receiver logged them.
    static func problems(killed: LedgerState, settled: LedgerState, received: [ReceivedPost],
                         urls: [String: String]) -> [String] {
        written(settled.notifications, urls: urls)
            + paid(settled, urls: urls)
            + kept(killed: killed.notifications, settled: settled.notifications)
            + delivered(settled.notifications, received: received)
            + posts(received, rows: settled.notifications, urls: urls)
    }

    static func describe(_ row: NotificationRecord) -> String {
        "\(row.store) \([row.type, row.subtype].compactMap { $0 }.joined(separator: " ")) \(row.uuid)"
            + (row.transactionId.map { " of \($0)" } ?? "") + " to \(row.url)"
    }

    /// Written only for a store with a URL, for that URL, and once: a second row of the same
    /// type for the same transaction would be a second notification of one change.
    static func written(_ rows: [NotificationRecord], urls: [String: String]) -> [String] {
        var problems: [String] = []
        var seen: Set<[String]> = []
        for row in rows {
            if let url = urls[row.store] {
                if row.url != url { problems.append("notification \(describe(row)) was written, but \(row.store) posts to \(url)") }
            } else {
                problems.append("notification \(describe(row)) was written, but \(row.store) had no URL")
            }
            let what = [row.store, row.type, row.subtype ?? "", row.transactionId ?? row.uuid]
            if !seen.insert(what).inserted {
                problems.append("notification \(describe(row)) was written twice (another row has its type and transaction)")
            }
        }
        return problems
    }

    /// The store each path sells through (the ledger's names of both).
    static let storeOfPath = Dictionary(uniqueKeysWithValues: CrashCase.Path.allCases.map { ($0.rawValue, $0.store) })

    /// Every paid transaction of a store with a URL has a notification: one the relaunch
    /// finished posts as one finished before the kill does.
    static func paid(_ settled: LedgerState, urls: [String: String]) -> [String] {
        let notified = Set(settled.notifications.compactMap(\.transactionId))
        return settled.transactions.compactMap { transaction in
            guard [.purchased, .restored].contains(transaction.state), let store = storeOfPath[transaction.integrationPath],
                  let url = urls[store], !notified.contains(transaction.id) else { return nil }
            return "\(transaction.id) (\(transaction.integrationPath)) is \(transaction.state.rawValue), but \(store) wrote no notification of it for \(url)"
        }
    }

    /// What the kill left in the outbox is still there after the relaunch, the same request.
    static func kept(killed: [NotificationRecord], settled: [NotificationRecord]) -> [String] {
        let settledByUUID = Dictionary(settled.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        return killed.compactMap { row in
            guard let after = settledByUUID[row.uuid] else {
                return "notification \(describe(row)), in the outbox at the kill, is gone after the relaunch"
            }
            return after.body == row.body && after.url == row.url
                ? nil : "notification \(describe(row)) changed its body or URL across the relaunch"
        }
    }

    /// Every row is delivered, and the receiver got each delivered row's id on its store's path.
    static func delivered(_ rows: [NotificationRecord], received: [ReceivedPost]) -> [String] {
        var problems: [String] = []
        for row in rows {
            guard row.deliveredAt != nil else {
                let state = row.nextAttemptAt.map { "still pending (next attempt \($0))" } ?? "given up"
                problems.append("notification \(describe(row)) is not delivered after the relaunch: \(state)")
                continue
            }
            let key = NotificationKey.of(row)
            let path = URL(string: row.url)?.path
            if key == nil || !received.contains(where: { $0.store == row.store && $0.id == key && $0.path == path }) {
                problems.append("notification \(describe(row)) is delivered, but the receiver never got \(key ?? "its id") at \(path ?? row.url)")
            }
        }
        return problems
    }

    /// Every post went to the path of the store whose body it carried, and is a row's.
    static func posts(_ received: [ReceivedPost], rows: [NotificationRecord], urls: [String: String]) -> [String] {
        let keys = Set(rows.compactMap { row in NotificationKey.of(row).map { [row.store, $0] } })
        return received.compactMap { post in
            guard let store = post.store, let id = post.id else {
                return "the receiver got a post at \(post.path) it could not read: \(post.error ?? "no store's shape")"
            }
            guard let url = urls[store] else { return "\(store) posted \(id) to \(post.path), but it had no URL" }
            if URL(string: url)?.path != post.path {
                return "\(store) notification \(id) went to \(post.path), not \(url)"
            }
            return keys.contains([store, id]) ? nil : "\(store) notification \(id) reached \(post.path), but no row of the ledger is it"
        }
    }
}
