import Catalog
import Foundation

// The paths' sheets as the app sees them: one case per sheet, its value the path's own
// read-only view model, and one case per sheet's input. Kept beside the registry because the
// app switches over them in full to draw each sheet and route its keys (one view per sheet in
// TerminalUI/Sheets): a sheet the app could only downcast to would let a new path's sheet go
// undrawn without a word from the compiler. Adding a path with a sheet adds its case here.

/// The sheet a path shows while a purchase waits on the player, as a read-only value: the UI
/// draws it and sends `PathInput` back; the session itself stays in the engine.
public enum PurchaseSheet: Sendable, Equatable {
    case payStation(PayStationPage)
    /// The App Store purchase sheet.
    case storeKit(StoreKitSession)
    /// Google Play's purchase sheet.
    case play(PlaySession)
    /// The sheet of a path the app has no view of its own for, as that path describes it.
    case described(DescribedSheet)

    public var path: IntegrationPath {
        switch self {
        case .payStation: return .paystation
        case .storeKit(let session): return session.path
        case .play: return .play
        case .described(let sheet): return sheet.path
        }
    }

    /// The purchase the sheet is for, and the product's name on it.
    public var transactionId: String {
        switch self {
        case .payStation(let page): return page.session.transactionId
        case .storeKit(let session): return session.transactionId
        case .play(let session): return session.transactionId
        case .described(let sheet): return sheet.transactionId
        }
    }

    public var productId: String {
        switch self {
        case .payStation(let page): return page.session.productId
        case .storeKit(let session): return session.productId
        case .play(let session): return session.productId
        case .described(let sheet): return sheet.productId
        }
    }

    public var productName: String {
        switch self {
        case .payStation(let page): return page.session.productName
        case .storeKit(let session): return session.productName
        case .play(let session): return session.productName
        case .described(let sheet): return sheet.productName
        }
    }

    /// What the player sees open, in a sentence: `Pay Station`, `The App Store sheet`.
    var name: String {
        switch self {
        case .payStation: return "Pay Station"
        case .storeKit: return "The App Store sheet"
        case .play: return "Google Play's sheet"
        case .described(let sheet): return sheet.title
        }
    }
}

/// Input for the sheet on screen, in the path's own terms.
public enum PathInput: Sendable, Equatable {
    case payStation(PayStationInput)
    case storeKit(StoreKitInput)
    case play(PlayInput)
    /// The named choice on a described sheet of `path` (`DescribedSheet.Choice.name`).
    case choose(String, on: IntegrationPath)

    /// The path whose sheet takes it.
    public var path: IntegrationPath {
        switch self {
        case .payStation: return .paystation
        case .storeKit: return .storekit
        case .play: return .play
        case .choose(_, let path): return path
        }
    }

    /// Whether it is a key on a sheet (for the sheet on screen) or a call of the app's that the
    /// path it names takes with no sheet open (Play's acknowledge, say).
    public var isForASheet: Bool {
        switch self {
        case .payStation, .choose: return true
        case .storeKit(let input): return input.isForTheSheet
        case .play(let input): return input.isForTheSheet
        }
    }
}

