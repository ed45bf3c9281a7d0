import Program
import Testing
import TerminalUI
@testable import CursesBackend

/// A click whose bytes ncurses handed over one by one (they came slower than its escape delay)
/// is a click again, never the keys `[`, `<`, digits and `m`; every other key goes on as it came.
@Suite("Mouse reports read as keys")
struct SplitMouseReportsTests {
    /// Esc and then each character of `text`, as ncurses hands them over.
    private func keys(_ text: String) -> [TerminalInput] {
        [.key(.escape)] + text.map { .key(.character($0)) }
    }

    private func run(_ inputs: [TerminalInput], flushAtEnd: Bool = true) -> [TerminalInput] {
        var filter = SplitMouseReports()
        var out: [TerminalInput] = []
        for (index, input) in inputs.enumerated() { out += filter.take(input, at: Double(index)) }
        if flushAtEnd { out += filter.flush() }
        return out
    }

    @Test func aPressAndItsReleaseAreOneClick() {
        let out = run(keys("[<0;90;7M") + keys("[<0;90;7m"))
        #expect(out == [.mouse(MouseEvent(.press, x: 89, y: 6))])
    }

    @Test func theWheelScrolls() {
        #expect(run(keys("[<64;3;4M")) == [.mouse(MouseEvent(.wheelUp, x: 2, y: 3))])
        #expect(run(keys("[<65;3;4M")) == [.mouse(MouseEvent(.wheelDown, x: 2, y: 3))])
    }

    @Test func escOnItsOwnIsEscOnceNothingFollows() {
        var filter = SplitMouseReports()
        #expect(filter.take(.key(.escape), at: 0).isEmpty)
        #expect(filter.isHolding)
        #expect(filter.flush() == [.key(.escape)])
        #expect(!filter.isHolding)
    }

    /// Esc then `[` (the slower-clock key) then `j`: not a report, so all three, in order.
    @Test func keysThatOnlyBeginLikeAReportGoOnInOrder() {
        let typed: [TerminalInput] = [.key(.escape), .key(.character("[")), .key(.character("j")), .key(.down)]
        #expect(run(typed) == typed)
    }

    @Test func aSecondEscStartsAfresh() {
        let out = run([.key(.escape), .key(.escape)] + Array(keys("[<0;1;1M").dropFirst()))
        #expect(out == [.key(.escape), .mouse(MouseEvent(.press, x: 0, y: 0))])
    }

    @Test func keysWithoutEscAreUntouched() {
        let typed: [TerminalInput] = "[<0;9m".map { .key(.character($0)) }
        #expect(run(typed) == typed)
    }

    @Test(arguments: ["[<0;;1M", "[<0;1M", "[<x", "[<0;1;1;1M", "[<123456;1;1M", "[>0;1;1M"])
    func whatIsNotAReportIsKeys(_ text: String) {
        #expect(run(keys(text)) == keys(text), "\(text)")
    }
}
