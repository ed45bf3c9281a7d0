import Exports
import Foundation
import Testing
import TerminalUI

/// The ANSI encoder: the bytes of a whole frame and of the changes between two, checked by
/// replaying them into a small terminal (`ScreenReplay`) and comparing cell for cell.
@Suite struct ANSITextTests {
    static let accent = Style(foreground: RGB(0xff, 0x80, 0x00), background: RGB(0x10, 0x20, 0x30), bold: true)
    static let price = Style(foreground: RGB(0x12, 0xab, 0xef), underline: true)

    /// A small paywall-like screen: a box, a styled title, wide characters, a reversed button.
    static func sample(title: String = "Stardust Quest", price text: String = "$4.99") -> Frame {
        var frame = Frame(width: 30, height: 6)
        frame.write("╭────────────────────────────╮", x: 0, y: 0, style: .plain)
        frame.write(title, x: 2, y: 1, style: accent)
        frame.write("月額パス " + text, x: 2, y: 2, style: price)
        frame.write(" Continue ", x: 2, y: 4, style: Style(reverse: true))
        frame.write("╰────────────────────────────╯", x: 0, y: 5, style: .plain)
        return frame
    }

    static func replayed(_ chunks: [String], width: Int = 30, height: Int = 6) -> ScreenReplay {
        var screen = ScreenReplay(width: width, height: height)
        for chunk in chunks { screen.feed(chunk) }
        return screen
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// Every SGR in `text`, in order.
    static func sgrs(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "\u{1B}\\[[0-9;]*m")
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    @Test func aDocumentDrawsTheWholeFrameInItsExactColors() {
        let frame = Self.sample()
        let text = ANSIText.document(frame)
        #expect(text.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(text.contains("\u{1B}[0;1;38;2;255;128;0;48;2;16;32;48mStardust Quest"))
        #expect(text.contains("\u{1B}[0;4;38;2;18;171;239m月額パス $4.99"))
        #expect(text.contains("\u{1B}[0;7m Continue "))
        #expect(text.hasSuffix("\u{1B}[0m"))
        let screen = Self.replayed([text])
        #expect(screen.unknown == [])
        #expect(screen.frame == frame)
    }

    @Test func aStyleIsSentOncePerRunOfEqualStyle() {
        var frame = Frame(width: 20, height: 1)
        frame.write("aaaa", x: 0, y: 0, style: Self.accent)
        frame.write("bbbb", x: 4, y: 0, style: Self.price)
        frame.write("cccc", x: 8, y: 0, style: Self.accent)
        let text = ANSIText.document(frame)
        // Three runs, three SGRs, then the reset at the end.
        #expect(Self.sgrs(in: text) == ["\u{1B}[0m", ANSIWriterSGR.accent, ANSIWriterSGR.price, ANSIWriterSGR.accent, "\u{1B}[0m"])
        #expect(text.contains("aaaa") && text.contains("bbbb") && text.contains("cccc"))
    }

    @Test func aWideCharacterIsWrittenOnceAndTakesTwoColumns() {
        var frame = Frame(width: 10, height: 1)
        frame.write("日本x", x: 1, y: 0, style: .plain)
        let text = ANSIText.document(frame)
        #expect(Self.count("日", in: text) == 1 && Self.count("本", in: text) == 1)
        #expect(text.hasSuffix(" 日本x\u{1B}[0m"))
        let screen = Self.replayed([text], width: 10, height: 1)
        #expect(screen.frame == frame)
        #expect(screen.frame[5, 0].grapheme == "x")
    }

    @Test func afterAClusterOfSeveralCodePointsTheCursorIsPutWhereTheFrameSaysItIs() {
        // Terminals disagree on such clusters' widths; the cell after one must not move.
        var frame = Frame(width: 6, height: 2)
        frame.write("e\u{301}xy", x: 1, y: 1, style: .plain)
        #expect(frame[1, 1].grapheme.unicodeScalars.count == 2)
        let text = ANSIText.document(frame)
        #expect(text.contains(" e\u{301}\u{1B}[2;3Hxy"), "\(text.debugDescription)")
        #expect(Self.replayed([text], width: 6, height: 2).frame == frame)
    }

    @Test func changesAreOnlyWhatDiffersAndReplayToTheSameScreen() {
        let before = Self.sample()
        let after = Self.sample(price: "$9.99")
        let changes = ANSIText.changes(from: before, to: after)
        let whole = ANSIText.document(after)
        #expect(changes.utf8.count * 5 < whole.utf8.count, "\(changes.debugDescription) against \(whole.utf8.count) bytes")
        // One run: the cursor goes there once, the style is set once.
        #expect(Self.count("H", in: changes) == 1)
        #expect(Self.sgrs(in: changes) == [ANSIWriterSGR.price, "\u{1B}[0m"])
        #expect(!changes.contains("Stardust"))
        let screen = Self.replayed([ANSIText.document(before), changes])
        #expect(screen.unknown == [])
        #expect(screen.frame == after)
    }

    @Test func nothingChangedIsNothingToSend() {
        #expect(ANSIText.changes(from: Self.sample(), to: Self.sample()) == "")
    }

    @Test func theCursorMovesOnlyWhereARunStarts() {
        var before = Frame(width: 40, height: 2)
        before.write("left", x: 0, y: 0, style: .plain)
        before.write("right", x: 30, y: 0, style: .plain)
        var after = before
        after.write("LEFT", x: 0, y: 0, style: .plain)
        after.write("RIGHT", x: 30, y: 0, style: .plain)
        let changes = ANSIText.changes(from: before, to: after)
        #expect(changes == "\u{1B}[1H\u{1B}[0mLEFT\u{1B}[1;31HRIGHT")
        // Two changes a few cells apart are one run: rewriting the gap is cheaper than a move.
        var close = before
        close.write("l", x: 0, y: 0, style: .plain)
        close.write("t", x: 3, y: 0, style: .plain)
        close.write("L", x: 0, y: 0, style: .plain)
        close.write("T", x: 3, y: 0, style: .plain)
        #expect(ANSIText.changes(from: before, to: close) == "\u{1B}[1H\u{1B}[0mLefT")
    }

    @Test func aWideCharacterReplacedByNarrowOnesAndBack() {
        var wide = Frame(width: 8, height: 1)
        wide.write("a日b", x: 0, y: 0, style: .plain)
        var narrow = Frame(width: 8, height: 1)
        narrow.write("axyb", x: 0, y: 0, style: .plain)
        var shifted = Frame(width: 8, height: 1)
        shifted.write("ax日", x: 0, y: 0, style: Self.price)
        let frames = [wide, narrow, wide, shifted, narrow]
        var chunks = [ANSIText.changes(from: nil, to: frames[0])]
        for (previous, next) in zip(frames, frames.dropFirst()) { chunks.append(ANSIText.changes(from: previous, to: next)) }
        var screen = ScreenReplay(width: 8, height: 1)
        for (chunk, frame) in zip(chunks, frames) {
            screen.feed(chunk)
            #expect(screen.frame == frame, "after \(chunk.debugDescription)")
        }
        #expect(screen.unknown == [])
    }

    @Test func withoutAPreviousFrameTheScreenIsClearedAndOnlyWhatIsNotBlankDrawn() {
        let frame = Self.sample()
        let first = ANSIText.changes(from: nil, to: frame)
        #expect(first.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(Self.replayed([first]).frame == frame)
        // A frame of another size is drawn whole as well.
        let other = ANSIText.changes(from: Frame(width: 10, height: 2), to: frame)
        #expect(other == first)
    }

    @Test func aRealAppScreenReplaysThroughEveryChange() throws {
        let frames = try AppFrames.walk()
        #expect(frames.count >= 4)
        let width = frames[0].width, height = frames[0].height
        var screen = ScreenReplay(width: width, height: height)
        var previous: Frame?
        var changed = 0, whole = 0
        for frame in frames {
            let chunk = ANSIText.changes(from: previous, to: frame)
            screen.feed(chunk)
            #expect(screen.frame == frame)
            if previous != nil {
                changed += chunk.utf8.count
                whole += ANSIText.document(frame).utf8.count
            }
            previous = frame
        }
        #expect(screen.unknown == [])
        #expect(changed < whole / 2, "changes \(changed) bytes, whole frames \(whole)")
    }
}

/// The SGRs of the sample's styles, spelled out once.
enum ANSIWriterSGR {
    static let accent = "\u{1B}[0;1;38;2;255;128;0;48;2;16;32;48m"
    static let price = "\u{1B}[0;4;38;2;18;171;239m"
}
