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

    let catalog: Catalog
    let themes: [Theme]
    private let directory: String
    private var launches = 0

    public init(catalog: Catalog, themes: [Theme]) throws(ExportFailure) {
        self.catalog = catalog
        self.themes = themes
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-export-\(UUID().uuidString.prefix(8).lowercased())").path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw ExportFailure(.io, "cannot make a state directory for the export in \(directory): \(error.localizedDescription)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The first screen of `combination`, as the app draws it at 24-bit color.
    public func frame(for combination: Combination) throws(ExportFailure) -> Frame {
        launches += 1
        let state = StateDirectory(path: "\(directory)/\(launches)")
        defer { try? FileManager.default.removeItem(atPath: state.path) }
        let program = try launch(combination, on: state)
        let frame = try show(combination, on: program)
        // The engine lets go of the ledger before its directory goes.
        program.send(.quit)
        return frame
    }

    private func launch(_ combination: Combination, on state: StateDirectory) throws(ExportFailure) -> Program<HeadlessBackend> {
        guard let theme = themes.first(where: { $0.name == combination.theme }) else {
            throw ExportFailure(.usage, "no theme \(combination.theme) is loaded; the themes are \(themes.map(\.name).joined(separator: ", ")).")
        }
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
        let app = App(catalog: catalog, storefrontId: combination.storefront, themes: themes, themeName: theme.name,
                      userId: Self.playerId, report: report, width: combination.width, height: combination.height,
                      now: report.clock.now(atWall: Self.moment), timeZone: TimeZone(identifier: "UTC") ?? .current,
                      colorEnabled: true, colorDepth: .trueColor, device: device)
        let program = Program(app: app, backend: HeadlessBackend(width: combination.width, height: combination.height),
                              engine: EngineWorker(store: store), clock: report.clock, wallTime: { Self.moment })
        program.send(.started)
        return program
    }

    /// The previews the combination asks for, by the same jumps as the app's `:` prompt.
    private func show(_ combination: Combination, on program: Program<HeadlessBackend>) throws(ExportFailure) -> Frame {
        var jumps: [Jump] = []
        if combination.variant != ExportAxes.noVariant { jumps.append(.variant(id: combination.variant)) }
        if combination.eligibility != "auto" {
            let forced: EligibilityOverride = combination.eligibility == "eligible" ? .eligible : .notEligible
            jumps.append(.eligibility(forced))
        }
        if let name = combination.state {
            guard let state = PlayerState(name: name) else {
                throw ExportFailure(.usage, "no player state \(name); the states are \(PlayerState.allCases.map(\.name).joined(separator: ", ")).")
            }
            jumps.append(.player(state))
        }
        if !jumps.isEmpty {
            program.send(jumps.map(Message.jump))
            // Each jump says on the bottom line what it previews; the picture is of the
            // paywall, not of the way there.
            program.send(.key(.escape))
        }
        return program.draw()
    }
}
