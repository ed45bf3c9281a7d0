import Catalog
import Foundation
import Host
import Program
import StoreEngine
import TerminalUI

/// A mistake in a scenario file itself: exit 64, with the place and what is wrong (also the place
/// and the sentence of an I/O error, `ScenarioResult.Outcome.ioError`).
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): error: \(message)" }
}

/// Reads the scenario language (docs/scenarios.md): one command a line, `#` comments, words
/// separated by spaces, `"double quotes"` around text with spaces. Every line is checked before
/// anything runs, so a typo on line 40 fails at once, not after 39 lines of work.
///
/// Linear in the file: each line is read once, and nothing does work per pair of characters
/// of a word (the nearest command name is looked for only among names of about its length).
/// A line holds at most `maxLineBytes`, and a message quotes a long word by its start.
public enum ScenarioParser {
    /// The longest line read: as long as the longest URL the app takes from outside, so any
    /// `open-url` fits, and no longer, so one line cannot hold the machine.
    public static let maxLineBytes = URLSocket.maxURLBytes

    public static func parse(_ text: String, file: String) throws(ScriptError) -> Scenario {
        var lines: [ScenarioLine] = []
        var comments: [Int: String] = [:]
        // Split on line feeds by scalar: in Swift "\r\n" is one Character, which a split on the
        // Character "\n" would never find, so a file saved on Windows would read as one line.
        let rawLines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in rawLines.enumerated() {
            let number = index + 1
            let source = String(String.UnicodeScalarView(raw.filter { $0 != "\r" })).trimmingCharacters(in: .whitespaces)
            func fail(_ message: String) -> ScriptError { ScriptError(file: file, line: number, message: message) }
            guard source.utf8.count <= maxLineBytes else {
                throw fail("line \(number) is \(source.utf8.count) bytes long; a line holds at most \(maxLineBytes)")
            }
            let words: [String]
            do {
                words = try tokenize(source)
            } catch {
                throw fail(error.message)
            }
            if let comment = comment(in: source) { comments[number] = comment }
            guard let name = words.first else { continue }
            let command: ScenarioCommand
            do {
                command = try parse(name, Array(words.dropFirst()))
            } catch {
                // Whichever message quotes a long word quotes its start.
                let long = words.filter { $0.utf8.count > quotedLimit }
                throw fail(long.reduce(error.message) { $0.replacingOccurrences(of: $1, with: quoted($1)) })
            }
            lines.append(ScenarioLine(number: number, text: shown(source), command: command))
        }
        guard !lines.isEmpty else {
            throw ScriptError(file: file, line: 1, message: "the scenario has no commands; see docs/scenarios.md")
        }
        return Scenario(file: file, lines: lines, comments: comments)
    }

    struct Problem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    static let commandNames = [
        "catalog", "storefront", "path", "user", "size", "network", "seed", "signed-data", "select", "buy", "paystation", "storekit", "play", "acknowledge", "consume",
        "approve", "decline", "resolve", "refund", "rate", "upgrade", "downgrade", "price-increase", "delete", "tamper", "expire", "renew", "billing-issue", "extend-renewal", "cancel-renewal", "enable-renewal", "xee", "open-url", "promote", "resume", "api", "notifications", "webhook-mode", "relaunch", "reload", "restore", "advance", "key", "type", "click", "preview", "expect", "snapshot", "capture", "caption",
        // The stores' own sheets.
        "refund-request", "reverse-refund", "manage-subscriptions", "in-app-messages", "code-sheet", "sheet",
        // Offer codes.
        "redeem",
        "stop-sharing",  // Family Sharing
    ]

    private static func parse(_ name: String, _ arguments: [String]) throws(Problem) -> ScenarioCommand {
        func exactly(_ count: Int, _ usage: String) throws(Problem) {
            guard arguments.count == count else { throw Problem("\(name) takes \(usage)") }
        }
        switch name {
        case "catalog":
            try exactly(1, "one FILE: catalog path/to/catalog.json")
            return .catalog(path: arguments[0])
        case "storefront":
            try exactly(1, "one storefront ID: storefront DEU")
            return .storefront(id: arguments[0])
        case "path":
            let paths = IntegrationPath.allCases.map(\.rawValue).sorted().joined(separator: ", ")
            try exactly(1, "one of \(paths)")
            guard let path = IntegrationPath(rawValue: arguments[0]) else {
                throw Problem("unknown path \(arguments[0]); paths: \(paths)")
            }
            return .path(path)
        case "user":
            try exactly(1, "one user ID: user qa-2")
            return .user(id: arguments[0])
        case "size":
            try exactly(1, "WIDTHxHEIGHT: size 80x24")
            let parts = arguments[0].split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy(Self.isDigits), let width = Int(parts[0]), let height = Int(parts[1]),
                  (1...1000).contains(width), (1...1000).contains(height)
            else { throw Problem("size takes WIDTHxHEIGHT such as 80x24, not \(arguments[0])") }
            return .size(width: width, height: height)
        case "network":
            try exactly(1, "reliable or flaky")
            guard let condition = NetworkCondition(rawValue: arguments[0]) else {
                throw Problem("network takes reliable or flaky, not \(arguments[0])")
            }
            return .network(condition)
        case "signed-data":
            let styles = SignedDataStyle.allCases.map(\.rawValue).joined(separator: " or ")
            try exactly(1, styles)
            guard let style = SignedDataStyle(rawValue: arguments[0]) else {
                throw Problem("signed-data takes \(styles), not \(arguments[0])")
            }
            return .signedData(style)
        case "api":
            try exactly(1, "an ADDRESS:PORT on this machine: api 127.0.0.1:8780")
            // The port is said, not left to the default: the script's backend must know it.
            guard arguments[0].contains(":"), let address = ServedAddress(parsing: arguments[0]) else {
                throw Problem("api takes an IPv4 address and a port such as 127.0.0.1:8780 (port 0: any free one), not \(arguments[0])")
            }
            return .api(host: address.host, port: address.port)
        case "notifications":
            let usage = "a store and a URL: notifications apple|play|xsolla http://127.0.0.1:9000/apple [production] (or off; "
                + "play's URL may be followed by audience AUDIENCE)"
            guard (2...4).contains(arguments.count) else { throw Problem("notifications takes " + usage) }
            let name = arguments[0]
            guard let store = Self.notifyingStores[name] else {
                throw Problem("notifications takes apple (the App Store's), play (Google Play's) or xsolla (Xsolla's webhooks), not \(name)")
            }
            if arguments[1] == "off" {
                guard arguments.count == 2 else { throw Problem("notifications \(name) off takes nothing after off") }
                return .notifications(store, url: nil, productionRetries: false)
            }
            if let problem = OutboxSettings.problem(with: arguments[1]) { throw Problem("notifications \(name): \(problem)") }
            // A push subscription with authentication names the audience of its tokens.
            if store == .googlePlay, arguments.count > 2 {
                guard arguments[2] == "audience", arguments.count == 4 else {
                    throw Problem("after notifications play URL comes audience AUDIENCE (the push subscription's) or nothing, not "
                                  + arguments[2...].joined(separator: " "))
                }
                return .notifications(store, url: arguments[1], productionRetries: false, audience: arguments[3])
            }
            // Pub/Sub retries the same way wherever it runs: only the App Store has a production.
            guard arguments.count == 2 || (store == .appStore && arguments.count == 3 && arguments[2] == "production") else {
                throw Problem(store == .appStore
                    ? "after notifications apple URL comes production (production's retries) or nothing, not \(arguments[2])"
                    : "after notifications \(name) URL comes nothing (only the App Store has production's retries), not \(arguments[2])")
            }
            return .notifications(store, url: arguments[1], productionRetries: arguments.count == 3)
        case "webhook-mode":
            try exactly(1, "on or off: webhook-mode on")
            guard let on = ["on": true, "off": false][arguments[0]] else {
                throw Problem("webhook-mode takes on or off, not \(arguments[0])")
            }
            return .webhookMode(on)
        case "seed":
            try exactly(1, "a whole number: seed 7")
            guard Self.isDigits(arguments[0]), let seed = UInt64(arguments[0]) else {
                throw Problem("seed takes a whole number from 0, not \(arguments[0])")
            }
            return .seed(seed)
        case "select":
            try exactly(1, "a SKU or a position: select com.example.gems_100, select 2")
            if let position = Int(arguments[0]) {
                guard position >= 1, Self.isDigits(arguments[0]) else { throw Problem("positions start at 1 (the first plan)") }
                return .select(.position(position))
            }
            return .select(.sku(arguments[0]))
        case "buy":
            try exactly(0, "nothing")
            return .buy
        case "paystation":
            return try payStation(arguments)
        case "storekit":
            return try storeKit(arguments)
        case "play":
            return try play(arguments)
        case "acknowledge", "consume":
            guard arguments.count <= 1 else { throw Problem("\(name) takes nothing, or a transaction ID: \(name) txn-000001") }
            return .play(name == "acknowledge" ? .acknowledge(arguments.first) : .consume(arguments.first))
        case "xee":
            let answers = XeeServerSettings.AppleAnswer.allCases.map(\.rawValue)
            switch (arguments.first, arguments.count) {
            case ("key", 2) where arguments[1] == "on" || arguments[1] == "off":
                return .xeeKey(arguments[1] == "on")
            case ("apple", 2):
                guard let answer = XeeServerSettings.AppleAnswer(rawValue: arguments[1]) else {
                    throw Problem("xee apple takes \(answers.joined(separator: ", ")), not \(arguments[1])")
                }
                return .xeeApple(answer)
            case ("os", 2):
                guard let os = XeeServerSettings.DeviceOS(rawValue: arguments[1]) else {
                    throw Problem("xee os takes 15 or 14, not \(arguments[1])")
                }
                return .xeeOS(os)
            case ("environment", 2):
                guard let environment = XeeServerSettings.Environment(rawValue: arguments[1]) else {
                    throw Problem("xee environment takes known or unknown, not \(arguments[1])")
                }
                return .xeeEnvironment(environment)
            case ("promoted", 2):
                guard let answer = XeeServerSettings.PromotedPurchases(rawValue: arguments[1]) else {
                    throw Problem("xee promoted takes show or hold, not \(arguments[1])")
                }
                return .xeePromoted(answer)
            default:
                throw Problem("xee takes key on|off, apple \(answers.joined(separator: "|")), os 15|14, "
                              + "environment known|unknown, or promoted show|hold")
            }
        case "approve", "decline", "resolve":
            try exactly(1, "last or a transaction ID: \(name) last")
            let action: TransactionAction = name == "approve" ? .approve : name == "decline" ? .decline : .resolve
            return .act(action, reference(arguments[0]))
        case "refund":
            guard (1...2).contains(arguments.count) else {
                throw Problem("refund takes last or a transaction ID, then a REASON (other, developerIssue): refund last")
            }
            let reasons = RefundReason.allCases.map(\.rawValue)
            guard let reason = RefundReason(rawValue: arguments.count == 2 ? arguments[1] : "other") else {
                throw Problem("unknown refund reason \(arguments[1]); reasons: \(reasons.joined(separator: ", "))")
            }
            return .act(.refund(reason), reference(arguments[0]))
        case "refund-request", "reverse-refund", "manage-subscriptions", "in-app-messages", "code-sheet", "sheet":
            return try storeSheetCommand(name, arguments)
        case "upgrade", "downgrade":
            try exactly(1, "the SKU of another plan in the group: \(name) com.example.stardust.pass.yearly")
            return .changePlan(sku: arguments[0], upgrade: name == "upgrade")
        case "price-increase":
            guard (1...2).contains(arguments.count), let answer = arguments.last,
                  ["request", "accept", "decline"].contains(answer)
            else { throw Problem("price-increase takes [last|ID] request|accept|decline: price-increase last request") }
            let action: TransactionAction = answer == "request" ? .requestPriceIncrease
                : .answerPriceIncrease(accept: answer == "accept")
            return .act(action, reference(arguments.count == 2 ? arguments[0] : "last"))
        case "delete", "tamper":
            try exactly(1, "last or a transaction ID: \(name) last")
            return .act(name == "delete" ? .delete : .tamper, reference(arguments[0]))
        // Family Sharing: the purchaser stops sharing the purchase (`m`, Stop Family Sharing).
        case "stop-sharing":
            try exactly(1, "last or the purchaser's transaction ID: stop-sharing last")
            return .act(.stopFamilySharing, reference(arguments[0]))
        case "rate":
            let names = RenewalRate.allCases.map(\.rawValue).joined(separator: ", ")
            try exactly(1, "a NAME: \(names)")
            guard let rate = RenewalRate(catalogName: arguments[0]) else {
                throw Problem(arguments[0] == "paused"
                    ? "a scenario's clock is always paused (advance moves it); rate takes how long periods last: \(names)"
                    : "unknown rate \(arguments[0]); rates: \(names)")
            }
            return .rate(rate)
        case "expire", "renew", "cancel-renewal", "enable-renewal":
            guard arguments.count <= 1 else {
                throw Problem("\(name) takes nothing, last or a transaction ID of the subscription: \(name) last")
            }
            let actions: [String: TransactionAction] = ["expire": .expire, "renew": .renew,
                                                        "cancel-renewal": .cancelRenewal, "enable-renewal": .enableRenewal]
            return .act(actions[name] ?? .renew, reference(arguments.first ?? "last"))
        case "extend-renewal":
            // The store's own compensation: the renewal date moves later, nothing is charged.
            guard (1...2).contains(arguments.count), let days = Int(arguments[arguments.count - 1]), days > 0 else {
                throw Problem("extend-renewal takes [last|ID] DAYS, a whole number of days from 1: extend-renewal last 7")
            }
            return .act(.extendRenewal(RenewalExtension(.days(days))), reference(arguments.count == 2 ? arguments[0] : "last"))
        case "billing-issue":
            guard (1...2).contains(arguments.count), let switchWord = arguments.last, switchWord == "on" || switchWord == "off"
            else { throw Problem("billing-issue takes [last|ID] on|off: billing-issue last on") }
            return .act(.billingIssue(switchWord == "on"), reference(arguments.count == 2 ? arguments[0] : "last"))
        case "open-url":
            try exactly(1, "one URL")
            return .openURL(arguments[0])
        case "promote", "resume":
            try exactly(1, "one SKU: \(name) com.example.stardust.pass.monthly")
            return name == "promote" ? .promote(arguments[0]) : .resume(arguments[0])
        case "restore":
            try exactly(0, "nothing")
            return .restore
        // Offer codes: a code typed on the store's own sheet.
        case "redeem":
            try exactly(1, "one CODE, as typed on the store's sheet: redeem SPRING50")
            return .redeem(code: arguments[0])
        case "relaunch":
            try exactly(0, "nothing")
            return .relaunch
        case "reload":
            let usage = "nothing, catalog FILE or theme FILE: reload · reload catalog edited.json · reload theme neon.json"
            switch (arguments.first, arguments.count) {
            case (nil, 0): return .reload(nil)
            case ("catalog", 2): return .reload(.catalog(path: arguments[1]))
            case ("theme", 2): return .reload(.theme(path: arguments[1]))
            default: throw Problem("reload takes \(usage)")
            }
        case "advance":
            try exactly(1, "a DURATION: advance 10s, 5m, 2h, 7d")
            let seconds = try duration(arguments[0])
            // No clock starts before 1970, so a longer span passes the calendar's end from anywhere.
            guard seconds <= Clock.latest.timeIntervalSince1970 else {
                throw Problem("advance \(arguments[0]) is more than the calendar holds: it ends at 9999-12-31 23:59:59 UTC")
            }
            return .advance(seconds: seconds)
        case "key":
            guard !arguments.isEmpty else { throw Problem("key takes one or more key names: key enter, key j j enter") }
            var keys: [Key] = []
            for argument in arguments { keys.append(try key(argument)) }
            return .keys(keys)
        case "type":
            // Text into whatever has the keys (a form's field, the `:` prompt), a key per
            // character as a person types, which a demo shows one by one.
            try exactly(1, "one TEXT: type 4242424242424242, type \"DEU\"")
            guard !arguments[0].isEmpty else { throw Problem("type takes text to type; \"\" types nothing") }
            guard !ControlCharacters.contains(arguments[0]) else {
                throw Problem("type takes printable text; press other keys with key (key enter, key tab)")
            }
            return .keys(arguments[0].map(Key.character))
        case "click":
            try exactly(2, "a column and a row, from 0: click 10 12")
            guard arguments.allSatisfy(Self.isDigits), let x = Int(arguments[0]), let y = Int(arguments[1]) else {
                throw Problem("click takes two whole numbers from 0, not \(arguments.joined(separator: " "))")
            }
            return .click(x: x, y: y)
        case "preview":
            let pickers = App.pickerNames
            guard arguments.count >= 2 else {
                throw Problem("preview takes a picker and a name: preview player lapsed; pickers: \(pickers.joined(separator: ", "))")
            }
            guard pickers.contains(arguments[0]) else {
                let hint = Spelling.closest(to: arguments[0], among: Set(pickers)).map { " (did you mean \($0)?)" } ?? ""
                throw Problem("unknown picker \(quoted(arguments[0]))\(hint); pickers: \(pickers.joined(separator: ", "))")
            }
            return .preview(picker: arguments[0], name: arguments.dropFirst().joined(separator: " "))
        case "expect":
            return .expect(try expectation(arguments))
        case "snapshot":
            try exactly(1, "a NAME: snapshot paywall-usa")
            return .snapshot(name: try fileName(arguments[0], of: "snapshot"))
        case "capture":
            guard arguments.count <= 1 else { throw Problem("capture takes nothing or a NAME: capture, capture paywall-usa") }
            guard let name = arguments.first else { return .capture(name: nil) }
            return .capture(name: try fileName(name, of: "capture"))
        case "caption":
            try exactly(1, "one TEXT in quotes: caption \"Pay with a test card\"")
            let text = arguments[0].trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { throw Problem("caption takes text to show; an empty caption says nothing") }
            guard !ControlCharacters.contains(text) else {
                throw Problem("a caption is one line of text, without control characters")
            }
            return .caption(text)
        default:
            // As a misspelt key of the catalog is: only names of about the word's length are compared.
            let hint = Spelling.closest(to: name, among: Set(commandNames)).map { " (did you mean \($0)?)" } ?? ""
            throw Problem("unknown command \(quoted(name))\(hint); commands: \(commandNames.joined(separator: ", "))")
        }
    }

    /// A name that names files in a folder: no folder of its own, nothing hidden.
    private static func fileName(_ name: String, of command: String) throws(Problem) -> String {
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }), !name.hasPrefix(".") else {
            throw Problem("a \(command) name is letters, digits, - _ and . (it names a file), not \(name)")
        }
        return name
    }

    private static func payStation(_ arguments: [String]) throws(Problem) -> ScenarioCommand {
        switch arguments.first {
        case "card":
            guard (2...4).contains(arguments.count) else {
                throw Problem("paystation card takes NUMBER [MMYY] [CVV]: paystation card 4111111111111111 1240 123")
            }
            let number = arguments[1].filter { $0 != " " }
            let expiry = arguments.count > 2 ? arguments[2].filter { $0 != "/" } : nil
            let cvv = arguments.count > 3 ? arguments[3] : "123"
            for (label, value) in [("card number", number), ("expiry", expiry ?? "1240"), ("CVV", cvv)]
            where value.isEmpty || !value.allSatisfy({ $0.isASCII && $0.isNumber }) {
                throw Problem("the \(label) is digits only, not \(value)")
            }
            return .payStationCard(number: number, expiry: expiry, cvv: cvv)
        case "3ds":
            guard arguments.count == 2, Self.isDigits(arguments[1]) else {
                throw Problem("paystation 3ds takes the CODE in digits: paystation 3ds 1234")
            }
            return .payStation3DS(code: arguments[1])
        case "close":
            guard arguments.count == 1 else { throw Problem("paystation close takes nothing more") }
            return .payStationClose
        case "save-card":
            guard arguments.count == 1 else { throw Problem("paystation save-card takes nothing more") }
            return .payStationSaveCard
        case "saved-card":
            guard arguments.count == 1 else { throw Problem("paystation saved-card takes nothing more") }
            return .payStationSavedCard
        default:
            throw Problem("paystation takes card NUMBER [MMYY] [CVV], 3ds CODE, save-card, saved-card, or close")
        }
    }

    private static func play(_ arguments: [String]) throws(Problem) -> ScenarioCommand {
        let instruments = PlayInstrument.allCases.map(\.rawValue).joined(separator: "|")
        let lengths = PauseDuration.allCases.map(\.rawValue).joined(separator: "|")
        let modes = PlayReplacementMode.allCases.map(\.rawValue).joined(separator: "|")
        let usage = "play takes instrument \(instruments), response CODE, offer OFFER_ID, developer-offers on|off, cancel, "
            + "disconnect, auto-acknowledge on|off, replacement-mode \(modes), pause \(lengths)|cancel, resume, "
            + "country ID|off or chargeback last|ID"
        switch (arguments.first, arguments.count) {
        case ("instrument", 2):
            guard let instrument = PlayInstrument(rawValue: arguments[1]) else {
                throw Problem("unknown test instrument \(arguments[1]); instruments: \(instruments)")
            }
            return .play(.instrument(instrument))
        case ("response", 2):
            guard let code = PlayResponseCode(named: arguments[1]) else {
                let codes = PlayResponseCode.allCases.map(\.rawValue).joined(separator: ", ")
                throw Problem("unknown response code \(arguments[1]); codes: \(codes)")
            }
            return .play(.response(code))
        case ("cancel", 1): return .play(.cancel)
        case ("disconnect", 1): return .play(.disconnect)
        case ("auto-acknowledge", 2) where arguments[1] == "on" || arguments[1] == "off":
            return .play(.autoAcknowledge(arguments[1] == "on"))
        case ("offer", 2): return .play(.offer(arguments[1]))
        case ("developer-offers", 2) where arguments[1] == "on" || arguments[1] == "off":
            return .play(.developerOffers(arguments[1] == "on"))
        case ("replacement-mode", 2):
            guard let mode = PlayReplacementMode(argument: arguments[1]) else {
                throw Problem("unknown replacement mode \(arguments[1]); modes: \(modes)")
            }
            return .play(.replacementMode(mode))
        // The subscription of the last transaction: a pause from the end of its period (or a
        // change of the one scheduled), the scheduled pause called off, a paused one resumed.
        case ("pause", 2) where arguments[1] == "cancel":
            return .act(.cancelPause, .last)
        case ("pause", 2):
            guard let length = PauseDuration(rawValue: arguments[1]) else {
                throw Problem("play pause takes \(lengths) or cancel, not \(arguments[1])")
            }
            return .act(.pause(length), .last)
        case ("resume", 1): return .act(.resume, .last)
        // Google Play's country and chargebacks (issue 38): the country is checked against the
        // catalog as the line runs; a chargeback is the transaction manager's.
        case ("country", 2): return .play(.country(arguments[1] == "off" ? nil : arguments[1]))
        case ("chargeback", 2): return .act(.chargeback, reference(arguments[1]))
        default:
            throw Problem(usage)
        }
    }

    /// The stores whose servers post notifications, by the word a script names them with.
    static let notifyingStores: [String: Marketplace] = ["apple": .appStore, "play": .googlePlay, "xsolla": .xsolla]

    /// `expect notification STORE TYPE [SUBTYPE] delivered|failed|pending|attempt N|answered STATUS [CODE]`.
    private static func notificationExpectation(_ words: [String]) throws(Problem) -> Expectation {
        let usage = "expect notification apple|play|xsolla TYPE [SUBTYPE] delivered|failed|pending|attempt N|answered STATUS [CODE]"
        guard let store = notifyingStores[words[0]] else {
            throw Problem("expect notification takes apple, play or xsolla, not \(words[0])")
        }
        var rest = Array(words.dropFirst())
        // Xsolla's error code after the status: `answered 400 INVALID_USER`.
        var code: String?
        if rest.count >= 3, rest[rest.count - 3] == "answered", isDigits(rest[rest.count - 2]) {
            code = rest.removeLast()
        }
        let outcome: NotificationOutcome
        switch (rest.last, rest.count >= 2 ? rest[rest.count - 2] : nil) {
        case ("delivered"?, _): outcome = .delivered; rest.removeLast()
        case ("failed"?, _): outcome = .failed; rest.removeLast()
        case ("pending"?, _): outcome = .pending; rest.removeLast()
        case (let number?, "attempt"?):
            guard isDigits(number), let count = Int(number), count >= 1 else { throw Problem("attempt takes a count from 1, not \(number)") }
            outcome = .attempts(count); rest.removeLast(2)
        case (let number?, "answered"?):
            guard isDigits(number), let status = Int(number), (100...599).contains(status) else {
                throw Problem("answered takes an HTTP status (100 to 599), not \(number)")
            }
            outcome = .answered(status, code: code); rest.removeLast(2)
        default:
            throw Problem(usage)
        }
        // Apple's and Google's types are capitals (DID_RENEW, SUBSCRIPTION_RENEWED); Xsolla's are
        // lower case (order_paid); a subtype is Apple's alone.
        let lettersOfType: (Character) -> Bool = switch store {
        case .xsolla: { $0.isASCII && ($0.isLowercase || $0 == "_") }
        case .googlePlay: { $0.isASCII && ($0.isLetter || $0 == "_") }  // and voidedPurchaseNotification
        default: { $0.isASCII && ($0.isUppercase || $0 == "_") }
        }
        guard (1...(store == .appStore ? 2 : 1)).contains(rest.count), rest.allSatisfy({ !$0.isEmpty && $0.allSatisfy(lettersOfType) })
        else {
            throw Problem(usage + (store == .xsolla ? " (TYPE in Xsolla's words, as order_paid)"
                : " (TYPE and SUBTYPE in the store's capitals, as DID_RENEW BILLING_RECOVERY)"))
        }
        return .notification(store, type: rest[0], subtype: rest.count == 2 ? rest[1] : nil, outcome: outcome)
    }

    private static func storeKit(_ arguments: [String]) throws(Problem) -> ScenarioCommand {
        let usage = "storekit takes confirm, cancel, fail ERROR, ask-to-buy, interrupt or tamper"
        let failures = StoreKitFailure.allCases.map(\.rawValue).joined(separator: ", ")
        switch (arguments.first, arguments.count) {
        case ("confirm", 1): return .storeKit(.buy)
        case ("cancel", 1): return .storeKit(.cancel)
        case ("ask-to-buy", 1): return .storeKit(.askToBuy)
        case ("interrupt", 1): return .storeKit(.interrupt)
        case ("tamper", 1): return .storeKit(.tamper)
        case ("fail", 2):
            guard let failure = StoreKitFailure(rawValue: arguments[1]) else {
                throw Problem("unknown StoreKit error \(arguments[1]); errors: \(failures)")
            }
            return .storeKit(.fail(failure))
        case ("fail", _):
            throw Problem("storekit fail takes one ERROR: \(failures)")
        default:
            throw Problem(usage)
        }
    }

    private static func expectation(_ arguments: [String]) throws(Problem) -> Expectation {
        let usage = "expect takes screen contains|lacks \"TEXT\", entitlement LEVEL active|inactive, owned SKU, "
            + "balance CURRENCY N, transaction last|ID STATE [finished|unfinished], transactions N, "
            + "charge last|ID AMOUNT CURRENCY, offer last|ID TYPE [OFFER-ID], event NAME, no event NAME, "
            + "invalid-products SKU...|none, history agrees, history entitlement LEVEL active|inactive, history says \"TEXT\", "
            + "api METHOD PATH [within DURATION], notification apple|play|xsolla TYPE [SUBTYPE] OUTCOME"
        guard let what = arguments.first else { throw Problem(usage) }
        let rest = Array(arguments.dropFirst())
        switch (what, rest.count) {
        case ("screen", 2) where rest[0] == "contains" || rest[0] == "lacks":
            guard !rest[1].isEmpty else { throw Problem("expect screen \(rest[0]) needs non-empty \"TEXT\"") }
            return rest[0] == "contains" ? .screenContains(rest[1]) : .screenLacks(rest[1])
        case ("entitlement", 2) where rest[1] == "active" || rest[1] == "inactive":
            return .entitlement(level: rest[0], active: rest[1] == "active")
        case ("owned", 1):
            return .owned(sku: rest[0])
        case ("balance", 2):
            guard let amount = Int(rest[1]) else { throw Problem("expect balance takes a whole number, not \(rest[1])") }
            return .balance(currency: rest[0], amount: amount)
        case ("transaction", 2), ("transaction", 3):
            let states = TransactionStateName.all
            guard states.contains(rest[1]) else {
                throw Problem("unknown transaction state \(rest[1]); states: \(states.joined(separator: ", "))")
            }
            var finished: Bool?
            if rest.count == 3 {
                guard rest[2] == "finished" || rest[2] == "unfinished" else {
                    throw Problem("after the state comes finished or unfinished, not \(rest[2])")
                }
                finished = rest[2] == "finished"
            }
            return .transaction(reference(rest[0]), state: rest[1], finished: finished)
        case ("transactions", 1):
            guard let count = Int(rest[0]), count >= 0 else { throw Problem("expect transactions takes a count, not \(rest[0])") }
            return .transactionCount(count)
        case ("charge", 3):
            guard let amount = Decimal(string: rest[1], locale: Locale(identifier: "en_US_POSIX")),
                  rest[1].allSatisfy({ $0.isNumber || $0 == "." })
            else { throw Problem("expect charge takes an AMOUNT such as 4.99, not \(rest[1])") }
            return .charge(reference(rest[0]), amount: amount, currency: rest[2])
        case ("offer", 2), ("offer", 3):
            let types = ["introductory", "promotional", "winBack", "play", "none",
                         AppliedOffer.codeTypeName, AppliedOffer.promoCodeTypeName]
            guard types.contains(rest[1]) else {
                throw Problem("unknown offer type \(rest[1]); types: \(types.joined(separator: ", "))")
            }
            return .offer(reference(rest[0]), type: rest[1], id: rest.count == 3 ? rest[2] : nil)
        case ("notification", _) where rest.count >= 2:
            return try notificationExpectation(rest)
        case ("api", 2), ("api", 4):
            guard rest[0].allSatisfy({ $0.isUppercase }), !rest[0].isEmpty else {
                throw Problem("expect api takes a METHOD in capitals (GET, POST), not \(rest[0])")
            }
            guard rest[1].hasPrefix("/") else { throw Problem("expect api takes a PATH from / (* matches anything), not \(rest[1])") }
            guard rest.count == 4 else { return .apiCall(method: rest[0], pattern: rest[1], within: 0) }
            guard rest[2] == "within" else { throw Problem("after expect api METHOD PATH comes within DURATION, not \(rest[2])") }
            let seconds = try duration(rest[3])
            guard seconds <= 600 else { throw Problem("expect api waits at most 10m of wall time, not \(rest[3])") }
            return .apiCall(method: rest[0], pattern: rest[1], within: seconds)
        case ("event", 1):
            return .event(name: try storeEventName(rest[0]), present: true)
        case ("no", 2) where rest[0] == "event":
            return .event(name: try storeEventName(rest[1]), present: false)
        case ("history", 1) where rest[0] == "agrees":
            return .historyAgrees
        case ("history", 3) where rest[0] == "entitlement" && (rest[2] == "active" || rest[2] == "inactive"):
            return .historyEntitlement(level: rest[1], active: rest[2] == "active")
        case ("history", 2) where rest[0] == "says":
            guard !rest[1].isEmpty else { throw Problem("expect history says needs non-empty \"TEXT\"") }
            return .historySays(rest[1])
        case ("invalid-products", _) where !rest.isEmpty:
            if rest == ["none"] { return .invalidProducts([]) }
            return .invalidProducts(rest)
        default:
            throw Problem(usage)
        }
    }

    /// An event name to expect, refused when it is one of the generic names earlier builds
    /// logged on every path (`RENEWAL`): each store logs its own now, so no alias stands for
    /// them; the message names each store's.
    private static func storeEventName(_ name: String) throws(Problem) -> String {
        if let names = EventKind.retiredLifecycleNames[name], name != EventKind.priceIncrease.rawValue {
            throw Problem("\(name) is no longer logged: each store logs its own name for it (\(names)); "
                          + "expect the name of the store the scenario buys from (docs/qa.md, \"Event names by store\")")
        }
        return name
    }

    /// A word of the script as a message quotes it: whole when short, else its start and its length.
    static func quoted(_ word: String) -> String {
        guard word.utf8.count > quotedLimit else { return word }
        return "\(word.prefix(40))… (\(word.count) characters)"
    }

    static let quotedLimit = 60

    /// A line as the transcript and a failure show it: whole when it fits a screen or two.
    private static func shown(_ line: String) -> String {
        guard line.utf8.count > 300 else { return line }
        return "\(line.prefix(200))… (\(line.count) characters)"
    }

    /// One or more ASCII digits, nothing else (no sign, no spaces).
    static func isDigits<Text: StringProtocol>(_ text: Text) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    static func reference(_ text: String) -> TransactionReference {
        text == "last" ? .last : .id(text)
    }

    /// `10s`, `5m`, `2h`, `7d`, `1w`, `500ms`: simulated time.
    static func duration(_ text: String) throws(Problem) -> TimeInterval {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400), ("w", 604_800)]
        for (suffix, seconds) in units where text.hasSuffix(suffix) {
            let number = text.dropLast(suffix.count)
            if let value = Double(number), value >= 0, !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }) {
                return value * seconds
            }
        }
        throw Problem("a duration is a number and a unit (ms, s, m, h, d, w) such as 10s or 7d, not \(text)")
    }

    static let keyNames: [String: Key] = [
        "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape, "tab": .tab, "backtab": .backTab,
        "shift-tab": .backTab, "backspace": .backspace, "up": .up, "down": .down, "left": .left, "right": .right,
        "space": .character(" "), "ctrl-c": .interrupt,
    ]

    static func key(_ name: String) throws(Problem) -> Key {
        if let key = keyNames[name.lowercased()] { return key }
        if name.count == 1, let character = name.first { return .character(character) }
        throw Problem("unknown key \(name); keys: a single character, or \(keyNames.keys.sorted().joined(separator: ", "))")
    }

    /// Words separated by spaces; `"..."` keeps spaces, `\"` and `\\` inside it; `#` outside
    /// quotes starts a comment.
    static func tokenize(_ line: String) throws(Problem) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quoted = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if quoted {
                switch character {
                case "\\":
                    guard let next = iterator.next() else { throw Problem("a \\ at the end of the line escapes nothing") }
                    current.append(next)
                case "\"":
                    quoted = false
                default:
                    current.append(character)
                }
                continue
            }
            switch character {
            case "#" where !inWord:
                return finish(words, current, inWord)
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "\"":
                quoted = true
                inWord = true
            default:
                current.append(character)
                inWord = true
            }
        }
        guard !quoted else { throw Problem("a quote is not closed: add \" at the end of the text") }
        return finish(words, current, inWord)
    }

    /// The text after a line's `#` (outside quotes and not inside a word, as `tokenize` reads
    /// it), trimmed; nil when the line has no comment or an empty one.
    static func comment(in line: String) -> String? {
        var quoted = false
        var escaped = false
        var inWord = false
        for index in line.indices {
            let character = line[index]
            if quoted {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
                continue
            }
            switch character {
            case "#" where !inWord:
                let text = line[line.index(after: index)...].trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : text
            case " ", "\t": inWord = false
            case "\"": quoted = true; inWord = true
            default: inWord = true
            }
        }
        return nil
    }

    private static func finish(_ words: [String], _ current: String, _ inWord: Bool) -> [String] {
        inWord ? words + [current] : words
    }

}

/// The states `expect transaction` knows: the payment-queue states, `cancelled` for a payment
/// the player closed, `pending` for a deferred StoreKit purchase and `refunded` for a refunded
/// one (each shown so in the Transactions pane); a family member's share is `family-shared`
/// (shown `family shared`), or `revoked` once its purchaser stops sharing it.
enum TransactionStateName {
    static let all = ["purchasing", "purchased", "failed", "restored", "deferred", "cancelled", "pending", "refunded",
                      "family-shared", "revoked"]
}
