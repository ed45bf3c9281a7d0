import Foundation
import Testing
@testable import Scenarios

/// One wrong line and the words its message must contain.
struct BadLine: Sendable, CustomTestStringConvertible {
    var text: String
    var gist: [String]

    init(_ text: String, _ gist: String...) {
        self.text = text
        self.gist = gist
    }

    var testDescription: String { text }
}

/// Every way a script can be wrong before it runs: the message names `file:line` (exit 64) and
/// says what to write instead. Each bad line sits on line 4, after lines that are fine, so a
/// wrong line number shows.
@Suite("Parser: script errors")
struct ParserErrorTests {
    static let file = "qa/broken.scenario"
    static let lead = "# what this checks\nsize 80x24\n\n"

    private func check(_ bad: BadLine, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = parseError(Self.lead + bad.text + "\nbuy\n", file: Self.file, sourceLocation: sourceLocation) else {
            return
        }
        #expect(error.file == Self.file, sourceLocation: sourceLocation)
        #expect(error.line == 4, "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("\(Self.file):4: error: "), sourceLocation: sourceLocation)
        for piece in bad.gist {
            #expect(error.message.contains(piece), "«\(piece)» not in: \(error.message)", sourceLocation: sourceLocation)
        }
    }

    @Test("an unknown command near a known one suggests it", arguments: [
        BadLine("expct screen contains \"x\"", "unknown command expct", "(did you mean expect?)"),
        BadLine("Buy", "unknown command Buy", "(did you mean buy?)"),
        BadLine("snapshto home", "(did you mean snapshot?)"),
        BadLine("open_url x", "(did you mean open-url?)"),
        BadLine("advanse 1s", "(did you mean advance?)"),
        // Case counts for nothing in a misspelling, as with the catalog's keys.
        BadLine("ADVANCE 1s", "unknown command ADVANCE", "(did you mean advance?)"),
    ])
    func didYouMean(bad: BadLine) { check(bad) }

    @Test("an unknown command far from every known one lists them all, and suggests none")
    func unknownCommand() throws {
        check(BadLine("frobnicate now", "unknown command frobnicate;", "commands: catalog, storefront, path, user, size",
                      "expect, snapshot"))
        let error = try #require(parseError("frobnicate now"))
        #expect(!error.message.contains("did you mean"))
    }

    @Test("a command with the wrong number of arguments says what it takes", arguments: [
        BadLine("catalog", "catalog takes one FILE"),
        BadLine("catalog a.json b.json", "catalog takes one FILE"),
        BadLine("storefront", "storefront takes one storefront ID"),
        BadLine("storefront USA DEU", "storefront takes one storefront ID"),
        BadLine("path", "path takes one of paystation, play, storekit, xee"),
        BadLine("play", "play takes instrument approves|declines|slow-approves|slow-declines, response CODE"),
        BadLine("play instrument", "play takes instrument"),
        BadLine("play auto-acknowledge maybe", "play takes instrument"),
        BadLine("play country", "country ID|off or chargeback last|ID"),
        BadLine("play chargeback", "country ID|off or chargeback last|ID"),
        BadLine("acknowledge txn-000001 txn-000002", "acknowledge takes nothing, or a transaction ID"),
        BadLine("consume a b", "consume takes nothing, or a transaction ID"),
        BadLine("extend-renewal", "extend-renewal takes [last|ID] DAYS"),
        BadLine("notifications apple", "notifications takes a store and a URL"),
        BadLine("notifications steam http://127.0.0.1:9/x", "notifications takes apple (the App Store's), play (Google Play's) or xsolla (Xsolla's webhooks), not steam"),
        BadLine("webhook-mode", "webhook-mode takes on or off"),
        BadLine("notifications play ftp://x", "notifications play: ftp://x is not an http:// or https:// URL"),
        BadLine("notifications play http://127.0.0.1:9/x production", "after notifications play URL comes audience AUDIENCE (the push subscription's) or nothing, not production"),
        BadLine("notifications play off now", "notifications play off takes nothing after off"),
        BadLine("notifications apple ftp://x", "notifications apple: ftp://x is not an http:// or https:// URL"),
        BadLine("notifications apple http://127.0.0.1:99999/x", "notifications apple: http://127.0.0.1:99999/x has port 99999"),
        BadLine("notifications apple http://127.0.0.1:9/x sandbox", "after notifications apple URL comes production"),
        BadLine("notifications apple off now", "notifications apple off takes nothing after off"),
        BadLine("extend-renewal last 0", "extend-renewal takes [last|ID] DAYS"),
        BadLine("extend-renewal last a week", "extend-renewal takes [last|ID] DAYS"),
        BadLine("user", "user takes one user ID"),
        BadLine("user ana ben", "user takes one user ID"),
        BadLine("size", "size takes WIDTHxHEIGHT: size 80x24"),
        BadLine("size 80 24", "size takes WIDTHxHEIGHT"),
        BadLine("network", "network takes reliable or flaky"),
        BadLine("seed", "seed takes a whole number: seed 7"),
        BadLine("seed 1 2", "seed takes a whole number"),
        BadLine("select", "select takes a SKU or a position"),
        BadLine("select com.a com.b", "select takes a SKU or a position"),
        BadLine("buy now", "buy takes nothing"),
        BadLine("restore all", "restore takes nothing"),
        BadLine("open-url", "open-url takes one URL"),
        BadLine("open-url a b", "open-url takes one URL"),
        BadLine("advance", "advance takes a DURATION"),
        BadLine("advance 1s 2s", "advance takes a DURATION"),
        BadLine("key", "key takes one or more key names"),
        BadLine("click", "click takes a column and a row"),
        BadLine("click 10", "click takes a column and a row"),
        BadLine("click 1 2 3", "click takes a column and a row"),
        BadLine("snapshot", "snapshot takes a NAME"),
        BadLine("snapshot a b", "snapshot takes a NAME"),
        BadLine("capture a b", "capture takes nothing or a NAME"),
    ])
    func argumentCounts(bad: BadLine) { check(bad) }

    @Test("size is WIDTHxHEIGHT, each from 1 to 1000", arguments: [
        "80", "80x", "x24", "0x24", "80x0", "1001x24", "80x1001", "widexhigh", "80x24x2", "80X24", "-80x24",
    ])
    func badSize(size: String) { check(BadLine("size \(size)", "size takes WIDTHxHEIGHT such as 80x24, not \(size)")) }

    @Test("seed is a whole number from 0 that fits in 64 bits", arguments: [
        "-1", "1.5", "seven", "0x10", "18446744073709551616",
    ])
    func badSeed(seed: String) { check(BadLine("seed \(seed)", "seed takes a whole number from 0, not \(seed)")) }

    @Test("select positions start at 1", arguments: ["0", "-2"])
    func selectZero(position: String) { check(BadLine("select \(position)", "positions start at 1 (the first plan)")) }

    @Test("path and network name their choices")
    func choices() {
        check(BadLine("path appstore", "unknown path appstore; paths: paystation, play, storekit, xee"))
        check(BadLine("path PayStation", "unknown path PayStation"))
        check(BadLine("network sometimes", "network takes reliable or flaky, not sometimes"))
        check(BadLine("signed-data apple", "signed-data takes app-store or xcode, not apple"))
        check(BadLine("signed-data", "signed-data takes app-store or xcode"))
        check(BadLine("play instrument fast", "unknown test instrument fast; instruments: approves|declines|slow-approves|slow-declines"))
        check(BadLine("play response NOPE", "unknown response code NOPE; codes: OK, USER_CANCELED"))
        check(BadLine("play replacement-mode KEEP_EXISTING", "unknown replacement mode KEEP_EXISTING; modes: "
                      + "WITH_TIME_PRORATION|CHARGE_PRORATED_PRICE|CHARGE_FULL_PRICE|WITHOUT_PRORATION|DEFERRED"))
        check(BadLine("play replacement-mode", "play takes instrument"))
    }

    @Test("click takes whole numbers from 0", arguments: ["-1 2", "1 -2", "a b", "1.5 2"])
    func badClick(cell: String) { check(BadLine("click \(cell)", "click takes two whole numbers from 0, not \(cell)")) }

    @Test("a snapshot name is a file name without folders or a leading dot", arguments: [
        ".hidden", "a/b", "../up", "with space", "star*",
    ])
    func badSnapshotName(name: String) {
        check(BadLine("snapshot \"\(name)\"", "a snapshot name is letters, digits, - _ and . (it names a file), not \(name)"))
        check(BadLine("capture \"\(name)\"", "a capture name is letters, digits, - _ and . (it names a file), not \(name)"))
    }

    @Test("an unknown key name lists the names there are", arguments: ["f13", "ctrl-x", "enterr", "pgdn"])
    func unknownKey(name: String) {
        check(BadLine("key j \(name) enter", "unknown key \(name);", "keys: a single character, or",
                      "backspace", "ctrl-c", "enter", "shift-tab"))
    }

    @Test("paystation lines", arguments: [
        BadLine("paystation", "paystation takes card NUMBER [MMYY] [CVV], 3ds CODE, save-card, saved-card, or close"),
        BadLine("paystation pay", "paystation takes card NUMBER [MMYY] [CVV], 3ds CODE, save-card, saved-card, or close"),
        BadLine("paystation card", "paystation card takes NUMBER [MMYY] [CVV]"),
        BadLine("paystation card 4111 1240 123 9", "paystation card takes NUMBER [MMYY] [CVV]"),
        BadLine("paystation card 41x1", "the card number is digits only, not 41x1"),
        BadLine("paystation card \"\"", "the card number is digits only"),
        BadLine("paystation card 4111 12-40", "the expiry is digits only, not 12-40"),
        BadLine("paystation card 4111 1240 12a", "the CVV is digits only, not 12a"),
        BadLine("paystation card ٤١١١", "the card number is digits only"),
        BadLine("paystation 3ds", "paystation 3ds takes the CODE in digits"),
        BadLine("paystation 3ds 12ab", "paystation 3ds takes the CODE in digits"),
        BadLine("paystation 3ds 1 2", "paystation 3ds takes the CODE in digits"),
        BadLine("paystation close now", "paystation close takes nothing more"),
    ])
    func payStation(bad: BadLine) { check(bad) }

    @Test("storekit and the transaction actions say what they take", arguments: [
        BadLine("storekit", "storekit takes confirm, cancel, fail ERROR, ask-to-buy, interrupt or tamper"),
        BadLine("storekit buy", "storekit takes confirm, cancel, fail ERROR"),
        BadLine("storekit confirm now", "storekit takes confirm, cancel"),
        BadLine("storekit fail", "storekit fail takes one ERROR: networkError, productUnavailable"),
        BadLine("storekit fail networkerror", "unknown StoreKit error networkerror; errors: networkError,"),
        BadLine("approve", "approve takes last or a transaction ID: approve last"),
        BadLine("decline a b", "decline takes last or a transaction ID"),
        BadLine("resolve", "resolve takes last or a transaction ID"),
        BadLine("refund", "refund takes last or a transaction ID, then a REASON (other, developerIssue)"),
        BadLine("refund last fraud", "unknown refund reason fraud; reasons: other, developerIssue"),
        BadLine("relaunch now", "relaunch takes nothing"),
        BadLine("xee", "xee takes key on|off, apple reachable|unreachable|error|unverifiable, os 15|14, "
                + "environment known|unknown, or promoted show|hold"),
        BadLine("xee environment sandbox", "xee environment takes known or unknown, not sandbox"),
        BadLine("xee promoted maybe", "xee promoted takes show or hold, not maybe"),
        BadLine("promote", "promote takes one SKU: promote com.example.stardust.pass.monthly"),
        BadLine("resume a b", "resume takes one SKU: resume com.example.stardust.pass.monthly"),
        BadLine("xee os 13", "xee os takes 15 or 14, not 13"),
        BadLine("xee key yes", "xee takes key on|off"),
        BadLine("xee apple down", "xee apple takes reachable, unreachable, error, unverifiable, not down"),
    ])
    func storeKit(bad: BadLine) { check(bad) }

    static let expectUsage = "expect takes screen contains|lacks \"TEXT\", entitlement LEVEL active|inactive"

    @Test("expect forms that do not exist show every form", arguments: [
        "expect", "expect screen", "expect screen shows \"x\"", "expect screen contains", "expect screen contains a b",
        "expect entitlement premium", "expect entitlement premium on", "expect owned", "expect owned a b",
        "expect balance gems", "expect transaction last", "expect transaction last purchased finished extra",
        "expect transactions", "expect charge last 4.99", "expect event", "expect event a b", "expect no event",
        "expect no grant", "expect invalid-products", "expect weather sunny",
    ])
    func expectUsage(line: String) {
        check(BadLine(line, Self.expectUsage, "invalid-products SKU...|none"))
    }

    @Test("expect arguments with the wrong kind of value", arguments: [
        BadLine("expect screen contains \"\"", "expect screen contains needs non-empty \"TEXT\""),
        BadLine("expect screen lacks \"\"", "expect screen lacks needs non-empty \"TEXT\""),
        BadLine("expect balance gems ten", "expect balance takes a whole number, not ten"),
        BadLine("expect balance gems 1.5", "expect balance takes a whole number, not 1.5"),
        BadLine("expect transactions many", "expect transactions takes a count, not many"),
        BadLine("expect transactions -1", "expect transactions takes a count, not -1"),
        BadLine("expect charge last 4,99 EUR", "expect charge takes an AMOUNT such as 4.99, not 4,99"),
        BadLine("expect charge last -1 USD", "expect charge takes an AMOUNT such as 4.99, not -1"),
        BadLine("expect charge last $4.99 USD", "expect charge takes an AMOUNT"),
        BadLine("expect transaction last purchased done", "after the state comes finished or unfinished, not done"),
    ])
    func expectValues(bad: BadLine) { check(bad) }

    /// Each store logs its own names: the generic ones earlier builds logged on every path are no
    /// aliases (one would pass where the store never says it), and the message names each store's.
    @Test("an event name no store logs any more names each store's", arguments: [
        BadLine("expect event RENEWAL", "RENEWAL is no longer logged", "DID_RENEW on the App Store",
                "SUBSCRIPTION_RENEWED on Google Play", "update_subscription on Xsolla", "Event names by store"),
        BadLine("expect no event NON_RENEWING_PURCHASE", "NON_RENEWING_PURCHASE is no longer logged", "ONE_TIME_CHARGE",
                "ONE_TIME_PRODUCT_PURCHASED", "order_paid"),
        BadLine("expect event INITIAL_PURCHASE", "SUBSCRIBED on the App Store", "create_subscription on Xsolla"),
        BadLine("expect event BILLING_ISSUE", "DID_FAIL_TO_RENEW", "SUBSCRIPTION_IN_GRACE_PERIOD"),
        BadLine("expect event EXPIRATION", "EXPIRED on the App Store"),
        BadLine("expect event PRODUCT_CHANGE", "DID_CHANGE_RENEWAL_PREF"),
    ])
    func retiredEventNames(bad: BadLine) { check(bad) }

    @Test func theAppStoresPriceIncreaseIsStillAName() throws {
        let scenario = try ScenarioParser.parse(Self.lead + "expect event PRICE_INCREASE\n", file: Self.file)
        #expect(scenario.lines.count == 2)
    }

    @Test("an unknown transaction state lists the states", arguments: ["paid", "Purchased", "shared", "finished"])
    func unknownState(state: String) {
        check(BadLine("expect transaction last \(state)", "unknown transaction state \(state);",
                      "states: purchasing, purchased, failed, restored, deferred, cancelled, pending, refunded, family-shared, revoked"))
    }

    @Test("an unterminated quote or a trailing backslash is an error on its line")
    func tokenizerErrors() {
        check(BadLine("expect screen contains \"Pay Station", "a quote is not closed: add \" at the end of the text"))
        check(BadLine(#"expect screen contains "Pay\"#, #"a \ at the end of the line escapes nothing"#))
    }

    @Test("an empty file, or one of comments and blank lines, has no commands: line 1",
          arguments: ["", "\n\n", "# only a comment\n", "  \n\t\n# one\n   # two\n"])
    func emptyFile(text: String) throws {
        let error = try #require(parseError(text, file: "empty.scenario"))
        #expect(error.file == "empty.scenario")
        #expect(error.line == 1)
        #expect(error.message.contains("the scenario has no commands"))
    }

    @Test("the first wrong line is the one reported, even when later lines are wrong too")
    func firstErrorWins() throws {
        let error = try #require(parseError("buy\nbuy now\nfrobnicate\n"))
        #expect(error.line == 2)
        #expect(error.message.contains("buy takes nothing"))
    }

    @Test("a script error on the last line stops the scenario before its first line runs")
    func checkedBeforeRunning() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("late.scenario", "select com.example.gems\nbuy\nexpect transactions 1\nexpect transactions x\n")
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let error = try #require(result.scriptError, "\(result.summary)")
        #expect(error.line == 4)
        #expect(result.transcript.isEmpty, "lines ran: \(result.transcript)")
    }

    @Test("a file that does not exist is a script error at line 1 naming the file")
    func missingFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = scratch.file("nowhere.scenario")
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let error = try #require(result.scriptError, "\(result.summary)")
        #expect(error.file == file)
        #expect(error.line == 1)
        #expect(error.message == "no such file")
        #expect(error.description == "\(file):1: error: no such file")
    }

    @Test("a file that is not UTF-8 is a script error at line 1")
    func notUTF8() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = scratch.file("latin1.scenario")
        // "expect screen contains "café"" in Latin-1: é is the lone byte E9.
        try Data("expect screen contains \"caf".utf8 + [0xE9] + "\"\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let error = try #require(result.scriptError, "\(result.summary)")
        #expect(error.line == 1)
        #expect(error.message.contains("is not UTF-8 text"))
    }

    @Test("a file that cannot be read says to check its permissions",
          .enabled(if: getuid() != 0, "root reads every file"))
    func unreadable() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("secret.scenario", "buy\n")
        #expect(chmod(file, 0) == 0)
        let result = ScenarioRunner.run(file, options: try options(in: scratch))
        let error = try #require(result.scriptError, "\(result.summary)")
        #expect(error.line == 1)
        #expect(error.message.contains("cannot be read; check its permissions"))
    }

    @Test("a file with Windows line endings parses line by line, as written")
    func crlfLineEndings() {
        // "\r\n" is one Character in Swift: the parser splits by scalar, so it still splits there.
        #expect(throws: Never.self) {
            let scenario = try ScenarioParser.parse("catalog tiny.json\r\n\r\nexpect transactions 0\r\n", file: "dos.scenario")
            #expect(scenario.lines.map(\.number) == [1, 3])
            #expect(scenario.lines.map(\.command) == [.catalog(path: "tiny.json"), .expect(.transactionCount(0))])
        }
    }
    @Test("paystation 3ds with an empty code is refused like an empty card number")
    func emptyThreeDSCode() {
        check(BadLine("paystation 3ds \"\"", "paystation 3ds takes the CODE in digits"))
    }
}

/// Numbers are digits only: no sign, no doubled separators.
@Suite("Scenario parser: strict numbers")
struct StrictNumberTests {
    @Test(arguments: ["size 80xx24", "size x80x24", "size 80x24x", "size +80x24", "seed +5", "seed -1", "click +1 2",
                      "click 1 -2", "paystation 3ds +123"])
    func signsAndStrayCharactersAreRefused(line: String) {
        #expect(throws: ScriptError.self) { try ScenarioParser.parse(line + "\n", file: "n.scenario") }
    }

    @Test func aSignedPositionIsRefused() {
        #expect(throws: ScriptError.self) { try ScenarioParser.parse("select +2\n", file: "n.scenario") }
    }
}
