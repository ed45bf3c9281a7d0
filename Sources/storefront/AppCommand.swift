import Catalog
import CursesBackend
import Foundation
import StoreEngine
import TerminalUI

/// `storefront`: the full-screen app.
enum AppCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let catalogPath = options.catalogPath ?? "catalog.json"
        let catalog = try Environment.loadCatalog(at: catalogPath)
        let (themes, themeProblems) = Environment.loadThemes(near: catalogPath)
        if let name = options.themeName, !themes.contains(where: { $0.name == name }) {
            throw CommandFailure(.usage, "no theme named \(name); themes: \(themes.map(\.name).joined(separator: ", ")).")
        }
        if let id = options.storefrontId, catalog.storefront(id: id) == nil {
            throw CommandFailure(.usage, "no storefront \(id) in \(catalogPath); storefronts: \(catalog.storefronts.map(\.id).joined(separator: ", ")).")
        }
        let network = try options.network.map { name throws(CommandFailure) -> NetworkCondition in
            guard let condition = NetworkCondition(rawValue: name) else {
                throw CommandFailure(.usage, "--network takes reliable or flaky, not \(name).")
            }
            return condition
        }
        let projectId = try options.projectId.map { text throws(CommandFailure) -> Int in
            guard let number = Int(text), number > 0 else {
                throw CommandFailure(.usage, "--project-id takes a positive whole number, not \(text).")
            }
            return number
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(.usage, "the app needs a terminal; for scripts use storefront history or lint.")
        }
        let ledger = try Environment.openLedger(stateDirectory: Environment.stateDirectory(options.stateDirectory))
        let store: Store
        var state: AppState
        do {
            let userId = try Environment.userId(option: options.userId, catalog: catalog, ledger: ledger)
            store = Store(catalog: catalog, ledger: ledger, userId: userId)
            if let network { store.networkCondition = network }
            if let projectId { store.sdkProjectId = projectId }
            store.checkpoint = CrashInjection.checkpoint(from: ProcessInfo.processInfo.environment)
            let notices = try store.deliverUnfinished()
            let colorEnabled = ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
            state = AppState(catalog: catalog, storefrontId: options.storefrontId, themes: themes,
                             themeName: options.themeName, userId: userId, colorEnabled: colorEnabled)
            state.snapshot = try store.snapshot()
            state.notice = notices.last ?? themeProblems.first.map { StoreNotice(.error, $0) }
        } catch {
            throw CommandFailure(.ioError, "\(ledger.path): \(error)")
        }
        let terminal = CursesTerminal(colorEnabled: state.colorEnabled)
        var loop = RunLoop(state: state, runner: EffectRunner(store: store), terminal: terminal)
        loop.run()
        terminal.close()
    }
}
