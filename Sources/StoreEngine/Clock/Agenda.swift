import Catalog
import Foundation

/// What falls due on the simulated clock, in order: a path's work (a redirect after its
/// countdown, a server's notification) and the subscriptions' renewals and grace periods. Each
/// item happens at its own calendar time, so `advance 7d` runs them one by one in the order they
/// were due (ties in the order they were scheduled).
///
/// The engine keeps a path's items in the ledger too (`Store.schedule`, when the work says it
/// is kept), written in the commit of the change that schedules them and deleted in the commit
/// that performs them; this is the copy in memory, read back from the ledger at launch and after
/// a failed call. A subscription's steps are not kept twice: they follow from its ledger row
/// (`Store.scheduleSubscriptions`).
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

/// Something that falls due on the clock: a path's own work, which goes back to that path, or
/// the engine's own step of a subscription. The agenda orders them; it never looks inside a
/// path's work.
enum DueAction: Equatable {
    /// Work a path scheduled (`PathContext.agenda.schedule`), of the path's own type.
    case work(ScheduledWork)
    /// A subscription's next step on the calendar: a renewal, an expiry, grace ending, retry
    /// running out. The engine's own, on every path.
    case subscriptionDue(originalTransactionId: String)
    /// An outbox row's next attempt: handed to the host to post (`StoreReport.deliveries`).
    case notificationDue(id: Int64)

    /// The path that asked for it, and performs it; nil for the engine's own.
    var path: IntegrationPath? {
        switch self {
        case .work(let scheduled): return scheduled.performer
        case .subscriptionDue, .notificationDue: return nil
        }
    }

    /// A path's work, of that path's type; nil for the engine's own steps and other paths'.
    /// The path wrote what it reads back, so a payload of its own that does not read is a
    /// mistake of the path's, and stops here.
    func work<Work: DueWork>(as type: Work.Type) -> Work? {
        guard case .work(let scheduled) = self else { return nil }
        do {
            return try scheduled.work(as: type)
        } catch {
            preconditionFailure("\(Work.performer.rawValue) cannot read back its own work: \(error)")
        }
    }
}
