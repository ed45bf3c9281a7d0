import Foundation
import Ledger

/// What the app decides about Google Play's offers, kept with the ledger so a relaunch keeps
/// it: whether it shows its developer-determined offers (QA's `play developer-offers on|off`),
/// and the replacement mode it passes when it changes a subscription's plan.
struct PlayOfferRecords: PathRecords {
    private let ledger: LedgerDatabase

    init(ledger: LedgerDatabase, now: Date) {
        self.ledger = ledger
    }

    private static let developerOffersSetting = "play.developerOffers"

    /// On unless QA switched them off: a catalog's developer-determined offers are there to be tried.
    func showsDeveloperOffers() throws -> Bool {
        try ledger.setting(Self.developerOffersSetting) != "false"
    }

    func setShowsDeveloperOffers(_ on: Bool) throws {
        try ledger.setSetting(Self.developerOffersSetting, to: on ? "true" : "false")
    }

    private static let replacementModeSetting = "play.replacementMode"

    /// `WITH_TIME_PRORATION`, Google's default, unless QA picked another.
    func replacementMode() throws -> PlayReplacementMode {
        try ledger.setting(Self.replacementModeSetting).flatMap(PlayReplacementMode.init(rawValue:)) ?? .withTimeProration
    }

    func setReplacementMode(_ mode: PlayReplacementMode) throws {
        try ledger.setSetting(Self.replacementModeSetting, to: mode.rawValue)
    }
}
