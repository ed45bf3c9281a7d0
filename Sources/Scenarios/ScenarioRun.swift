import Catalog
import Foundation
import Program
import StoreEngine
import TerminalUI

/// One scenario in progress: the launch settings its setup lines gathered, and the program once
/// launched, on the stage's backend: headless for `storefront scenario`, the terminal for
/// `storefront demo` (`ScenarioStage`). The lines act the same way on either.
final class ScenarioRun<Terminal: Backend> {
    let scenario: Scenario
    let options: ScenarioOptions
    let stage: ScenarioStage<Terminal>
    /// The stage stopped the run between two steps (a demo's `←` or `q`); nothing failed.
    private(set) var interrupted = false
    var transcript: [String] = []
    private(set) var expectationsChecked = 0

    var catalogPath: String
    /// The line that named the catalog, for its load errors.
    private var catalogLine: Int?
    private var storefrontId: String?
    /// The line that named the storefront, for the error when the catalog has none such.
    private var storefrontLine: Int?
    /// A `path` line met before the first launch, which the launch chooses.
    private var pathOverride: IntegrationPath?
    private var userId: String?
    private var size = (width: 120, height: 40)
    private var network: NetworkCondition?
    private var signedData: SignedDataStyle?
    /// Where each store's server posts (`notifications`), kept across relaunches.
    private var outbox = OutboxSettings()
    /// The stores a `notifications` line has spoken of, over the catalog's `settings.notifications`.
    private var notificationsSet: Set<Marketplace> = []
    /// Whether a `webhook-mode` line has spoken, over the catalog's `payStation.webhookMode`.
    private var webhookModeSet = false
    /// The push audience a `notifications play URL audience AUDIENCE` line named, over the catalog's.
    private var scriptAudience: String?
    private var seed: UInt64
    var catalog: ProductCatalog?
    private(set) var program: AppLoop<Terminal>?
    private var temporaryState: String?
    /// The claim on the state directory, taken at the first launch and kept across relaunches
    /// (`user`, `catalog`), as one app would keep it; given back when the scenario ends.
    private var stateLock: StateLock?
    /// The stores' APIs, once an `api` line starts them; they outlive a relaunch, and each
    /// launch hands them its engine.
    var apis: StoreAPIs?
    /// Every call a backend made to them, answered, oldest first (`expect api`).
    let apiCalls = APICallLog()
    private var inbox = Inbox()
    private var engine: EngineWorker?

    init(scenario: Scenario, options: ScenarioOptions, stage: ScenarioStage<Terminal>) {
        self.scenario = scenario
        self.options = options
        self.stage = stage
        catalogPath = options.defaultCatalogPath
        seed = options.seed
    }

    /// Runs every line; stops at the first failure or script error.
    func play() -> ScenarioResult.Outcome {
        defer { cleanUp() }
        var previousLine = 0
        for line in scenario.lines {
            transcript.append(String(format: "%5d  ", line.number) + line.text)
            do {
                if !line.command.isSetup, program == nil { try launch(at: line) }
                // Comments before the launch (a file's heading) wait for the first screen to show on.
                if stage.captionsFromComments, program != nil {
                    if let said = scenario.comments(after: previousLine, upTo: line.number) { try beat(.caption(said)) }
                    previousLine = line.number
                }
                defer { recordScreen() }
                // The pause comes before the step, on the screen the last step left: so a caption
                // put just after a step shows with what that step did, and goes when the next acts.
                try beat(.line(line.command.pace))
                try play(line)
                // A write the ledger could not make (a full disk): what follows would test nothing.
                if let failure = program?.takeFailures().first(where: \.isStorageFailure) {
                    throw LedgerFailure(error: error(line, failure.description))
                }
            } catch let failure as LedgerFailure {
                transcript.append("       error: \(failure.error.message)")
                return .ioError(failure.error)
            } catch let failure as SnapshotWriteFailure {
                transcript.append("       error: \(failure.error.message)")
                return .ioError(failure.error)
            } catch let error as ScriptError {
                transcript.append("       error: \(error.message)")
                return .scriptError(error)
            } catch let failure as ScenarioFailure {
                transcript.append("       FAILED")
                return .failed(failure)
            } catch is ScenarioInterrupted {
                interrupted = true
                return .passed
            } catch {
                return .scriptError(ScriptError(file: scenario.file, line: line.number, message: "\(error)"))
            }
        }
        do {
            try beat(.finished)
        } catch {
            interrupted = true
            return .passed
        }
        if program == nil, let last = scenario.lines.last {
            do {
                try launch(at: last)
            } catch let failure as LedgerFailure {
                return .ioError(failure.error)
            } catch let error as ScriptError {
                return .scriptError(error)
            } catch {
                return .scriptError(ScriptError(file: scenario.file, line: last.number, message: "\(error)"))
            }
        }
        return .passed
    }

    /// Runs one line as `play()` plays each (launching the app first when the line needs it), for
    /// a caller that chooses each line from what the last one left: the property test of
    /// `history` against the panes. Throws what `play()` would report; `end()` cleans up.
    func step(_ line: ScenarioLine) throws {
        transcript.append(String(format: "%5d  ", line.number) + line.text)
        if !line.command.isSetup, program == nil { try launch(at: line) }
        try play(line)
    }

    /// Ends a run driven by `step(_:)`: the app goes, the state directory is given back.
    func end() {
        cleanUp()
    }

    // MARK: Launching

    var stateDirectory: StateDirectory {
        if let given = options.stateDirectory { return StateDirectory(path: given) }
        if let temporaryState { return StateDirectory(path: temporaryState) }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-scenario-\(UUID().uuidString.prefix(8).lowercased())").path
        temporaryState = path
        return StateDirectory(path: path)
    }

    /// The outbox as the script and the catalog say it: a line's URL or mode over the catalog's.
    private func outboxSettings(for catalog: ProductCatalog) -> OutboxSettings {
        var settings = outbox
        for (store, url) in catalog.settings.notifications.urls where !notificationsSet.contains(store) {
            settings.urls[store] = url
        }
        settings.xsollaSecretKey = catalog.settings.notifications.xsollaSecretKey
        settings.pushAudience = scriptAudience ?? catalog.settings.notifications.playAudience
        if !webhookModeSet { settings.xsollaWebhookMode = catalog.settings.payStation.webhookMode }
        return settings
    }

    private func launch(at line: ScenarioLine) throws {
        let catalog = try loadCatalog(at: line)
        self.catalog = catalog
        if let id = storefrontId, let storefront = catalog.storefront(matching: id) { storefrontId = storefront.id }
        if let storefrontId, catalog.storefront(id: storefrontId) == nil {
            throw ScriptError(file: scenario.file, line: storefrontLine ?? line.number, message: "no storefront \(ScenarioParser.quoted(storefrontId)) in \(catalogPath); storefronts: \(catalog.storefronts.map(\.id).joined(separator: ", "))")
        }
        let user = userId ?? catalog.settings.customUserId ?? "qa"
        let store: Store
        do throws(StoreError) {
            if stateLock == nil {
                if let given = options.stateLock { stateLock = given } else { stateLock = try stateDirectory.lock() }
            }
            store = try stateDirectory.openStore(catalog: catalog, user: user, clock: .paused(at: options.startDate),
                                                 rate: .paused, generator: SeededGenerator(seed: seed), lock: stateLock)
        } catch {
            let place = ScriptError(file: scenario.file, line: line.number, message: error.description)
            if error.isStorageFailure { throw LedgerFailure(error: place) }
            throw place
        }
        if let network { store.networkCondition = network }
        if let signedData { store.signedDataChoice = signedData }
        _ = store.configureOutbox(outboxSettings(for: catalog))
        store.checkpoint = options.checkpoint
        let report = store.currentReport()
        // The one place a launch gets its backend: a fresh headless screen, or the demo's terminal.
        let backend = stage.makeBackend(size.width, size.height)
        let (width, height) = backend.size
        let look = stage.look
        let app = App(catalog: catalog, storefrontId: storefrontId, path: store.keptPath, themes: look.themes,
                      themeName: look.themeName,
                      userId: user, report: report, width: width, height: height, now: report.clock.now(atWall: Date()),
                      timeZone: look.timeZone, colorEnabled: look.colorEnabled, colorDepth: look.colorDepth,
                      audience: look.audience, showsEvents: look.showsEvents)
        store.shownStorefront = app.paywall.storefront.id
        let engine = EngineWorker(store: store)
        inbox = stage.inbox ?? Inbox()
        let program = AppLoop(app: app, backend: backend, engine: engine, clock: report.clock, inbox: inbox)
        self.program = program
        self.engine = engine
        handChanges(to: engine)
        // A `path` line before the first launch; a relaunch finds the path the ledger kept, as
        // the app does.
        if let pathOverride { program.send(.choosePath(pathOverride)) }
        pathOverride = nil
        program.send(.started)
    }

    private func loadCatalog(at line: ScenarioLine) throws -> ProductCatalog {
        let where_ = catalogLine ?? line.number
        guard let data = FileManager.default.contents(atPath: catalogPath) else {
            throw ScriptError(file: scenario.file, line: where_,
                              message: "catalog \(catalogPath): no such file; name one with `catalog FILE` (relative to the scenario) or --catalog")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScriptError(file: scenario.file, line: where_, message: "catalog \(catalogPath) is not UTF-8 text")
        }
        do {
            return try CatalogFile.load(text: text, file: catalogPath)
        } catch {
            throw ScriptError(file: scenario.file, line: where_,
                              message: "catalog \(catalogPath) does not load:\n\(error.description)")
        }
    }

    /// Lets the engine finish, gives the state directory back, and removes a temporary one.
    private func cleanUp() {
        apis?.stop()
        apis = nil
        program = nil
        // Released now, not whenever the last store goes: the next scenario on this state
        // directory claims it at once. A claim the caller handed in stays the caller's.
        if options.stateLock == nil { stateLock?.release() }
        stateLock = nil
        if let temporaryState { try? FileManager.default.removeItem(atPath: temporaryState) }
    }

    private func relaunch(at line: ScenarioLine) throws {
        program = nil
        try launch(at: line)
    }

    // MARK: Lines

    private func play(_ line: ScenarioLine) throws {
        switch line.command {
        case .catalog(let path):
            catalogPath = resolve(path)
            catalogLine = line.number
            if program != nil { try relaunch(at: line) }
        case .user(let id):
            userId = id
            if program != nil { try relaunch(at: line) }
        case .network(let condition):
            network = condition
            if program != nil { try relaunch(at: line) }
        case .signedData(let style):
            signedData = style
            if program != nil { try relaunch(at: line) }
        case .seed(let value):
            seed = value
            if program != nil { try relaunch(at: line) }
        case .storefront(let id):
            storefrontId = id
            storefrontLine = line.number
            if let program {
                guard catalog?.storefront(matching: id) != nil else {
                    throw error(line, "no storefront \(ScenarioParser.quoted(id)) in \(catalogPath); storefronts: \(catalog?.storefronts.map(\.id).joined(separator: ", ") ?? "")")
                }
                program.send(.chooseStorefront(id: id))
            }
        case .path(let path):
            if let program { program.send(.choosePath(path)) } else { pathOverride = path }
        case .size(let width, let height):
            size = (width, height)
            if let program {
                stage.resize(program.backend, width, height)
                let (shownWidth, shownHeight) = program.backend.size
                program.send(.resize(width: shownWidth, height: shownHeight))
            }
        case .select(let reference):
            try select(reference, line)
        case .buy:
            try running().send(.buy)
        case .changePlan(let sku, let upgrade):
            let program = try running()
            guard let product = program.app.catalog.product(id: sku) else { throw noProduct(sku, line, in: program.app.catalog) }
            guard let group = product.group else { throw error(line, "\(ScenarioParser.quoted(sku)) is not a subscription of the catalog") }
            guard let running = program.app.snapshot.subscriptions.last(where: {
                $0.isLive && program.app.catalog.product(id: $0.productId)?.group == group
            }), let current = program.app.catalog.product(id: running.productId) else {
                throw failure(line, expected: "a running subscription in \(group)", actual: "none")
            }
            let from = current.level ?? 100
            let to = product.level ?? 100
            guard upgrade ? to < from : to > from else {
                throw failure(line, expected: "\(upgrade ? "an upgrade" : "a downgrade") from \(current.shortId) (level \(from))",
                              actual: "\(product.shortId) is level \(to)")
            }
            try select(.sku(sku), line)
            program.send(.buy)
        case .payStationCard(let number, let expiry, let cvv):
            try requirePayStation(line, in: nil, "Pay Station")
            if case .payStation(let page)? = program?.app.sheet, page.session.phase == .paymentMethod {
                // A saved card is offered first: choose a new card, as a player would.
                if page.session.method == .savedCard { try running().send(.key(.down)) }
                try running().send(.key(.enter))
            }
            try requirePayStation(line, in: .cardForm, "Pay Station's card form")
            var suggested = PayStationSession.sandboxExpiry
            if case .payStation(let page)? = program?.app.sheet { suggested = page.session.suggestedExpiry }
            for field in [number, expiry ?? suggested, cvv] { try type(field, enter: true) }
        case .payStationSaveCard:
            try requirePayStation(line, in: .cardForm, "Pay Station's card form")
            try running().send(.key(.character(" ")))
        case .payStationSavedCard:
            try requirePayStation(line, in: .paymentMethod, "Pay Station's choice of a saved card")
            if case .payStation(let page)? = program?.app.sheet, page.session.method == .newCard {
                try running().send(.key(.up))
            }
            try running().send(.key(.enter))
        case .payStation3DS(let code):
            try requirePayStation(line, in: .threeDSecure, "Pay Station's 3-D Secure page")
            try type(code, enter: true)
        case .payStationClose:
            try requirePayStation(line, in: nil, "Pay Station")
            try running().send(.key(.escape))
        case .storeKit(let outcome):
            try pressStoreKit(outcome, line)
        case .play(let step):
            try answerPlay(step, line)
        case .act(let action, let reference):
            let program = try running()
            let transaction = action.isSubscriptionAction
                ? try findSubscription(reference, in: program.app.snapshot, line)
                : try find(reference, in: program.app.snapshot, line)
            program.send(.act(action, transactionId: transaction.id))
        case .storeSheet(let input):
            let program = try running()
            guard program.app.storeSheet != nil else {
                throw failure(line, expected: "a store's sheet open", actual: program.app.sheet == nil ? "no sheet open" : "another sheet")
            }
            program.send(.answerStoreSheet(input))
        case .openURL(let url):
            try running().send(.openURL(url))
        case .restore:
            try running().send(.restore)
        case .redeem(let code):
            try running().send(.redeemOfferCode(code))
        case .relaunch:
            _ = try running()
            try relaunch(at: line)
        case .reload(let source):
            try reload(source, line)
        case .xeeKey(let on):
            try reconfigureXee { $0.hasInAppPurchaseKey = on }
        case .xeeApple(let answer):
            try reconfigureXee { $0.apple = answer }
        case .xeeOS(let os):
            try reconfigureXee { $0.deviceOS = os }
        case .xeeEnvironment(let environment):
            try reconfigureXee { $0.environment = environment }
        case .xeePromoted(let answer):
            try reconfigureXee { $0.promotedPurchases = answer }
        case .rate(let rate):
            try running().send(.setRenewalRate(rate))
        case .api(let host, let port):
            try startAPIs(host: host, port: port, line)
        case .notifications(let marketplace, let url, let productionRetries, let audience):
            outbox.urls[marketplace] = url
            if let audience { scriptAudience = audience }
            notificationsSet.insert(marketplace)
            if marketplace == .appStore { outbox.appStoreRetries = productionRetries }
            // Before the first launch, the launch takes it, as the app takes `--apple-notifications`:
            // what the launch finishes of a killed run's purchase posts too.
            guard let program else { return }
            program.send(.configureOutbox(outboxSettings(for: program.app.catalog)))
        case .webhookMode(let on):
            outbox.xsollaWebhookMode = on
            webhookModeSet = true
            let program = try running()
            program.send(.configureOutbox(outboxSettings(for: program.app.catalog)))
        case .promote(let sku):
            let program = try running()
            // As `storefront promote` refuses it: a SKU the catalog lacks is a typo in the script.
            guard program.app.catalog.product(id: sku) != nil else { throw noProduct(sku, line, in: program.app.catalog) }
            let url = PromotedPurchaseURL(bundleId: program.app.catalog.app.bundleId, productId: sku)
            program.send(.openURL(url.text))
        case .resume(let sku):
            let program = try running()
            guard program.app.catalog.product(id: sku) != nil else { throw noProduct(sku, line, in: program.app.catalog) }
            guard program.app.heldPromotions.contains(sku) else {
                throw failure(line, expected: "a held promoted purchase of \(sku)",
                              actual: program.app.heldPromotions.isEmpty ? "none is held"
                                  : "held: " + program.app.heldPromotions.joined(separator: ", "))
            }
            program.send(.buyPromoted(productId: sku))
        case .advance(let seconds):
            let program = try running()
            guard program.now.addingTimeInterval(seconds) <= Clock.latest else {
                throw error(line, "\(line.text) would move the calendar past 9999-12-31 23:59:59 UTC, where it ends; "
                            + "it is at \(program.now.formatted(.iso8601))")
            }
            program.advance(by: seconds)
        case .keys(let keys):
            for key in keys {
                try running().send(.key(key))
                if keys.count > 1 { try beat(.key) }
            }
        case .click(let x, let y):
            try running().send(.mouse(MouseEvent(.press, x: x, y: y)))
        case .preview(let picker, let name):
            // The names the app holds now (the catalog's, the themes loaded), checked as `:` checks them.
            let program = try running()
            switch program.app.jump(picker: picker, value: name) {
            case .success(let target): program.send(.jump(target))
            case .failure(let problem): throw error(line, problem.message)
            }
        case .expect(let expectation):
            try check(expectation, line)
            expectationsChecked += 1
            transcript[transcript.count - 1] += "   ✓"
        case .snapshot(let name):
            try snapshot(name, line)
        case .capture(let name):
            try capture(name, line)
        case .caption(let text):
            // The transcript shows it as written; a demo draws it over the screen.
            try beat(.caption(text))
        }
    }

    /// Hands the stage a moment between steps, once the app runs: a demo draws, waits a
    /// person's pause and reads the presenter's keys; headless, nothing happens.
    private func beat(_ beat: ScenarioBeat) throws {
        guard let program else { return }
        try stage.beat(beat, program)
    }

    /// The Xee settings as the engine last reported them (a launch starts on the catalog's),
    /// changed by `change`, sent to the app.
    private func reconfigureXee(_ change: (inout XeeServerSettings) -> Void) throws {
        let program = try running()
        var settings = program.app.xeeServer
        change(&settings)
        program.send(.configureXee(settings))
    }

    /// `api ADDRESS:PORT`: the stores' APIs on the run's state directory, their changes made by
    /// the running engine and each call a line of the Events pane, as in the app.
    private func startAPIs(host: String, port: UInt16, _ line: ScenarioLine) throws {
        if let apis { throw error(line, "the APIs already answer on \(apis.baseURL); one api line a scenario") }
        guard let catalog else { throw error(line, "the app is not running") }
        let inbox = self.inbox
        let calls = apiCalls
        do {
            let apis = try StoreAPIs(address: host, port: port, stateDirectory: stateDirectory, catalog: catalog) { call in
                calls.append(call)
                inbox.post(.apiCalled(call))
            }
            self.apis = apis
            transcript[transcript.count - 1] += "   (\(apis.baseURL))"
        } catch {
            throw self.error(line, error.description)
        }
        if let engine { handChanges(to: engine) }
    }

    /// From this launch on, `engine` makes the changes backends ask for.
    private func handChanges(to engine: EngineWorker) {
        let inbox = self.inbox
        apis?.makeChanges(with: engine) { report in inbox.post(.clockReport(report)) }
    }

    func running() throws -> AppLoop<Terminal> {
        guard let program else { throw ScriptError(file: scenario.file, line: 0, message: "the app is not running") }
        return program
    }

    var screen: [String] { program.map { $0.draw().lines } ?? [] }

    func error(_ line: ScenarioLine, _ message: String) -> ScriptError {
        ScriptError(file: scenario.file, line: line.number, message: message)
    }

    /// A SKU the catalog does not have, with the one it is nearest to: a typo in a script.
    func noProduct(_ sku: String, _ line: ScenarioLine, in catalog: ProductCatalog) -> ScriptError {
        error(line, "no product \(ScenarioParser.quoted(sku)) in the catalog"
              + (catalog.didYouMean(product: sku).map { "; \($0)" } ?? ""))
    }

    func failure(_ line: ScenarioLine, expected: String, actual: String) -> ScenarioFailure {
        ScenarioFailure(file: scenario.file, line: line.number, command: line.text, expected: expected, actual: actual,
                        screen: screen)
    }

    /// A path in a scenario is relative to the scenario's own folder.
    func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let folder = (scenario.file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }

    private func select(_ reference: ScenarioCommand.ProductReference, _ line: ScenarioLine) throws {
        let program = try running()
        switch reference {
        case .sku(let sku):
            guard program.app.catalog.product(id: sku) != nil else { throw noProduct(sku, line, in: program.app.catalog) }
            guard program.app.paywall.index(ofProduct: sku) != nil else {
                throw failure(line, expected: "\(sku) on sale in \(program.app.paywall.storefront.id)",
                              actual: "not on sale here (unavailable, not priced, or not returned by the products request)")
            }
            program.send(.selectProduct(id: sku))
        case .position(let position):
            let count = program.app.paywall.itemCount
            guard position <= count else {
                throw failure(line, expected: "at least \(English.count(position, "product")) on sale", actual: "\(count)")
            }
            program.send(.selectItem(index: position - 1))
        }
    }

    private func requirePayStation(_ line: ScenarioLine, in phase: PayStationSession.Phase?, _ what: String) throws {
        let program = try running()
        guard case .payStation(var page)? = program.app.sheet else {
            throw failure(line, expected: "\(what) open", actual: program.app.sheet == nil ? "no sheet open" : "another sheet")
        }
        if !page.session.isLoaded {
            // A cold start: the player waits for the page, and so does the script (the wait
            // shows in the Events pane as `paystation.loaded`).
            program.advance(by: Double(program.app.catalog.settings.payStation.coldLaunchSeconds))
            if case .payStation(let loaded)? = program.app.sheet { page = loaded }
        }
        if let phase, page.session.phase != phase {
            throw failure(line, expected: "\(what) open", actual: "Pay Station shows \(describe(page.session.phase))")
        }
    }

    private func describe(_ phase: PayStationSession.Phase) -> String {
        switch phase {
        case .paymentMethod: return "the choice of a saved card or a new one"
        case .delivering: return "a payment still processing"
        case .cardForm: return "the card form"
        case .threeDSecure: return "3-D Secure"
        case .done: return "a paid payment"
        case .declined(let reason): return "a declined payment (\(reason))"
        case .userRefused(let reason): return "a player the game refused (\(reason))"
        case .troubled(let reason, _): return "a troubled payment (\(reason))"
        case .cancelled: return "a closed page"
        }
    }

    /// Presses the sheet's keys for `outcome`, as QA would: a button's letter, or for an error
    /// `f`, the arrows down to it, Enter.
    private func pressStoreKit(_ outcome: StoreKitOutcome, _ line: ScenarioLine) throws {
        let program = try running()
        guard case .storeKit? = program.app.sheet else {
            throw failure(line, expected: "the App Store sheet open",
                          actual: program.app.sheet == nil ? "no sheet open" : "another sheet")
        }
        if stage.look.audience {
            // QA's row is hidden from an audience and its keys do nothing: the script answers
            // the sheet directly, as the world would (a parent asking, a purchase interrupted).
            for input in Self.inputs(for: outcome) { program.send(.answerStoreKit(input)) }
            return
        }
        let keys: [Key]
        switch outcome {
        case .buy: keys = [.character("b")]
        case .cancel: keys = [.escape]
        case .askToBuy: keys = [.character("a")]
        case .interrupt: keys = [.character("n")]
        case .tamper: keys = [.character("t")]
        case .fail(let failure):
            let steps = StoreKitFailure.allCases.firstIndex(of: failure) ?? 0
            keys = [.character("f")] + Array(repeating: .down, count: steps) + [.enter]
        }
        for key in keys { program.send(.key(key)) }
    }

    /// Answers Google Play's sheet as QA does (its keys; in front of an audience, whose QA row
    /// is hidden, the inputs directly), or makes the app's call on the Play path.
    private func answerPlay(_ step: ScenarioCommand.PlayScenarioStep, _ line: ScenarioLine) throws {
        let program = try running()
        let inputs: [PlayInput]
        switch step {
        case .instrument(let instrument): inputs = [.choose(instrument), .buy]
        case .response(let code): inputs = [.respond(code)]
        case .cancel: inputs = [.cancel]
        case .disconnect: inputs = [.disconnect]
        case .autoAcknowledge(let on): inputs = [.setAppAcknowledges(on)]
        case .offer(let id): inputs = [.chooseOffer(id)]
        case .developerOffers(let on): inputs = [.setDeveloperOffers(on)]
        case .replacementMode(let mode): inputs = [.setReplacementMode(mode)]
        case .acknowledge(let transaction): inputs = [.acknowledge(transactionId: transaction)]
        case .consume(let transaction): inputs = [.consume(transactionId: transaction)]
        case .country(let id):
            // A mistyped country is the script's error, before the app's refusal.
            if let id, program.app.catalog.storefront(matching: id) == nil {
                let ids = program.app.catalog.storefronts.map(\.id).joined(separator: ", ")
                throw error(line, "play country takes a storefront of the catalog (\(ids)) or off, not \(id)")
            }
            inputs = [.setCountry(id)]
        }
        if inputs.contains(where: \.isForTheSheet) {
            guard case .play(let session)? = program.app.sheet else {
                throw failure(line, expected: "Google Play's sheet open",
                              actual: program.app.sheet == nil ? "no sheet open" : "another sheet")
            }
            // A mistyped offer would leave the sheet as it is without a word.
            if case .offer(let id) = step,
               !session.offerChoices.contains(where: { $0.offerId == id || $0.reference == id }) {
                let offers = session.offerChoices.map { $0.offerId ?? $0.reference }
                throw failure(line, expected: "an offer \(id) on Google Play's sheet",
                              actual: offers.isEmpty ? "the sheet has no offers" : "its offers: " + offers.joined(separator: ", "))
            }
        }
        for input in inputs { program.send(.answerPlay(input)) }
    }

    /// What QA's row gives the sheet for `outcome`, without its keys.
    private static func inputs(for outcome: StoreKitOutcome) -> [StoreKitInput] {
        switch outcome {
        case .buy: return [.pressButton(.buy)]
        case .cancel: return [.pressButton(.cancel)]
        case .askToBuy: return [.pressButton(.askToBuy)]
        case .interrupt: return [.pressButton(.interrupt)]
        case .tamper: return [.pressButton(.tamper)]
        case .fail(let failure): return [.pressButton(.fail), .chooseFailure(failure), .press]
        }
    }

    /// Digits as keys, then Enter, as a player types them: a demo shows each as it lands.
    private func type(_ digits: String, enter: Bool) throws {
        guard let program else { return }
        for digit in digits {
            program.send(.key(.character(digit)))
            try beat(.key)
        }
        if enter { program.send(.key(.enter)) }
    }
}

/// The ledger could not be used where a line needed it: an I/O error, not the script's mistake.
private struct LedgerFailure: Error {
    var error: ScriptError
}
