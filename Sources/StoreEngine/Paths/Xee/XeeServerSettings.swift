import Catalog
import Foundation

/// How the simulated Xee server behaves, as QA sets it (`xee key`, `xee apple`, `xee environment`
/// in a scenario): whether it holds the In-App Purchase key, whether it knows its environment,
/// how "Apple" answers its checks; and the device it talks to (`xee os`) and what the app's
/// delegate answers to `shouldAddStorePayment` (`xee promoted`).
public struct XeeServerSettings: Sendable, Equatable {
    /// How Apple answers the server's request for subscription statuses.
    public enum AppleAnswer: String, Sendable, Equatable, CaseIterable {
        /// Answers, and the answer verifies.
        case reachable
        /// Does not answer at all.
        case unreachable
        /// Answers with an error.
        case error
        /// Answers something whose signature does not verify.
        case unverifiable

        /// Why the check failed, for the Events pane; nil when it did not.
        var failure: String? {
            switch self {
            case .reachable: return nil
            case .unreachable: return "Apple could not be reached"
            case .error: return "Apple answered with an error"
            case .unverifiable: return "Apple's answer did not verify"
            }
        }
    }

    /// The device's iOS, which decides what `restorePurchases` sends: from iOS 15 the most
    /// recent transaction's id, before it (13 and 14) the receipt.
    public enum DeviceOS: String, Sendable, Equatable, CaseIterable {
        case ios15 = "15"
        case ios14 = "14"
    }

    /// Whether the server knows which of Apple's environments a transaction comes from. When
    /// it does not, it asks production first and, on "not found", the sandbox: two events.
    public enum Environment: String, Sendable, Equatable, CaseIterable {
        case known
        case unknown
    }

    /// What the app's delegate answers when the App Store starts a promoted purchase: show the
    /// sheet now, or hold the product for the app to buy later with `makePurchase`.
    public enum PromotedPurchases: String, Sendable, Equatable, CaseIterable {
        case show
        case hold
    }

    /// With the In-App Purchase key the server asks Apple before `makePurchase` returns;
    /// without it access waits for the purchase's notification.
    public var hasInAppPurchaseKey: Bool
    public var apple: AppleAnswer
    public var deviceOS: DeviceOS
    public var environment: Environment
    public var promotedPurchases: PromotedPurchases

    public init(hasInAppPurchaseKey: Bool = true, apple: AppleAnswer = .reachable, deviceOS: DeviceOS = .ios15,
                environment: Environment = .known, promotedPurchases: PromotedPurchases = .show) {
        self.hasInAppPurchaseKey = hasInAppPurchaseKey
        self.apple = apple
        self.deviceOS = deviceOS
        self.environment = environment
        self.promotedPurchases = promotedPurchases
    }

    /// As the catalog's `xee` settings start them.
    public init(_ catalog: XeeSettings) {
        self.init(hasInAppPurchaseKey: catalog.inAppPurchaseKey,
                  promotedPurchases: catalog.shouldAddStorePayment ? .show : .hold)
    }

    /// As the ledger keeps them: `key=off apple=error os=14 environment=unknown promoted=hold`.
    var kept: String {
        "key=\(hasInAppPurchaseKey ? "on" : "off") apple=\(apple.rawValue) os=\(deviceOS.rawValue) "
            + "environment=\(environment.rawValue) promoted=\(promotedPurchases.rawValue)"
    }

    /// Read back from `kept`; nil for text that does not say all five, each with a known value.
    init?(kept text: String) {
        var fields: [String: String] = [:]
        for pair in text.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            fields[parts[0]] = parts[1]
        }
        guard let key = fields["key"], key == "on" || key == "off",
              let apple = fields["apple"].flatMap(AppleAnswer.init(rawValue:)),
              let os = fields["os"].flatMap(DeviceOS.init(rawValue:)),
              let environment = fields["environment"].flatMap(Environment.init(rawValue:)),
              let promoted = fields["promoted"].flatMap(PromotedPurchases.init(rawValue:))
        else { return nil }
        self.init(hasInAppPurchaseKey: key == "on", apple: apple, deviceOS: os, environment: environment,
                  promotedPurchases: promoted)
    }
}

/// The app polling `getProfile` for access after a purchase: which level, which poll.
public struct AccessWait: Sendable, Equatable {
    public var level: String
    /// The poll the app waits for, from 1: `Waiting for access… 1/10` until the first one answers.
    public var poll: Int
    public var polls: Int

    public init(level: String, poll: Int, polls: Int) {
        self.level = level
        self.poll = poll
        self.polls = polls
    }
}

/// Where the last change of a Xee access level came from.
public enum XeeAccessSource: String, Sendable, Equatable {
    case verifiedWithApple, notification, restore

    public var displayName: String {
        switch self {
        case .verifiedWithApple: return "verified with Apple"
        case .notification: return "notification"
        case .restore: return "restore"
        }
    }
}
