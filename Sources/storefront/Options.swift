import Catalog
import Foundation
import StoreEngine
import TerminalUI

/// The options every command shares, parsed by hand (no outside packages): `--name value` or
/// `--name=value`.
struct Options {
    var catalogPath: String?
    var themeName: String?
    var device: String?
    var storefrontId: String?
    var stateDirectory: String?
    var userId: String?
    var network: String?
    /// `--signed-data app-store|xcode`: who signs the App Store's data, over the catalog's `signedData`.
    var signedData: String?
    /// `--api ADDRESS[:PORT]`: serve the App Store Server API there.
    var apiAddress: String?
    /// `--apple-notifications URL`: where the App Store posts its server notifications.
    var appleNotificationsURL: String?
    /// `--play-notifications URL`: where Google Play's Pub/Sub push subscription posts.
    var playNotificationsURL: String?
    /// `--xsolla-notifications URL`: where Xsolla posts its webhooks.
    var xsollaNotificationsURL: String?
    var projectId: String?
    var json = false
    var csv = false
    /// `history --check`: SQLite's full integrity check instead of the history.
    var check = false
    var quick = false
    /// `bench --frames`: only the frame case, for profiling a frame.
    var framesOnly = false
    /// `bench --purchases`: only the purchases on each path and their floor.
    var purchasesOnly = false
    /// `bench --terminal`: only the cases on a pseudo-terminal (the first frame, the bytes).
    var terminalOnly = false
    /// `bench --http`: only the App Store Server API over HTTP.
    var httpOnly = false
    /// `bench --notifications`: only the stores' notifications to a local receiver.
    var notificationsOnly = false
    /// `bench --scenarios N`: only scenario suites of 100 and N files, and N's two shards.
    var scenarioSuite: String?
    var quiet = false
    var junitPath: String?
    var shard: String?
    var jobs: String?
    var snapshotsDirectory: String?
    /// `demo --speed`, `--captions`, `--loop`; `--audience` and `--events` on the app and on demos.
    var speed: String?
    var captions: String?
    var loop = false
    /// `demo --headless`: recorded with no terminal, at the demo's pace (`HeadlessDemo`).
    var headless = false
    var audience = false
    var events = false
    /// `--record FILE.cast|.svg|.gif|.mp4`: the session as a recording, written when it ends.
    var recordPath: String?
    /// `export`: where the pictures go, which of them, on which axes, against what.
    var outputDirectory: String?
    var formats: String?
    var storefronts: String?
    var themes: String?
    var sizes: String?
    var variants: String?
    var eligibility: String?
    var states: String?
    var compareBase: String?
    var chrome = false
    /// `public-key --path play`: the key a path signs with, when it has its own.
    var pathName: String?
    /// `receive`: where it listens, the root it trusts, Xsolla's key, and its answers in turn.
    var port: String?
    var rootFile: String?
    var xsollaSecret: String?
    var answers: [String] = []
    var positional: [String] = []

    static let valueOptions: Set<String> = [
        "--catalog", "--theme", "--storefront", "--state-dir", "--user", "--network", "--signed-data", "--api", "--apple-notifications", "--play-notifications", "--xsolla-notifications", "--project-id", "--junit", "--shard",
        "--jobs", "--snapshots", "--device", "--speed", "--captions", "--record", "--scenarios",
        "--out", "--formats", "--storefronts", "--themes", "--sizes", "--variants", "--eligibility", "--states", "--compare",
        "--path", "--port", "--root", "--xsolla-secret", "--answer",
    ]

    /// `--device`, checked: the screen the paywall is drawn for.
    func deviceChoice() throws(CommandFailure) -> Device {
        guard let device else { return .full }
        guard let choice = Device(rawValue: device) else {
            throw CommandFailure(.usage, "--device takes \(Device.allCases.map(\.rawValue).joined(separator: ", ")), not \(device).")
        }
        return choice
    }

    /// `--network`, checked.
    /// `--signed-data`, checked.
    func signedDataStyle() throws(CommandFailure) -> SignedDataStyle? {
        guard let signedData else { return nil }
        guard let style = SignedDataStyle(rawValue: signedData) else {
            let styles = SignedDataStyle.allCases.map(\.rawValue).joined(separator: " or ")
            throw CommandFailure(.usage, "--signed-data takes \(styles), not \(ControlCharacters.escaped(signedData)).")
        }
        return style
    }

    /// `--apple-notifications`, `--play-notifications` and `--xsolla-notifications`, checked:
    /// http or https URLs, by store.
    func notificationURLs() throws(CommandFailure) -> [Marketplace: String] {
        var urls: [Marketplace: String] = [:]
        for (option, url, store) in [("--apple-notifications", appleNotificationsURL, Marketplace.appStore),
                                     ("--play-notifications", playNotificationsURL, .googlePlay),
                                     ("--xsolla-notifications", xsollaNotificationsURL, .xsolla)] {
            guard let url else { continue }
            if let problem = OutboxSettings.problem(with: url) {
                throw CommandFailure(.usage, "\(option): \(ControlCharacters.escaped(problem)).")
            }
            urls[store] = url
        }
        return urls
    }

    func networkCondition() throws(CommandFailure) -> NetworkCondition? {
        guard let network else { return nil }
        guard let condition = NetworkCondition(rawValue: network) else {
            throw CommandFailure(.usage, "--network takes reliable or flaky, not \(network).")
        }
        return condition
    }

    /// `--project-id`, checked.
    func sdkProjectId() throws(CommandFailure) -> Int? {
        guard let projectId else { return nil }
        guard let number = Int(projectId), number > 0 else {
            throw CommandFailure(.usage, "--project-id takes a positive whole number, not \(projectId).")
        }
        return number
    }

    static func parse(_ arguments: [String]) throws(CommandFailure) -> Options {
        var options = Options()
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            if valueOptions.contains(argument) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    index += 1
                    guard index < arguments.count else {
                        throw CommandFailure(.usage, "\(argument) needs a value. See storefront --help.")
                    }
                    value = arguments[index]
                }
                switch argument {
                case "--catalog": options.catalogPath = value
                case "--theme": options.themeName = value
                case "--device": options.device = value
                case "--storefront": options.storefrontId = value
                case "--state-dir": options.stateDirectory = value
                case "--network": options.network = value
                case "--signed-data": options.signedData = value
                case "--api": options.apiAddress = value
                case "--apple-notifications": options.appleNotificationsURL = value
                case "--play-notifications": options.playNotificationsURL = value
                case "--xsolla-notifications": options.xsollaNotificationsURL = value
                case "--project-id": options.projectId = value
                case "--junit": options.junitPath = value
                case "--shard": options.shard = value
                case "--jobs": options.jobs = value
                case "--scenarios": options.scenarioSuite = value
                case "--snapshots": options.snapshotsDirectory = value
                case "--speed": options.speed = value
                case "--captions": options.captions = value
                case "--record": options.recordPath = value
                case "--out": options.outputDirectory = value
                case "--formats": options.formats = value
                case "--storefronts": options.storefronts = value
                case "--themes": options.themes = value
                case "--sizes": options.sizes = value
                case "--variants": options.variants = value
                case "--eligibility": options.eligibility = value
                case "--states": options.states = value
                case "--compare": options.compareBase = value
                case "--path": options.pathName = value
                case "--port": options.port = value
                case "--root": options.rootFile = value
                case "--xsolla-secret": options.xsollaSecret = value
                case "--answer": options.answers.append(value)
                default: options.userId = value
                }
            } else if argument == "--json" {
                options.json = true
            } else if argument == "--csv" {
                options.csv = true
            } else if argument == "--check" {
                options.check = true
            } else if argument == "--quick" {
                options.quick = true
            } else if argument == "--frames" {
                options.framesOnly = true
            } else if argument == "--purchases" {
                options.purchasesOnly = true
            } else if argument == "--terminal" {
                options.terminalOnly = true
            } else if argument == "--http" {
                options.httpOnly = true
            } else if argument == "--notifications" {
                options.notificationsOnly = true
            } else if argument == "--quiet" {
                options.quiet = true
            } else if argument == "--loop" {
                options.loop = true
            } else if argument == "--headless" {
                options.headless = true
            } else if argument == "--audience" {
                options.audience = true
            } else if argument == "--events" {
                options.events = true
            } else if argument == "--chrome" {
                options.chrome = true
            } else if argument.hasPrefix("-"), argument != "-" {
                throw CommandFailure(.usage, "unknown option \(argument). See storefront --help.")
            } else {
                options.positional.append(argument)
            }
            index += 1
        }
        return options
    }
}
