import Catalog
import Foundation
import Ledger

// Due work that outlives the app: a path's scheduled work is written to the ledger in the commit
// of the change that schedules it, deleted in the commit that performs it, and read back at
// launch, so quitting or crashing between the two loses nothing. The engine keeps each row as
// the path's kind and fields and hands it back to the path it names, which reads it.
extension Store {
    /// Puts a path's work on the agenda and, when the work is kept, in the ledger, inside the
    /// caller's commit when there is one.
    func schedule(_ work: some DueWork, at due: Date) throws {
        let scheduled = ScheduledWork(work)
        var ledgerId: Int64?
        if let kept = work.kept {
            ledgerId = try ledger.scheduleDueWork(DueWorkRecord(
                userId: userId, path: scheduled.performer.rawValue, kind: kept.kind, payload: try kept.encodedFields(),
                dueAt: due))
        }
        upcoming.agenda.schedule(.work(scheduled), at: due, ledgerId: ledgerId)
    }

    /// Keeps work of another player's in the ledger, for their agenda at their next launch;
    /// work that is never kept has nowhere to wait for them, and is dropped.
    func keep(_ work: some DueWork, at due: Date, forPlayer player: String) throws {
        guard let kept = work.kept else { return }
        _ = try ledger.scheduleDueWork(DueWorkRecord(
            userId: player, path: ScheduledWork(work).performer.rawValue, kind: kept.kind, payload: try kept.encodedFields(),
            dueAt: due))
    }

    /// Takes work off the agenda and out of the ledger.
    func cancelScheduled(where matches: (DueAction) -> Bool) throws {
        for item in upcoming.agenda.cancel(where: matches) {
            if let id = item.ledgerId { try ledger.removeDueWork(id: id) }
        }
    }

    /// The agenda as the ledger has it: the paths' kept work, and every running subscription's
    /// next step from its row; what is never kept (Pay Station's page: its loading, its
    /// countdown) stays as it is in memory.
    ///
    /// A row its path cannot read (a kind a later build wrote, fields gone wrong) stays in the
    /// ledger, where a build that knows it finds it again, and is not on the agenda; the Events
    /// pane says so once a run (`ledger.unreadable`), so the work is never lost in silence.
    func reloadAgenda() throws {
        var reloaded = Agenda()
        for item in upcoming.agenda.items where item.ledgerId == nil && item.action.path != nil {
            reloaded.schedule(item.action, at: item.due)
        }
        for row in try ledger.dueWork(user: userId) {
            do {
                reloaded.schedule(.work(try dueWork(readingBack: row)), at: row.dueAt, ledgerId: row.id)
            } catch {
                guard let id = row.id, !upcoming.unreadable.contains(id) else { continue }
                try log(.ledgerUnreadable, "due work \(id) of \(row.path) (\(row.kind), due \(EventDate.string(from: row.dueAt))) "
                        + "could not be read: \(error); it stays in the ledger and is not done", nil, now())
                upcoming.unreadable.insert(id)
            }
        }
        upcoming.agenda = reloaded
        scheduleSubscriptions()
        try scheduleNotifications()
    }

    /// A kept row, read back by the path it names.
    func dueWork(readingBack row: DueWorkRecord) throws -> ScheduledWork {
        guard let owner = paths.first(where: { $0.id.rawValue == row.path }) else {
            throw DueWorkPayloadError.unknownPath(row.path)
        }
        return try owner.scheduledWork(readingBack: DueWorkPayload(kind: row.kind, encodedFields: row.payload))
    }

    /// A durable step is reached once its commit is on disk (crash tests kill the process here).
    func reached(_ step: StoreCheckpoint) {
        let hook = checkpoint
        ledger.whenCommitted { hook(step) }
    }
}
