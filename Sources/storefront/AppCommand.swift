import Catalog
import CursesBackend
import Exports
import Foundation
import Host
import Platform
import Program
import StoreEngine
import TerminalUI

/// `storefront`: the full-screen app, on the one program loop with the curses backend.
enum AppCommand {
    static func run(_ options: Options) throws(CommandFailure) {
        let catalogPath = options.catalogPath ?? "catalog.json"
        let check = LaunchAhead.beginCheck(on: Environment.stateDirectory(options))
        let catalog = try Environment.loadCatalog(at: catalogPath)
        let (themes, brokenThemes) = Environment.loadThemes(near: catalogPath)
        if let name = options.themeName {
            // A theme asked for by name whose file is there but broken says why, not "no such
            // theme", nor hides behind the built-in theme of the same name.
            if let broken = brokenThemes.first(where: { $0.names.contains(name) }) {
                throw CommandFailure(.dataError, "theme \(ControlCharacters.escaped(name)) does not load; fix it and run again:\n\(broken.message)")
            }
        }
        if let name = options.themeName, !themes.contains(where: { $0.name == name }) {
            throw CommandFailure(.usage, "no theme named \(ControlCharacters.escaped(name)); themes: \(themes.map(\.name).joined(separator: ", ")).")
        }
        var storefrontId: String?
        if let id = options.storefrontId {
            guard let storefront = catalog.storefront(matching: id) else {
                throw CommandFailure(.usage, "no storefront \(ControlCharacters.escaped(id)) in \(ControlCharacters.escaped(catalogPath)); storefronts: \(catalog.storefronts.map(\.id).joined(separator: ", ")).")
            }
            storefrontId = storefront.id
        }
        let network = try options.networkCondition()
        let signedData = try options.signedDataStyle()
        let apiAddress = try APIOption.address(options, catalog: catalog)
        var notificationURLs = try options.notificationURLs()
        // The catalog's, unless the command line says.
        for (store, url) in catalog.settings.notifications.urls where notificationURLs[store] == nil {
            notificationURLs[store] = url
        }
        let device = try options.deviceChoice()
        let projectId = try options.sdkProjectId()
        let recordFile = try RecordOption.file(options)
        guard TerminalStreams.isTerminal(TerminalStreams.input), TerminalStreams.isTerminal(TerminalStreams.output) else {
            throw CommandFailure(.usage, "the app needs a terminal; for scripts use storefront scenario, history or lint.")
        }
        let checkpoint = try CrashInjection.checkpoint(from: ProcessInfo.processInfo.environment)
        let libraries = LaunchAhead.prepareLibraries(for: catalog, storefrontId: storefrontId)
        let store: Store
        do {
            store = try Environment.openStore(catalog: catalog, options: options, checkedAhead: check)
        } catch {
            libraries.wait()
            throw error
        }
        if let network { store.networkCondition = network }
        if let signedData { store.signedDataChoice = signedData }
        if let projectId { store.sdkProjectId = projectId }
        // Xsolla's secret key and webhook mode, and Google Play's push audience, come from the catalog (QA's W turns the mode over).
        _ = store.configureOutbox(OutboxSettings(
            urls: notificationURLs, xsollaWebhookMode: catalog.settings.payStation.webhookMode,
            xsollaSecretKey: catalog.settings.notifications.xsollaSecretKey,
            pushAudience: catalog.settings.notifications.playAudience))
        store.checkpoint = checkpoint
        // Redirects and deep links from outside (`storefront open-url`) come in through the inbox.
        let inbox = Inbox()
        var launchProblem = brokenThemes.first.map { StoreNotice(.error, $0.message) }
        var listener: URLListener?
        do {
            listener = try URLListener(path: Environment.stateDirectory(options).urlSocketPath) { url in
                inbox.post(.openURL(url))
            }
        } catch {
            launchProblem = launchProblem ?? StoreNotice(.error, error.description)
        }
        let api: StoreAPIs?
        do throws(CommandFailure) {
            api = try apiAddress.map { address throws(CommandFailure) in
                try APIOption.start(at: address, directory: Environment.stateDirectory(options), catalog: catalog,
                                    observe: { call in inbox.post(.apiCalled(call)) })
            }
        } catch {
            libraries.wait()
            throw error
        }
        if let api {
            launchProblem = launchProblem ?? StoreNotice(.info, "The stores' server APIs answer on \(api.baseURL).")
        }
        let environment = ProcessInfo.processInfo.environment
        let colorEnabled = environment["NO_COLOR"].map(\.isEmpty) ?? true
        // Before the terminal is taken over: from here a SIGTERM, SIGHUP, SIGINT or SIGQUIT is a
        // `.quit` waiting in the inbox, and the terminal is always given back.
        let signals = QuitSignals(inbox: inbox)
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(colorEnabled: colorEnabled, environment: environment)
        } catch {
            libraries.wait()
            throw CommandFailure(.configuration, error.description)
        }
        // A TERM drawn as another terminal is said once, unless a broken theme has more to say.
        let report = store.currentReport(notice: launchProblem ?? terminal.notice.map { StoreNotice(.info, $0) })
        var app = App(catalog: catalog, storefrontId: storefrontId, path: store.keptPath, themes: themes,
                      themeName: options.themeName,
                      userId: store.userId, report: report, now: report.clock.now(atWall: Date()),
                      colorEnabled: colorEnabled, colorDepth: terminal.colorDepth, device: device,
                      audience: options.audience, showsEvents: options.events ? true : nil)
        app.serverAddress = api.map { "\($0.server.address):\($0.server.port)" }
        // The app's own answers (a promoted purchase refused) speak the storefront on screen.
        store.shownStorefront = app.paywall.storefront.id
        // In front of an audience a month lasts a month, so a free week does not convert in
        // the middle of the talk (the rate is kept in the ledger, as `]` and `[` keep theirs).
        if options.audience { inbox.post(.setRenewalRate(.realTime)) }
        // Saved catalog and theme files come in through the inbox too (the designer's loop).
        let watcher = DesignFiles.watch(catalogPath: catalogPath, inbox: inbox)
        let engine = EngineWorker(store: store)
        // A backend's acknowledgement or refund is the engine's to make, and the panes show it
        // as they show what the clock brings.
        api?.makeChanges(with: engine) { report in inbox.post(.clockReport(report)) }
        func play<Screen: Backend>(on screen: Screen) {
            let capture = ScreenCapture()
            let program = AppLoop(app: app, backend: screen, engine: engine, clock: report.clock,
                                  inbox: inbox, captureScreen: capture.notice(saving:))
            program.run(stopTakingMail: {
                listener?.stop()
                watcher.stop()
            })
        }
        // `--record`: the terminal wrapped, so every frame it draws is kept at its wall time.
        let recorder = recordFile.map { _ in
            RecordOption.recorder(for: terminal, title: catalog.app.name + " · storefront", environment: environment)
        }
        if let recorder {
            play(on: RecordingBackend(terminal, recorder: recorder))
        } else {
            play(on: terminal)
        }
        terminal.close()
        api?.stop()
        // With the terminal given back: checking a long history takes a moment, and spares the
        // next launch the same check.
        engine.finishSession()
        // Every way out of the loop comes here (q, Ctrl-C, a signal, the terminal gone), so the
        // recording is written whatever ended the session.
        if let recordFile, let recorder { try RecordOption.write(recorder.recording, to: recordFile) }
        // A terminal that went away without a signal ends the app as its SIGHUP would have.
        if let status = signals.exitStatus ?? (terminal.isGone ? 128 + SignalNumber.hangUp : nil) { exit(status) }
    }
}
