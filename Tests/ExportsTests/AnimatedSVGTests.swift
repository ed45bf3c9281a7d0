import Foundation
import Exports
import Testing
import TerminalUI

/// The animated recording: frames shown in turn by one looping animation, only the rows a
/// frame changed drawn for it, each row drawn once and used again, and a minute's demo small.
@Suite struct AnimatedSVGTests {
    static let ground = Style(foreground: RGB(0xe6, 0xe8, 0xef), background: RGB(0x12, 0x14, 0x1c))
    static let selected = Style(foreground: RGB(0x12, 0x14, 0x1c), background: RGB(0x7c, 0xc4, 0xff), bold: true)

    /// A list of `rows` plans with the selection on `selection`, as a paywall draws it.
    static func menu(width: Int, height: Int, selection: Int, rows: Int = 10) -> Frame {
        var frame = Frame(width: width, height: height, style: ground)
        frame.drawBox(Rect(x: 0, y: 0, width: width, height: height), title: "Shop", border: .rounded, style: ground)
        frame.write("Tiny Game · USA · dark", x: 2, y: 1, style: ground)
        for row in 0..<rows {
            let name = "Plan \(row + 1)  Gems ×\((row + 1) * 100)  $\(row).99"
            frame.write(DisplayWidth.pad(name, to: width - 6), x: 3, y: 3 + row, style: row == selection ? selected : ground)
        }
        return frame
    }

    static func recording(_ frames: [(Double, Frame)], width: Int = 40, height: Int = 16) -> Recording {
        Recording(width: width, height: height, started: Date(timeIntervalSince1970: 0), title: "demo",
                  events: frames.map { ($0.0, .frame($0.1)) })
    }

    /// The groups in the grid, each with its `<use>` rows' y and its animation class.
    func groups(_ root: SVGElement) -> [(classes: [String], ys: [String])] {
        (root.all("g").first { $0.attributes["transform"] != nil }?.children ?? [])
            .filter { $0.name == "g" }
            .map { ($0.classes, $0.all("use").map { $0.attributes["y"] ?? "" }) }
    }

    @Test func theFirstFrameIsDrawnWholeAndLaterFramesOnlyTheRowsTheyChange() throws {
        let svg = AnimatedSVG.document(Self.recording([(0, Self.menu(width: 40, height: 16, selection: 0)),
                                                       (1, Self.menu(width: 40, height: 16, selection: 1)),
                                                       (2, Self.menu(width: 40, height: 16, selection: 2))]))
        let root = try SVGTree.parse(svg)
        let uses = root.all("use")
        #expect(uses.count == 16 + 2 + 2)
        // Frame 1 draws rows 3 and 4 (the selection left one, reached the other); frame 2, rows 4 and 5.
        let drawn = groups(root).map(\.ys)
        #expect(drawn.suffix(3).flatMap { $0 } == ["72", "96", "96", "120"])
    }

    @Test func eachGroupShowsFromItsFrameUntilItsRowsAreReplaced() throws {
        let svg = AnimatedSVG.document(Self.recording([(0, Self.menu(width: 40, height: 16, selection: 0)),
                                                       (1, Self.menu(width: 40, height: 16, selection: 1)),
                                                       (2, Self.menu(width: 40, height: 16, selection: 2))]))
        let root = try SVGTree.parse(svg)
        let css = root.all("style").first?.allText ?? ""
        // Four seconds in all: the last frame at 2 s, then the hold of 2 s.
        #expect(css.contains(".f{animation-duration:4s;animation-timing-function:step-end;animation-iteration-count:infinite}"))
        // The keyframes a group runs: its `aN` class's animation-name, then that rule.
        func keyframes(of classes: [String]) -> String? {
            guard let animated = classes.first(where: { $0.hasPrefix("a") }),
                  let name = css.components(separatedBy: ".\(animated){animation-name:").dropFirst().first?
                    .components(separatedBy: "}").first else { return nil }
            return css.components(separatedBy: "@keyframes \(name){").dropFirst().first?.components(separatedBy: "}}").first
        }
        let all = groups(root)
        // Rows that nothing replaces show throughout and need no animation.
        #expect(all.contains { $0.classes.isEmpty && $0.ys.count == 13 })
        // The first frame's rows 3 and 4 (y 72 and 96) give way at frame 1, 25 % of the loop.
        let first = try #require(all.first { $0.ys == ["72", "96"] })
        #expect(keyframes(of: first.classes) == "0%{visibility:visible}25%{visibility:hidden}100%{visibility:hidden")
        // Frame 1 draws rows 3 and 4; row 4 gives way at frame 2 (50 %), row 3 stays.
        let replaced = try #require(all.first { $0.ys == ["96"] })
        #expect(keyframes(of: replaced.classes) == "0%{visibility:hidden}25%{visibility:visible}50%{visibility:hidden}100%{visibility:hidden")
        // The last frame stays until the loop starts over.
        let last = try #require(all.last)
        #expect(keyframes(of: last.classes) == "0%{visibility:hidden}50%{visibility:visible}100%{visibility:visible")
    }

    @Test func theFramesTimesAndTheLoopsLengthAreOnTheRoot() throws {
        let svg = AnimatedSVG.document(Self.recording([(0, Self.menu(width: 40, height: 16, selection: 0)),
                                                       (0.25, Self.menu(width: 40, height: 16, selection: 1)),
                                                       (1.5, Self.menu(width: 40, height: 16, selection: 2))]))
        let root = try SVGTree.parse(svg)
        #expect(root.attributes["data-frame-times"] == "0 0.25 1.5")
        #expect(root.attributes["data-duration"] == "3.5")
    }

    @Test func rowsAndAnimationsAreNamedAfterThePictureSoTwoCanShareAPage() throws {
        let one = AnimatedSVG.document(Self.recording([(0, Self.menu(width: 40, height: 16, selection: 0)),
                                                       (1, Self.menu(width: 40, height: 16, selection: 1))]))
        let other = AnimatedSVG.document(Self.recording([(0, Self.menu(width: 40, height: 16, selection: 2)),
                                                         (1, Self.menu(width: 40, height: 16, selection: 3))]))
        let root = try SVGTree.parse(one), otherRoot = try SVGTree.parse(other)
        let name = try #require(root.attributes["id"])
        #expect(name.hasPrefix("sf"))
        #expect(otherRoot.attributes["id"] != name)
        #expect(AnimatedSVG.document(Self.recording([(0, Self.menu(width: 40, height: 16, selection: 0)),
                                                     (1, Self.menu(width: 40, height: 16, selection: 1))])) == one)
        // Every rule applies inside this picture only, every keyframe and row is its own.
        let css = root.all("style").first?.allText ?? ""
        for rule in css.split(separator: "\n") where !rule.isEmpty {
            #expect(rule.hasPrefix("#\(name)") || rule.hasPrefix("@keyframes \(name)k")
                    || rule.hasPrefix("@media (prefers-reduced-motion:reduce){#\(name) "), "\(rule)")
        }
        #expect(root.all("use").allSatisfy { $0.attributes["href"]?.hasPrefix("#\(name)r") == true })
        #expect(root.all("defs").first?.children.allSatisfy { $0.attributes["id"]?.hasPrefix("\(name)r") == true } == true)
    }

    @Test func aReaderWhoAsksForLessMotionSeesTheLastFrameStill() throws {
        let svg = AnimatedSVG.document(Self.recording([(0, Self.menu(width: 40, height: 16, selection: 0)),
                                                       (1, Self.menu(width: 40, height: 16, selection: 1))]))
        let root = try SVGTree.parse(svg)
        let name = try #require(root.attributes["id"])
        #expect(root.all("style").first?.allText.contains("@media (prefers-reduced-motion:reduce){#\(name) .f{animation:none}}") == true)
    }

    @Test func aRowDrawnBeforeIsUsedAgainNotDrawnAgain() throws {
        let frames = (0..<20).map { (Double($0) * 0.1, Self.menu(width: 40, height: 16, selection: $0 % 2)) }
        let root = try SVGTree.parse(AnimatedSVG.document(Self.recording(frames)))
        let rows = root.all("defs").first?.children.filter { $0.name == "g" } ?? []
        // The first frame's 14 different rows (its three blank ones are one) and the two rows of
        // the selection on the other plan.
        #expect(rows.count == 16)
        #expect(root.all("use").count == 16 + 19 * 2)
    }

    @Test func aResizeRedrawsEveryRowAtTheLargestSize() throws {
        let svg = AnimatedSVG.document(Self.recording([(0, Self.menu(width: 40, height: 16, selection: 0)),
                                                       (0.5, Self.menu(width: 50, height: 20, selection: 0)),
                                                       (1, Self.menu(width: 30, height: 12, selection: 0))]))
        let root = try SVGTree.parse(svg)
        #expect(root.attributes["width"] == "600")
        #expect(root.attributes["height"] == "480")
        // Every row of the largest grid each time, so nothing of a bigger frame is left behind.
        #expect(groups(root).flatMap(\.ys).count == 20 * 3)
    }

    @Test func anEmptyRecordingIsABlankPictureOfItsSize() throws {
        let root = try SVGTree.parse(AnimatedSVG.document(Self.recording([], width: 20, height: 5)))
        #expect(root.attributes["width"] == "240")
        #expect(root.attributes["height"] == "120")
    }

    @Test func theRecordingsTitleNamesThePicture() throws {
        let root = try SVGTree.parse(AnimatedSVG.document(Self.recording([(0, Self.menu(width: 40, height: 16, selection: 0))]),
                                                          options: SVGOptions(chrome: true)))
        #expect(root.children.first?.allText == "demo")
        #expect(root.all("circle").count == 3)
    }

    @Test func aMinuteOfASelectionMovingEveryTenthOfASecondIsUnderTwoMegabytes() throws {
        // 600 frames at 120x40, the selection stepping down 30 plans and back up again.
        var frames: [(Double, Frame)] = []
        for index in 0..<600 {
            let step = index % 60, selection = step < 30 ? step : 59 - step
            var frame = Self.menu(width: 120, height: 40, selection: selection, rows: 30)
            frame.write("elapsed \(index / 10).\(index % 10) s", x: 90, y: 38, style: Self.ground)
            frames.append((Double(index) * 0.1, frame))
        }
        let svg = AnimatedSVG.document(Self.recording(frames, width: 120, height: 40))
        let size = svg.utf8.count
        #expect(size < 2_000_000, "\(size) bytes")
        _ = try SVGTree.parse(svg)
    }
}
