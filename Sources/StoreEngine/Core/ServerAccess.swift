import Catalog
import Foundation

/// An access level a path's own server holds on the player's profile, rather than one the app
/// granted itself: the server's word, which the account merges into the Entitlements. The path
/// reads and writes its own rows for it (`PurchasePath`'s server, through `PathContext`); the
/// engine keeps these values without knowing which server they came from.
struct ServerAccess: Sendable, Equatable {
    var level: String
    /// The purchase that gives it.
    var transactionId: String?
    /// Nil for a lifetime level.
    var expiresAt: Date?
    var willRenew: Bool
    /// Where the last change came from, in the server's own word, as its rows keep it.
    var source: String
    /// The same in the Entitlements pane's words (`verified with Apple`); nil when it has none.
    var shownSource: String?
    var updatedAt: Date
    /// The path whose server holds it.
    var path: IntegrationPath

    /// The store whose purchases the server hears of: its path's.
    var store: Marketplace { path.marketplace }
}
