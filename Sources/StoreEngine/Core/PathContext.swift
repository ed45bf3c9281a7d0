import Catalog
import Foundation
import Ledger

/// What the engine lets a path know and do, and nothing more: the catalog, the player and the
/// simulated time it decides on; the Events pane (`log`) and its own tables (`records`); and,
/// each behind a name of its own, what it knows of the
/// player's account (`account`, read only), what it may do to a purchase (`purchases`: open,
/// settle, leave pending, refund; never grant or finish, which only the engine's completion
/// does), the work it keeps on the clock (`agenda`), the app around it (`app`), its own
/// settings (`settings`) and the engine's seeded chance (`chance`). What only one path asks of
/// it is an extension in that path's folder, made of these members.
///
/// A path never commits: the store asks it to decide inside one commit of its own
/// (`Store.decide`), so whatever a path writes in a call is committed together or not at all;
/// writing outside one is a mistake the debug build stops at.
struct PathContext {
    /// Private: through the store a path could grant or finish, which only the completion does.
    private unowned let store: Store

    init(store: Store) {
        self.store = store
    }

    var catalog: ProductCatalog { store.catalog }
    var userId: String { store.userId }
    /// Simulated time, from the engine's clock.
    var now: Date { store.now() }

    func log(_ kind: EventKind, _ message: String, transaction id: String? = nil) throws {
        assert(store.ledger.isInTransaction, "a path writes only inside the commit the store opened for it")
        try store.log(kind, message, id, now)
        // What the path logs of a purchase may be what its store's server posts.
        if let id { try store.postBackendNotification(of: kind, transaction: id) }
    }

    /// Changes what the path keeps in memory (a sheet shown or gone) once its decision is
    /// committed, at once when no commit is open: memory follows the ledger, never ahead of it,
    /// so a commit that fails, even at its very end, leaves the sheet as the ledger has it.
    func onceCommitted(_ change: @escaping () -> Void) {
        store.ledger.whenCommitted(change)
    }

    /// The path's own tables in the ledger, through the type the path declares for them: the
    /// one place a path's code holds the ledger, so what it keeps there is read in one file.
    func records<Records: PathRecords>(_ type: Records.Type = Records.self) -> Records {
        // Read outside a commit too (the report reads a path's rows), but written only inside one.
        Records(ledger: store.ledger, now: now)
    }

    /// What the player holds and has bought, as the engine keeps it: read only.
    var account: AccountView { AccountView(store: store) }
    /// What the path may do to a purchase.
    var purchases: PathPurchases { PathPurchases(store: store) }
    /// The path's work on the clock.
    var agenda: PathAgenda { PathAgenda(store: store) }
    /// The app around the path: what its screen shows, how the SDK was started.
    var app: AppConditions { AppConditions(store: store) }
    /// The path's own settings, kept in the ledger.
    var settings: PathSettings { PathSettings(store: store) }
    /// Chance from the engine's generator (seeded in tests and scenarios).
    var chance: PathChance { PathChance(store: store) }
}

/// How a payment ended, as a path reports it.
enum PaymentOutcome {
    /// Paid at that time (nil: now). A subscription's period starts then, even when the
    /// outcome is settled later (a redirect after its countdown, a launch after a crash).
    case paid(at: Date?)
    case declined(reason: String)
    /// The player closed the payment before paying.
    case cancelled
    /// The app went away before the payment had an outcome.
    case interrupted
    /// Failed in the path's own words: the reason recorded, the event's text, what the player is told.
    case failed(FailureReason, event: String, notice: StoreNotice)
}

/// A path's own tables in the ledger (a page's records, its server's profile), declared in the
/// path's folder: made by `PathContext.records(_:)` with the ledger and the simulated time.
/// It holds the ledger, so it makes only the calls on the path's own tables; the engine's
/// tables (transactions, grants) are the completion's.
protocol PathRecords {
    init(ledger: LedgerDatabase, now: Date)
}

/// A transaction's final state, recorded. `purchased` still needs the engine's completion
/// (validate, grant, finish); `concluded` is done and says what to tell the player.
enum Settlement {
    case purchased(transactionId: String)
    case concluded(StoreNotice)
}
