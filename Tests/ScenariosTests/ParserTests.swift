import Catalog
import Foundation
import Testing
import StoreEngine
import TerminalUI
@testable import Scenarios

/// Well-formed lines and what they parse to: the language as a script writer sees it.
@Suite("Parser: what each line means")
struct ParserTests {
    @Test("lines keep their number in the file and their text; blank lines and comments are skipped")
    func lineNumbers() throws {
        let text = "# header\n\n  catalog tiny.json   \n\t# indented comment\nbuy # and a note\n"
        let scenario = try ScenarioParser.parse(text, file: "dir/a.scenario")
        #expect(scenario.file == "dir/a.scenario")
        #expect(scenario.lines.map(\.number) == [3, 5])
        #expect(scenario.lines.map(\.text) == ["catalog tiny.json", "buy # and a note"])
        #expect(scenario.lines.map(\.command) == [.catalog(path: "tiny.json"), .buy])
    }

    @Test("setup lines")
    func setup() throws {
        #expect(try command("catalog catalogs/tiny.json") == .catalog(path: "catalogs/tiny.json"))
        #expect(try command(#"catalog "with space.json""#) == .catalog(path: "with space.json"))
        #expect(try command("storefront DEU") == .storefront(id: "DEU"))
        #expect(try command("path paystation") == .path(.paystation))
        #expect(try command("path storekit") == .path(.storekit))
        #expect(try command("path xee") == .path(.xee))
        #expect(try command("user qa-2") == .user(id: "qa-2"))
        #expect(try command("size 80x24") == .size(width: 80, height: 24))
        #expect(try command("size 1000x1") == .size(width: 1000, height: 1))
        #expect(try command("network flaky") == .network(.flaky))
        #expect(try command("signed-data xcode") == .signedData(.xcode))
        #expect(try command("notifications apple http://127.0.0.1:9/a") == .notifications(.appStore, url: "http://127.0.0.1:9/a", productionRetries: false))
        #expect(try command("notifications apple http://127.0.0.1:9/a production")
                == .notifications(.appStore, url: "http://127.0.0.1:9/a", productionRetries: true))
        #expect(try command("notifications apple off") == .notifications(.appStore, url: nil, productionRetries: false))
        #expect(try command("notifications play http://127.0.0.1:9/p") == .notifications(.googlePlay, url: "http://127.0.0.1:9/p", productionRetries: false))
        #expect(try command("notifications play off") == .notifications(.googlePlay, url: nil, productionRetries: false))
        #expect(try command("signed-data app-store") == .signedData(.appStore))
        #expect(try command("network reliable") == .network(.reliable))
        #expect(try command("seed 0") == .seed(0))
        #expect(try command("seed 18446744073709551615") == .seed(.max))
    }

    @Test("select takes a SKU, or a position counted from 1")
    func select() throws {
        #expect(try command("select com.example.gems") == .select(.sku("com.example.gems")))
        #expect(try command("select 1") == .select(.position(1)))
        #expect(try command("select 12") == .select(.position(12)))
    }

    @Test("acting lines")
    func acting() throws {
        #expect(try command("buy") == .buy)
        #expect(try command("restore") == .restore)
        #expect(try command(#"open-url "app://x?a=1&b=2""#) == .openURL("app://x?a=1&b=2"))
        #expect(try command("advance 2h") == .advance(seconds: 7_200))
        #expect(try command("click 0 0") == .click(x: 0, y: 0))
        #expect(try command("click 10 12") == .click(x: 10, y: 12))
    }

    @Test("Google Play's country and chargeback")
    func playCountryAndChargeback() throws {
        #expect(try command("play country DEU") == .play(.country("DEU")))
        #expect(try command("play country off") == .play(.country(nil)))
        #expect(try command("play chargeback last") == .act(.chargeback, .last))
        #expect(try command("play chargeback txn-000002") == .act(.chargeback, .id("txn-000002")))
    }

    @Test("paystation card leaves the expiry to the page (12/40 until then) and fills in CVV 123 when left out, and drops / and spaces")
    func payStationCard() throws {
        #expect(try command("paystation card 4111111111111111")
                == .payStationCard(number: "4111111111111111", expiry: nil, cvv: "123"))
        #expect(try command(#"paystation card "4111 1111 1111 1152" 12/30 999"#)
                == .payStationCard(number: "4111111111111152", expiry: "1230", cvv: "999"))
        #expect(try command("paystation card 4111111111111111 0128")
                == .payStationCard(number: "4111111111111111", expiry: "0128", cvv: "123"))
        #expect(try command("paystation 3ds 1234") == .payStation3DS(code: "1234"))
        #expect(try command("paystation close") == .payStationClose)
    }

    @Test("storekit names each outcome of the App Store sheet; fail names StoreKit's error")
    func storeKit() throws {
        #expect(try command("storekit confirm") == .storeKit(.buy))
        #expect(try command("storekit cancel") == .storeKit(.cancel))
        #expect(try command("storekit ask-to-buy") == .storeKit(.askToBuy))
        #expect(try command("storekit interrupt") == .storeKit(.interrupt))
        #expect(try command("storekit tamper") == .storeKit(.tamper))
        for failure in StoreKitFailure.allCases {
            #expect(try command("storekit fail \(failure.rawValue)") == .storeKit(.fail(failure)))
        }
    }

    @Test("approve, decline, resolve and refund name a transaction; refund's reason is other unless given")
    func transactionActions() throws {
        #expect(try command("approve last") == .act(.approve, .last))
        #expect(try command("decline txn-000002") == .act(.decline, .id("txn-000002")))
        #expect(try command("resolve last") == .act(.resolve, .last))
        #expect(try command("refund last") == .act(.refund(.other), .last))
        #expect(try command("refund txn-000001 developerIssue") == .act(.refund(.developerIssue), .id("txn-000001")))
        #expect(try command("extend-renewal 7") == .act(.extendRenewal(RenewalExtension(.days(7))), .last))
        #expect(try command("extend-renewal txn-000002 30") == .act(.extendRenewal(RenewalExtension(.days(30))), .id("txn-000002")))
        #expect(try command("relaunch") == .relaunch)
    }

    @Test("xee sets the simulated server: its key, and how Apple answers")
    func xee() throws {
        #expect(try command("xee key on") == .xeeKey(true))
        #expect(try command("xee key off") == .xeeKey(false))
        for answer in XeeServerSettings.AppleAnswer.allCases {
            #expect(try command("xee apple \(answer.rawValue)") == .xeeApple(answer))
        }
        #expect(try command("xee os 15") == .xeeOS(.ios15))
        #expect(try command("xee os 14") == .xeeOS(.ios14))
    }

    @Test("key names are case-insensitive; a single character is itself")
    func keys() throws {
        #expect(try command("key j j Enter") == .keys([.character("j"), .character("j"), .enter]))
        #expect(try command("key esc ESCAPE return tab backtab shift-tab backspace")
                == .keys([.escape, .escape, .enter, .tab, .backTab, .backTab, .backspace]))
        #expect(try command("key up down left right space ctrl-c")
                == .keys([.up, .down, .left, .right, .character(" "), .interrupt]))
        // Single characters keep their case: `S` is the previous storefront, `s` the next.
        #expect(try command("key S s ? ]") == .keys([.character("S"), .character("s"), .character("?"), .character("]")]))
    }

    @Test("snapshot names are letters, digits, - _ and .")
    func snapshot() throws {
        #expect(try command("snapshot paywall-usa_v2.1") == .snapshot(name: "paywall-usa_v2.1"))
    }

    @Test("capture takes a name, or none for the time now")
    func capture() throws {
        #expect(try command("capture paywall-usa_v2.1") == .capture(name: "paywall-usa_v2.1"))
        #expect(try command("capture") == .capture(name: nil))
    }

    @Test("every expect form")
    func expectations() throws {
        #expect(try command(#"expect screen contains "Pay Station""#) == .expect(.screenContains("Pay Station")))
        #expect(try command(#"expect screen lacks "Pay Station""#) == .expect(.screenLacks("Pay Station")))
        #expect(try command("expect entitlement premium active") == .expect(.entitlement(level: "premium", active: true)))
        #expect(try command("expect entitlement premium inactive") == .expect(.entitlement(level: "premium", active: false)))
        #expect(try command("expect owned com.example.noads") == .expect(.owned(sku: "com.example.noads")))
        #expect(try command("expect balance gems 100") == .expect(.balance(currency: "gems", amount: 100)))
        #expect(try command("expect transaction last purchased")
                == .expect(.transaction(.last, state: "purchased", finished: nil)))
        #expect(try command("expect transaction txn-000002 failed finished")
                == .expect(.transaction(.id("txn-000002"), state: "failed", finished: true)))
        #expect(try command("expect transaction last purchasing unfinished")
                == .expect(.transaction(.last, state: "purchasing", finished: false)))
        #expect(try command("expect transactions 0") == .expect(.transactionCount(0)))
        #expect(try command("expect charge last 4.99 USD")
                == .expect(.charge(.last, amount: Decimal(string: "4.99")!, currency: "USD")))
        #expect(try command("expect charge txn-000001 0 USD") == .expect(.charge(.id("txn-000001"), amount: 0, currency: "USD")))
        #expect(try command("expect event redirect.received") == .expect(.event(name: "redirect.received", present: true)))
        #expect(try command("expect no event grant") == .expect(.event(name: "grant", present: false)))
        #expect(try command("expect invalid-products a.b c.d") == .expect(.invalidProducts(["a.b", "c.d"])))
        #expect(try command("expect invalid-products none") == .expect(.invalidProducts([])))
    }

    @Test("every transaction state the language knows parses", arguments: TransactionStateName.all)
    func transactionStates(state: String) throws {
        #expect(try command("expect transaction last \(state)") == .expect(.transaction(.last, state: state, finished: nil)))
    }

    @Test("a charge keeps its exact decimal amount (no binary floating point)")
    func chargeIsDecimal() throws {
        guard case .expect(.charge(_, let amount, _)) = try command("expect charge last 37.99 USD") else {
            Issue.record("not a charge")
            return
        }
        #expect(amount == Decimal(string: "37.99"))
        #expect("\(amount)" == "37.99")
    }

    @Test("which lines are setup: they may come before the launch")
    func setupLines() throws {
        let setup = try commands("catalog a.json\nstorefront USA\npath xee\nuser u\nsize 80x24\nnetwork flaky\nseed 1\nnotifications apple http://127.0.0.1:9000/apple")
        #expect(setup.allSatisfy { $0.isSetup })
        let acting = try commands("select 1\nbuy\nrestore\nadvance 1s\nkey q\nclick 1 1\nexpect transactions 0\nsnapshot s")
        #expect(!acting.contains { $0.isSetup })
    }
}
