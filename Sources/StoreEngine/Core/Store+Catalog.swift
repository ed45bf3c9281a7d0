import Catalog
import Foundation

// A saved catalog file, taken whole while the app runs (the designer's loop: edit, look, edit).
// The ledger keeps everything it holds: what was bought stays bought, whatever the new catalog
// sells; only what is read from the catalog from now on changes.
extension Store {
    /// Replaces the catalog with `newCatalog`, loaded from `file`, in one call. What the
    /// command line or QA chose over the old catalog's settings (a network, a project id, a
    /// path's server's behaviour) is kept; what still was the old catalog's follows the new one.
    /// A purchase under way for a product the new catalog no longer sells is cancelled, as if
    /// the player had cancelled it: nothing is charged. One `catalog.reloaded` event says what
    /// changed.
    public func replaceCatalog(with newCatalog: ProductCatalog, from file: String) throws(StoreError) -> StoreReport {
        let old = catalog
        // Replaced before anything is written: should the event fail to commit (a full disk),
        // the engine still sells what the app now shows.
        catalog = newCatalog
        if conditions.network == old.settings.network { conditions.network = newCatalog.settings.network }
        if conditions.projectId == old.settings.projectId { conditions.projectId = newCatalog.settings.projectId }
        let outboxChanged = takeOutboxSettings(from: newCatalog, replacing: old)
        for path in paths { path.sdkState?.catalogReplaced(old, by: newCatalog) }
        let changes = CatalogChanges(from: old, to: newCatalog)
        return try takeCall {
            // The account names levels and groups from the catalog: read once more with this one.
            account = try Account(reading: ledger, user: userId, catalog: newCatalog)
            account.renewalRate = renewalRate
            try log(.catalogReloaded, "\(file): \(changes.summary)", nil, now())
            if outboxChanged { try scheduleNotifications() }
            return try cancelPurchaseLeavingTheCatalog() ?? StoreNotice(.info, "Reloaded \(file): \(changes.summary).")
        }
    }

    /// The catalog's notification URLs, Xsolla's secret key and webhook mode, Google Play's push
    /// audience, each where the
    /// outbox still has the old catalog's (an option or `W` that chose otherwise keeps its
    /// choice); whether anything changed.
    private func takeOutboxSettings(from newCatalog: ProductCatalog, replacing old: ProductCatalog) -> Bool {
        var settings = outbox
        let (was, now) = (old.settings.notifications, newCatalog.settings.notifications)
        for store in [Marketplace.appStore, .googlePlay, .xsolla] where settings.urls[store] == was.urls[store] {
            settings.urls[store] = now.urls[store]
        }
        if settings.xsollaSecretKey == was.xsollaSecretKey { settings.xsollaSecretKey = now.xsollaSecretKey }
        if settings.pushAudience == was.playAudience { settings.pushAudience = now.playAudience }
        settings.takeWebhookMode(of: newCatalog, replacing: old)
        guard settings != outbox else { return false }
        outbox = settings
        return true
    }

    /// Whether `productId` is still sold: in the catalog, and available.
    private func isSold(_ productId: String) -> Bool {
        catalog.product(id: productId)?.status == .available
    }

    /// The sheet of a purchase under way for a product the catalog no longer sells closes, as
    /// the player would close it (its path says how). A purchase already paid (processing or
    /// done) is the player's: its sheet stays.
    private func cancelPurchaseLeavingTheCatalog() throws -> StoreNotice? {
        guard let sheet = purchaseUnderWay, !isSold(sheet.productId) else { return nil }
        guard let owner = path(sheet.path).purchaseSheet,
              let step = try decide({ try owner.cancelPurchaseUnderWay(in: context) }) else {
            return nil
        }
        _ = try apply(step)
        // A page left showing how its purchase ended goes too: there is nothing more to read on it.
        if sheetOnScreen?.transactionId == sheet.transactionId { try decide { try owner.closeEndedSheet(in: context) } }
        return StoreNotice(.info, "\(sheet.productName) left the catalog: its purchase was cancelled, nothing was charged.")
    }

    /// A saved file that did not load, or a theme that did: its lines go to the Events pane
    /// (the whole lint output of a broken file, one event a line), and nothing else changes.
    public func note(_ note: OutsideNote) throws(StoreError) -> StoreReport {
        try takeCall {
            for line in note.lines.prefix(OutsideNote.mostLines) { try log(note.kind, line, nil, now()) }
            if note.lines.count > OutsideNote.mostLines {
                try log(note.kind, "… and \(note.lines.count - OutsideNote.mostLines) more: storefront lint shows them all", nil, now())
            }
            return nil
        }
    }
}

/// What the Events pane keeps of what happens outside the engine: a saved catalog that did not
/// load (`catalog.rejected`), a theme that did (`theme.reloaded`) or did not (`theme.rejected`),
/// a call a backend made to the stores' APIs (`api.call`).
public struct OutsideNote: Sendable, Equatable {
    public var kind: EventKind
    public var lines: [String]

    /// Lines logged of one save at most; a file broken everywhere says so in the last.
    static let mostLines = 50

    public init(_ kind: EventKind, lines: [String]) {
        self.kind = kind
        self.lines = lines
    }
}
