import Foundation
import Exports
import Testing
import TerminalUI

@Suite struct FrameArchiveTests {
    @Test func aFrameComesBackCellForCell() throws {
        var frame = Frame(width: 12, height: 3)
        let accent = Style(foreground: RGB(0x12, 0xab, 0xef), background: RGB(0, 0, 0), bold: true)
        frame.write("Gems 日本", x: 1, y: 1, style: accent)
        frame.write("$0.99", x: 2, y: 2, style: Style(reverse: true))
        let back = try FrameArchive.decode(try FrameArchive.encode(frame))
        #expect(back == frame)
        #expect(back[6, 1].width == 2)
        #expect(back[1, 1].style.foreground?.hex == "#12abef")
    }

    @Test func anArchiveWithTooFewCellsIsRefused() throws {
        let data = Data(#"{"width":2,"height":2,"styles":[{}],"cells":[{"g":" ","w":1,"s":0}]}"#.utf8)
        #expect(throws: FrameArchive.DecodingProblem.self) { try FrameArchive.decode(data) }
    }

    @Test func combinationNamesSpellTheirAxes() {
        let plain = Combination(storefront: "USA", theme: "dark", width: 120, height: 40, variant: "A", eligibility: "eligible")
        #expect(plain.name == "USA-dark-120x40-A-eligible")
        let phone = Combination(storefront: "DEU", theme: "high contrast", width: 80, height: 24, variant: "B",
                                eligibility: "not eligible", state: "trial-used", device: "phone")
        #expect(phone.name == "DEU-high_contrast-80x24-B-not_eligible-trial_used-phone")
    }
}
