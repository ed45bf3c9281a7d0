import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI

/// Draws a combination on the real loop, headless: the app as a player would launch it, on a
/// fresh ledger in a private state directory, at a fixed moment and with a fixed player, so a
/// picture depends on the catalog, the themes and the combination alone.
///
/// One renderer per job: not thread-safe, and each has its own directory, removed when it goes.
public final class ExportRenderer {
    /// The paused clock's moment: the scenarios' own, so an export and a scenario of one
    /// catalog show the same dates.
    public static let moment = Date(timeIntervalSince1970: 1_767_258_000)
    /// The player every picture is drawn for, so the assigned variant and the ids never vary.
    public static let playerId = "export"

    let catalog: ProductCatalog
    let themes: [Theme]
    private let directory: String
    private var launches = 0

    /// - Parameter parent: where the renderer's own directory is made (the system's temporary
    ///   directory, or an export's scratch directory that an interrupted export removes whole).
    public init(catalog: ProductCatalog, themes: [Theme], reusesPrograms: Bool = true,
                parent: String = FileManager.default.temporaryDirectory.path) throws(ExportFailure) {
        self.catalog = catalog
        self.themes = themes
        self.reusesPrograms = reusesPrograms
        directory = (parent as NSString).appendingPathComponent("storefront-export-\(UUID().uuidString.prefix(8).lowercased())")
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ExportFailure(.io, "cannot make a state directory for the export in \(directory): \(SystemErrorText.words(of: error))")
        }
    }

    deinit {
        close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Whether a program launched for one combination draws the next one that differs from
    /// it only in theme, variant, eligibility or player state (by the `:` jumps to them), rather
    /// than a fresh launch on a fresh ledger. Faithful because those jumps reach no engine and
    /// no ledger (ExportRenderTests compares the two frame for frame), and cheaper: a launch
    /// opens a ledger and answers a products request.
    public let reusesPrograms: Bool
    /// The program kept for reuse, with what it was launched for.
    private var kept: (key: LaunchKey, program: AppLoop<HeadlessBackend>, state: StateDirectory)?

    /// What a launch fixes: the storefront (a switch asks the engine for products, which the
    /// Events pane lists), the size and the device.
    struct LaunchKey: Hashable {
        var storefront: String
        var width: Int
        var height: Int
        var device: String
    }

    static func launchKey(for combination: Combination) -> LaunchKey {
        LaunchKey(storefront: combination.storefront, width: combination.width, height: combination.height,
                  device: combination.device)
    }

    /// The first screen of `combination`, as the app draws it at 24-bit color.
    public func frame(for combination: Combination) throws(ExportFailure) -> Frame {
        guard themes.contains(where: { $0.name == combination.theme }) else {
            throw ExportFailure(.usage, "no theme \(combination.theme) is loaded; the themes are \(themes.map(\.name).joined(separator: ", ")).")
        }
        let key = Self.launchKey(for: combination)
        if reusesPrograms, let kept, kept.key == key {
            return try show(combination, on: kept.program, jumpingEveryAxis: true)
        }
        close()
        launches += 1
        let state = StateDirectory(path: "\(directory)/\(launches)")
        let program = try launch(combination, on: state)
        kept = (key, program, state)
        let frame = try show(combination, on: program, jumpingEveryAxis: false)
        if !reusesPrograms { close() }
        return frame
    }

    /// Quits the kept program, so the engine lets go of the ledger, and removes its directory.
    private func close() {
        guard let kept else { return }
        kept.program.send(.quit)
        self.kept = nil
        try? FileManager.default.removeItem(atPath: kept.state.path)
    }

    private func launch(_ combination: Combination, on state: StateDirectory) throws(ExportFailure) -> AppLoop<HeadlessBackend> {
        guard let device = Device(rawValue: combination.device) else {
            throw ExportFailure(.usage, "no device \(combination.device); the devices are \(Device.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        let store: Store
        do throws(StoreError) {
            try state.create()
            store = try state.openStore(catalog: catalog, user: Self.playerId, clock: .paused(at: Self.moment), rate: .paused,
                                        generator: SeededGenerator(seed: 1))
        } catch {
            throw ExportFailure(.io, "the export's ledger in \(state.path): \(error.description)")
        }
        let report = store.currentReport()
        let app = App(catalog: catalog, storefrontId: combination.storefront, themes: themes, themeName: combination.theme,
                      userId: Self.playerId, report: report, width: combination.width, height: combination.height,
                      now: report.clock.now(atWall: Self.moment), timeZone: TimeZone(identifier: "UTC") ?? .current,
                      colorEnabled: true, colorDepth: .trueColor, device: device)
        let program = AppLoop(app: app, backend: HeadlessBackend(width: combination.width, height: combination.height),
                              engine: EngineWorker(store: store), clock: report.clock, wallTime: { Self.moment })
        program.send(.started)
        return program
    }

    /// The previews the combination asks for, by the same jumps as the app's `:` prompt; on a
    /// program drawn for another combination, every axis is jumped to, so nothing of the last
    /// one stays.
    private func show(_ combination: Combination, on program: AppLoop<HeadlessBackend>,
                      jumpingEveryAxis: Bool) throws(ExportFailure) -> Frame {
        var jumps: [Jump] = jumpingEveryAxis ? [.theme(name: combination.theme)] : []
        if combination.variant != ExportAxes.noVariant { jumps.append(.variant(id: combination.variant)) }
        // The axis spells the override's names with hyphens for file names (`not-eligible`).
        let forced = EligibilityOverride(rawValue: combination.eligibility.replacingOccurrences(of: "-", with: " ")) ?? .auto
        if forced != .auto || jumpingEveryAxis { jumps.append(.eligibility(forced)) }
        var player: PlayerState?
        if let name = combination.state {
            guard let state = PlayerState(name: name) else {
                throw ExportFailure(.usage, "no player state \(name); the states are \(PlayerState.allCases.map(\.name).joined(separator: ", ")).")
            }
            player = state
        }
        if player != nil || jumpingEveryAxis { jumps.append(.player(player)) }
        // Each jump says on the bottom line what it previews, and the launch may have said
        // something too: the picture is of the paywall, not of the way there, so the line is
        // cleared (Esc) in every picture alike.
        program.send(jumps.map(Message.jump) + [.key(.escape)])
        return program.draw()
    }
}
