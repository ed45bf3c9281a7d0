import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures

/// A program for `run()` on `backend`, over a fresh store in `directory` whose clock is paused:
/// for tests of the loop itself, which a `HeadlessHarness` never runs.
func loopProgram<Screen: Backend>(on backend: Screen, in directory: URL,
                                  captureScreen: (@Sendable (Frame) -> StoreNotice)? = nil) throws -> AppLoop<Screen> {
    let store = try Store(catalog: defaultCatalog, ledgerPath: directory.appendingPathComponent("storefront.sqlite").path,
                          userId: "player-1", clock: .paused(at: fixedNow), rate: .paused)
    let launch = store.currentReport()
    let app = App(catalog: defaultCatalog, storefrontId: "USA", userId: store.userId, report: launch,
                  width: backend.size.width, height: backend.size.height, now: fixedNow, timeZone: utc)
    return AppLoop(app: app, backend: backend, engine: EngineWorker(store: store), clock: launch.clock, captureScreen: captureScreen)
}
