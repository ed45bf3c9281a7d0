import StoreEngine
import TerminalUI

/// The purchase sheet waiting on the player, and the Xee path's wait for access after a
/// purchase: the engine's, read-only, as its last report gave them. The sheet's own update turns
/// the keys the keymap leaves it, a paste and the clicks it takes into its path's input for the
/// engine; what they mean is decided there.
public struct Sheets: Sendable, Equatable {
    public private(set) var shown: PurchaseSheet?
    /// The store's own sheet (a refund request), which a store's call opened.
    public private(set) var storeSheet: StoreSheet?
    /// While the app polls the Xee profile for a purchase's access.
    public private(set) var accessWait: AccessWait?

    public enum Action: Sendable {
        /// The engine's report: its sheets and access wait replace these.
        case reported(PurchaseSheet?, storeSheet: StoreSheet? = nil, accessWait: AccessWait?)
        /// A key on the sheet, in front of an `audience` or QA, the storefront written `direction`.
        case key(Key, audience: Bool, direction: WritingDirection)
        /// Characters that came in one burst: one input for Pay Station's field.
        case paste(String)
        /// A press at (x, y) of `screen`; the sheet lies clear of the `boxes` beneath.
        case click(x: Int, y: Int, screen: Rect, audience: Bool, direction: WritingDirection, clearOf: [Rect])
        /// A script answers the App Store sheet directly, as QA's row would.
        case answerStoreKit(StoreKitInput)
        /// A script's call on the Google Play path: an answer to its sheet, or a call without one.
        case answerPlay(PlayInput)
        /// A script answers the store's own sheet.
        case answerStoreSheet(StoreSheetInput)
    }

    public init(_ sheet: PurchaseSheet? = nil) {
        shown = sheet
    }

    /// Whether the sheet on screen takes clicks: the App Store's and Google Play's buttons.
    var takesClicks: Bool {
        switch shown {
        case .storeKit?, .play?: return true
        case .payStation?, .described?, nil: return false
        }
    }

    /// Whether a paste goes to the sheet as one input: Pay Station's fields take it.
    var takesPastes: Bool {
        if case .payStation? = shown { return true }
        if shown == nil, case .offerCode? = storeSheet { return true }
        return false
    }

    mutating func update(_ action: Action) -> [Effect] {
        switch action {
        case .reported(let sheet, let store, let wait):
            shown = sheet
            storeSheet = store
            accessWait = wait
            return []
        case .key(let key, let audience, let direction):
            return input(for: key, audience: audience, direction: direction)
        case .paste(let text):
            guard takesPastes else { return [] }
            if shown == nil, storeSheet != nil { return [.engine(.answerStoreSheet(.type(text)))] }
            return [.engine(.send(.payStation(.paste(text))))]
        case .click(let x, let y, let screen, let audience, let direction, let boxes):
            switch shown {
            case .storeKit(let session)?:
                // Each button is hit where it was drawn: a mirrored sheet's own mirrored, QA's row not.
                return StoreKitSheet.input(atX: x, y: y, for: session, in: screen, audience: audience, direction: direction,
                                           clearOf: boxes).map { [.engine(.send(.storeKit($0)))] } ?? []
            case .play(let session)?:
                return PlaySheet.input(atX: x, y: y, for: session, in: screen, direction: direction, clearOf: boxes)
                    .map { [.engine(.send(.play($0)))] } ?? []
            case .payStation?, .described?, nil:
                return []
            }
        case .answerStoreKit(let input):
            guard case .storeKit? = shown else { return [] }
            return [.engine(.send(.storeKit(input)))]
        case .answerPlay(let input):
            if input.isForTheSheet { guard case .play? = shown else { return [] } }
            return [.engine(.send(.play(input)))]
        case .answerStoreSheet(let input):
            guard storeSheet != nil else { return [] }
            return [.engine(.answerStoreSheet(input))]
        }
    }

    private func input(for key: Key, audience: Bool, direction: WritingDirection) -> [Effect] {
        if shown == nil, let storeSheet {
            return StoreOwnSheet.input(for: key, on: storeSheet).map { [.engine(.answerStoreSheet($0))] } ?? []
        }
        switch shown {
        case .payStation?:
            return PayStationSheet.input(for: key).map { [.engine(.send(.payStation($0)))] } ?? []
        case .storeKit(let session)?:
            return StoreKitSheet.input(for: key, on: session, audience: audience, mirrored: direction == .rightToLeft)
                .map { [.engine(.send(.storeKit($0)))] } ?? []
        case .play?:
            return PlaySheet.input(for: key, audience: audience).map { [.engine(.send(.play($0)))] } ?? []
        case .described(let sheet)?:
            // A path with no view of its own: a letter its sheet lists sends that choice.
            guard case .character(let letter) = key, let choice = sheet.choice(on: letter) else { return [] }
            return [.engine(.send(.choose(choice.name, on: sheet.path)))]
        case nil:
            return []
        }
    }
}
