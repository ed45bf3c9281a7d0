import Catalog
import Foundation

/// What falls due on the simulated clock, in order: a Pay Station redirect after its countdown
/// now; renewals, grace periods and notification delays later. Each item happens at its own
/// calendar time, so `advance 7d` runs them one by one in the order they were due.
///
/// The engine keeps a path's items in the ledger too (`Store.schedule`), written in the commit
/// of the change that schedules them and deleted in the commit that performs them; this is the
/// copy in memory, read back from the ledger at launch and after a failed call. A subscription's
/// steps are not kept twice: they follow from its ledger row (`Store.scheduleSubscriptions`).
struct Agenda {
    struct Item: Equatable {
        var due: Date
        var action: DueAction
        /// The ledger row that keeps it; nil for the engine's own steps, derived from other rows.
        var ledgerId: Int64?
        /// Ties keep the order things were scheduled in.
        fileprivate var sequence: Int
    }

    private(set) var items: [Item] = []
    private var nextSequence = 0

    mutating func schedule(_ action: DueAction, at due: Date, ledgerId: Int64? = nil) {
        let item = Item(due: due, action: action, ledgerId: ledgerId, sequence: nextSequence)
        nextSequence += 1
        // Kept sorted by insertion where it belongs: most items go to the end.
        let index = items.lastIndex { ($0.due, $0.sequence) <= (item.due, item.sequence) }.map { $0 + 1 } ?? 0
        items.insert(item, at: index)
    }

    /// Takes out every item `matches` picks; returns them, so their ledger rows can go too.
    @discardableResult
    mutating func cancel(where matches: (DueAction) -> Bool) -> [Item] {
        let cancelled = items.filter { matches($0.action) }
        items.removeAll { matches($0.action) }
        return cancelled
    }

    /// The earliest due date, if anything is scheduled.
    var nextDue: Date? { items.first?.due }

    /// Takes the earliest item if it is due at `now`.
    mutating func takeFirst(dueBy now: Date) -> Item? {
        guard let first = items.first, first.due <= now else { return nil }
        items.removeFirst()
        return first
    }

    func due(of matches: (DueAction) -> Bool) -> Date? {
        items.first { matches($0.action) }?.due
    }
}

/// Something a path asked to have done later on the clock.
enum DueAction: Equatable {
    /// Pay Station sends the player back with the redirect for this invoice.
    case payStationRedirect(invoiceId: String)
    /// Pay Station's page has loaded after a cold start.
    case payStationLoaded(invoiceId: String)
    /// A payment Pay Station was still processing (`delivering`) is done.
    case payStationDelivered(invoiceId: String)
    /// The server notification for a Xee purchase reaches the Xee server.
    case xeeNotification(transactionId: String)
    /// The app polls the Xee profile for the access a purchase should bring.
    case xeeProfilePoll(transactionId: String, poll: Int)
    /// A subscription's next step on the calendar: a renewal, an expiry, grace ending, retry
    /// running out. The engine's own, on every path.
    case subscriptionDue(originalTransactionId: String)
    /// A change to an App Store purchase (a renewal, a refund…) reaches the Xee server by
    /// notification.
    case xeeLifecycleNotification(transactionId: String, change: Store.SubscriptionChange)

    /// The path that asked for it, and performs it; nil for the engine's own.
    var path: IntegrationPath? {
        switch self {
        case .payStationRedirect, .payStationLoaded, .payStationDelivered: return .paystation
        case .xeeNotification, .xeeProfilePoll, .xeeLifecycleNotification: return .xee
        case .subscriptionDue: return nil
        }
    }
}
