import Foundation

// Pay Station's own callbacks, as the SDK names them, declared by the path that logs them.
extension EventKind {
    public static let payStationWillOpen = EventKind(rawValue: "paystation.willOpen")
    public static let payStationOpened = EventKind(rawValue: "paystation.opened")
    public static let payStationOpenedExternally = EventKind(rawValue: "paystation.openedExternally")
    public static let payStationLoaded = EventKind(rawValue: "paystation.loaded")
    public static let payStationWillClose = EventKind(rawValue: "paystation.willClose")
    public static let payStationClosed = EventKind(rawValue: "paystation.closed")
    /// Pay Station warmed up at launch, so no page waits for a cold start.
    public static let payStationPrewarmed = EventKind(rawValue: "paystation.prewarmed")
    /// Paid; Pay Station is still processing (status `delivering`).
    public static let payStationDelivering = EventKind(rawValue: "paystation.delivering")
    public static let payStationPaid = EventKind(rawValue: "paystation.paid")
    public static let payStationDeclined = EventKind(rawValue: "paystation.declined")
    /// A wrong 3-D Secure code: the page asks again while tries are left.
    public static let payStationWrongCode = EventKind(rawValue: "paystation.wrongCode")
    /// Webhook mode: the game's server refused the player (`user_validation`); nothing is charged.
    public static let payStationUserRefused = EventKind(rawValue: "paystation.userRefused")
    /// Webhook mode: paid, but the game's server has not taken the `payment` webhook (status
    /// `troubled`): the purchase waits for Xsolla's retries.
    public static let payStationTroubled = EventKind(rawValue: "paystation.troubled")
}

extension PayStationPath {
    /// Payments go to Xsolla, and the paywall sells only what the products request returned.
    static var traits: PathTraits {
        PathTraits(id: .paystation, marketplace: .xsolla, sellsOnlyRequestedProducts: true)
    }

    static var eventKinds: PathEventKinds {
        PathEventKinds(
            sdkCalls: [
                .payStationWillOpen, .payStationOpened, .payStationOpenedExternally, .payStationLoaded,
                .payStationWillClose, .payStationClosed, .payStationPrewarmed, .payStationDelivering, .payStationPaid,
                .payStationDeclined, .payStationWrongCode, .payStationUserRefused, .payStationTroubled,
            ],
            lifecycle: EventKind.xsollaWebhooks,
            failures: [.payStationDeclined, .payStationWrongCode, .payStationUserRefused, .payStationTroubled, .xsollaRefund])
    }
}
