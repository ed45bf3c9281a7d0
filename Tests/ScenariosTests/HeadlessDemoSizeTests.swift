import Exports
import Foundation
import Testing
import Scenarios

/// `demo --headless --record`: the recording starts at the size the script launches at (the
/// recorder takes it from the first frame), so a player opens its window at that size rather
/// than at 120x40 and resizing at once.
@Suite("Demo: a headless recording's size")
struct HeadlessDemoSizeTests {
    @Test("a script that says size 80x24 records a cast headed 80x24 with no resize at the start")
    func scriptSize() throws {
        let root = try #require(packageRoot())
        let file = root.appendingPathComponent("Demos/storekit-ask-to-buy.scenario").path
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let scenario = try ScenarioParser.parse("size 80x24\n" + text, file: file)
        let recorded = HeadlessDemo.record(scenario, options: ScenarioOptions(), settings: DemoSettings(), title: "sized")
        #expect(recorded.ending == .quit)
        let cast = CastFile.document(recorded.recording).split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(cast[0].utf8)) as? [String: Any])
        #expect(header["width"] as? Int == 80 && header["height"] as? Int == 24, "\(cast[0])")
        // The first event draws; a resize would come first if the header said another size.
        #expect(cast[1].contains("\"o\""), "\(cast[1].prefix(80))")
        #expect(recorded.recording.frames.first?.frame.width == 80)
    }
}
