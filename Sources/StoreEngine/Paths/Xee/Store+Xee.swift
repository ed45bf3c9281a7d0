import Catalog
import Foundation

// The Xee path's face on the store: its server's settings, the app's delegate and QA's
// changes to the server, all kept by the path itself (`XeePath`).
extension Store {
    /// The Xee SDK path, which the SDK's calls (`Store.xee`) go through.
    var xeePath: XeePath { path(ofType: XeePath.self) }

    /// How the simulated Xee server behaves: the catalog's In-App Purchase key, unless QA says
    /// otherwise (`configureXee`).
    public internal(set) var xeeServer: XeeServerSettings {
        get { xeePath.server }
        set { xeePath.server = newValue }
    }

    /// The app's side of the Xee SDK; without one, the guide's app code answers (`XeeDelegate`).
    /// Held weakly, as the SDK holds its delegate.
    public var xeeDelegate: (any XeeDelegate)? {
        get { xeePath.delegate }
        set { xeePath.delegate = newValue }
    }

    /// Changes how the simulated Xee server behaves from now on; logged, and kept in the ledger
    /// for the next launch (`XeePath.launched`), as QA's other settings are.
    public func configureXee(_ settings: XeeServerSettings) throws(StoreError) -> StoreReport {
        try takeCall {
            try context.settings.set(XeePath.serverSetting, to: settings.kept)
            xeeServer = settings
            try log(.xeeSettings, "In-App Purchase key \(settings.hasInAppPurchaseKey ? "on" : "off"), "
                    + "Apple \(settings.apple.rawValue), iOS \(settings.deviceOS.rawValue), environment "
                    + "\(settings.environment.rawValue), promoted purchases \(settings.promotedPurchases.rawValue)", nil, now())
            return nil
        }
    }
}

/// What the Xee path adds to each report: the SDK's state.
struct XeeReport: PathReport {
    var heldPromotions: [String] = []
    var server = XeeServerSettings()
}

/// What a call of the Xee SDK hands the app once it is committed (`PathStep.handOff`): what
/// `makePurchase` returned.
struct XeeHandOff: PathReport {
    var purchase: XeePurchaseResult?

    /// Two steps of one call: the later purchase result, else the earlier.
    func following(_ earlier: XeeHandOff) -> XeeHandOff {
        XeeHandOff(purchase: purchase ?? earlier.purchase)
    }
}

extension PathStep {
    /// The step, handing the app `purchase` (what `makePurchase` returned) besides.
    func handing(_ purchase: XeePurchaseResult?) -> PathStep {
        var step = self
        step.handOff[XeeHandOff.self] = XeeHandOff(purchase: purchase)
        return step
    }
}

extension StoreReport {
    /// What the Xee SDK's `makePurchase` returned, on the report of the call that settled it.
    public var xeePurchase: XeePurchaseResult? {
        get { pathReports[XeeHandOff.self]?.purchase }
        set { pathReports[XeeHandOff.self, default: XeeHandOff()].purchase = newValue }
    }

    /// Products of promoted purchases the Xee SDK's delegate held, for the app to buy later.
    public var heldPromotions: [String] {
        get { pathReports[XeeReport.self]?.heldPromotions ?? [] }
        set { pathReports[XeeReport.self, default: XeeReport()].heldPromotions = newValue }
    }

    /// How the simulated Xee server behaves now: the catalog's, unless QA changed it.
    public var xeeServer: XeeServerSettings {
        get { pathReports[XeeReport.self]?.server ?? XeeServerSettings() }
        set { pathReports[XeeReport.self, default: XeeReport()].server = newValue }
    }
}
