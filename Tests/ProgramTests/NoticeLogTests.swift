import Foundation
import Program
import StoreEngine
import TerminalUI
import TestFixtures
import Testing

/// Issue 15 item 15: nothing said is lost. The bottom line cut long messages with no way to read
/// them; now a cut line says so and names the key, and `n` opens the last messages in full,
/// newest first, each with its simulated day and time.
@Suite("The bottom line's messages, kept")
struct NoticeLogTests {
    private let long = "The purchase failed verification: the signature does not verify, so the signed transaction "
        + "was altered. Nothing was unlocked, and the transaction is delivered again at the next launch."

    /// The rows of the messages box, joined, its spaces collapsed: a wrapped message reads whole.
    private func messages(_ app: App) throws -> String {
        let frame = app.view()
        let box = try #require(frame.box(titled: "Messages, newest first"), "no messages box:\n\(frame.text)")
        return frame.inside(box).joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    @Test func aCutBottomLineSaysSoAndNamesTheKey() throws {
        var app = makeApp()
        app.receive(report(notice: StoreNotice(.error, long)))
        let bottom = try #require(app.lines.last)
        #expect(bottom.hasSuffix("… n: in full"), "\(bottom)")
        #expect(DisplayWidth.of(bottom) <= 80)
        // A line that fits is left as it is.
        app.receive(.key(.character("e")))
        #expect(app.lines.last == " Offer eligibility: eligible.")
    }

    @Test func nOpensTheLastMessagesInFullNewestFirst() throws {
        var app = makeApp()
        app.receive(report(notice: StoreNotice(.error, long)), .tick(fixedNow.addingTimeInterval(5)), .key(.character("e")))
        app.receive(.key(.character("n")))
        let shown = try messages(app)
        #expect(shown.contains("today 11:06:45 Offer eligibility: eligible."), "\(shown)")
        #expect(shown.contains("today 11:06:40 ✗ " + long), "\(shown)")
        let newest = try #require(shown.range(of: "Offer eligibility"))
        let older = try #require(shown.range(of: "The purchase failed"))
        #expect(newest.lowerBound < older.lowerBound)
        // n again, or Esc, closes it.
        app.receive(.key(.character("n")))
        #expect(app.overlay == nil)
        app.receive(.key(.character("n")), .key(.escape))
        #expect(app.overlay == nil)
    }

    /// A message from before the calendar moved on carries its day.
    @Test func anOlderDaysMessageCarriesItsDate() throws {
        var app = makeApp()
        app.receive(.key(.character("e")), .tick(fixedNow.addingTimeInterval(86_400)), .key(.character("n")))
        #expect(try messages(app).contains("11-18 11:06:40 Offer eligibility: eligible."))
    }

    /// The last fifty are kept; an older one goes.
    @Test func theLastFiftyAreKept() throws {
        var app = makeApp()
        for index in 1...60 { app.receive(report(notice: StoreNotice(.info, "message \(index)"))) }
        #expect(app.noticeLine.log.entries.count == 50)
        #expect(app.noticeLine.log.entries.first?.notice.text == "message 60")
        #expect(app.noticeLine.log.entries.last?.notice.text == "message 11")
    }

    @Test func beforeAnyMessageTheBoxSaysSo() throws {
        var app = freshApp()
        app.receive(.key(.character("n")))
        #expect(try messages(app).contains("Nothing has been said yet."))
    }

    /// The message a report carries is stamped with the report's own time, not the one before:
    /// `+` says the calendar moved, at the time it moved to.
    @Test func aReportsMessageHasTheReportsTime() throws {
        let harness = try HeadlessHarness(width: 80, height: 24)
        harness.program.send(.started)
        harness.type("+")
        let entry = try #require(harness.app.noticeLine.log.entries.first)
        #expect(entry.notice.text.hasPrefix("The calendar moved on"))
        #expect(entry.time == fixedNow.addingTimeInterval(86_400))
    }
}
