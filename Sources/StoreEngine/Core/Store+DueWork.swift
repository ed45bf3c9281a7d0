import Catalog
import Foundation
import Ledger

// Due work that outlives the app: a path's scheduled work is written to the ledger in the commit
// of the change that schedules it, deleted in the commit that performs it, and read back at
// launch, so quitting or crashing between the two loses nothing (an Xee notification still
// reaches the server, a payment Pay Station was processing still goes through).
extension Store {
    /// Puts a path's work on the agenda and in the ledger, inside the caller's commit when there is one.
    func schedule(_ action: DueAction, at due: Date) throws {
        var ledgerId: Int64?
        if let owner = action.path, let recorded = action.recorded {
            ledgerId = try ledger.scheduleDueWork(DueWorkRecord(
                userId: userId, path: owner.rawValue, kind: recorded.kind, payload: DueAction.encode(recorded.fields),
                dueAt: due))
        }
        agenda.schedule(action, at: due, ledgerId: ledgerId)
    }

    /// Takes work off the agenda and out of the ledger.
    func cancelScheduled(where matches: (DueAction) -> Bool) throws {
        for item in agenda.cancel(where: matches) {
            if let id = item.ledgerId { try ledger.removeDueWork(id: id) }
        }
    }

    /// The agenda as the ledger has it: the paths' kept work, and every running subscription's
    /// next step from its row; what is never kept (Pay Station's page: its loading, its
    /// countdown) stays as it is in memory. Work of a kind this build does not know stays in
    /// the ledger.
    func reloadAgenda() throws {
        var reloaded = Agenda()
        for item in agenda.items where item.ledgerId == nil && item.action.path != nil {
            reloaded.schedule(item.action, at: item.due)
        }
        for row in try ledger.dueWork(user: userId) {
            guard let path = IntegrationPath(rawValue: row.path), let fields = DueAction.decode(row.payload),
                  let action = DueAction(path: path, kind: row.kind, fields: fields) else { continue }
            reloaded.schedule(action, at: row.dueAt, ledgerId: row.id)
        }
        agenda = reloaded
        scheduleSubscriptions()
    }

    /// A durable step is reached once its commit is on disk (crash tests kill the process here).
    func reached(_ step: StoreCheckpoint) {
        let hook = checkpoint
        ledger.whenCommitted { hook(step) }
    }
}
