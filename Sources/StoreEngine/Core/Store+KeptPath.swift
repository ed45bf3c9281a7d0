import Catalog
import Foundation

// The integration path QA chose with `i` (a scenario's `path`), kept in the ledger beside QA's
// other settings (the rate, and each path's own), so a relaunch on the same state directory
// sells through the same path: docs/qa.md, "QA's settings across launches".
extension Store {
    /// The ledger setting that keeps the path: its raw value, or empty for each storefront's own.
    static let pathSetting = "app.path"

    /// Keeps QA's path (nil: each storefront's own) for the next launch. Nothing is written when
    /// it is the one kept already.
    public func keepPath(_ path: IntegrationPath?) throws(StoreError) -> StoreReport {
        guard path != keptPath else { return currentReport() }
        return try takeCall {
            try ledger.setSetting(Self.pathSetting, to: path?.rawValue ?? "")
            keptPath = path
            return nil
        }
    }
}
