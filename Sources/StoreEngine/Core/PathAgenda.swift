import Foundation

/// A path's work on the engine's clock (`PathContext.agenda`): scheduled in the commit that
/// asks for it, cancelled, looked up; and how long periods, grace and billing retry last now.
struct PathAgenda {
    unowned let store: Store

    /// How long periods, grace and billing retry last now.
    var renewalRate: RenewalRate { store.renewalRate }

    /// Schedules work for later, kept in the ledger when the work says it is kept, in the commit
    /// of the decision that asks for it, so a crash cannot keep one without the other.
    func schedule(_ work: some DueWork, at due: Date) throws {
        assert(store.ledger.isInTransaction, "a path writes only inside the commit the store opened for it")
        try store.schedule(work, at: due)
    }

    /// Schedules work for `player`, another player of the ledger (a family member): kept for
    /// their app, which does it when it next runs, or when it falls due after; never on this
    /// player's agenda. Work for this player is scheduled as any.
    func schedule(_ work: some DueWork, at due: Date, forPlayer player: String) throws {
        assert(store.ledger.isInTransaction, "a path writes only inside the commit the store opened for it")
        guard player != store.userId else { return try store.schedule(work, at: due) }
        try store.keep(work, at: due, forPlayer: player)
    }

    func cancelScheduled<Work: DueWork>(_ work: Work) throws {
        try store.cancelScheduled { $0.work(as: Work.self) == work }
    }

    /// Cancels every scheduled work of `Work`'s type that `matches` picks.
    func cancelScheduled<Work: DueWork>(_ type: Work.Type, where matches: (Work) -> Bool) throws {
        try store.cancelScheduled { $0.work(as: type).map(matches) ?? false }
    }

    /// The work of `Work`'s type on the agenda now, earliest first.
    func scheduled<Work: DueWork>(_ type: Work.Type) -> [Work] {
        store.agenda.items.compactMap { $0.action.work(as: type) }
    }

    /// When `work` is due, if it is scheduled.
    func due<Work: DueWork>(of work: Work) -> Date? {
        store.agenda.due { $0.work(as: Work.self) == work }
    }
}
