import Catalog
import Foundation

/// What Pay Station shows for one session, handed up read-only: the session as the engine has
/// it, the redirect countdown when one runs, and the words around it.
public struct PayStationPage: Sendable, Equatable {
    public let session: PayStationSession
    /// When Pay Station sends the player back (simulated time), while it counts down.
    public let redirectDue: Date?
    /// The manual button that redirects at once (`Back to the game`).
    public let returnButtonCaption: String
    /// The app the redirect returns to.
    public let appName: String
    /// The URL Pay Station sends the player back with, once it is on its way: shown for an
    /// external browser, so a presenter can deliver it by hand with `storefront open-url`.
    public let redirectURL: String?
    /// The sandbox test cards listed beside the form.
    public var testCards: [TestCard] { TestCard.all }

    /// The catalog's Pay Station look: light or dark, small, medium or large.
    public let theme: PayStationSettings.Theme
    public let size: PayStationSettings.Size

    public init(session: PayStationSession, redirectDue: Date? = nil, redirectURL: String? = nil,
                returnButtonCaption: String = "Back to the game", appName: String,
                theme: PayStationSettings.Theme = .dark, size: PayStationSettings.Size = .medium) {
        self.theme = theme
        self.size = size
        self.session = session
        self.redirectDue = redirectDue
        self.redirectURL = redirectURL
        self.returnButtonCaption = returnButtonCaption
        self.appName = appName
    }
}
