import Foundation
import Testing
@testable import Scenarios

/// Demos/ as `make test` checks it: one demo per path, each a scenario that passes, with
/// captions to say and expectations that keep it true.
@Suite("Demos: the shipped ones")
struct ShippedDemosTests {
    static let names = ["paystation-3ds", "storekit-ask-to-buy", "xee-notification", "play-slow-card", "subscription-billing-issue"]

    @Test("each shipped demo has captions and expect lines, and passes as a scenario", arguments: names)
    func passes(_ name: String) throws {
        let root = try #require(packageRoot())
        let file = root.appendingPathComponent("Demos/\(name).scenario").path
        let scenario = try ScenarioRunner.load(file)
        let captions = scenario.lines.filter { if case .caption = $0.command { return true } else { return false } }
        let expectations = scenario.lines.filter { if case .expect = $0.command { return true } else { return false } }
        #expect(captions.count >= 3, "\(name) says too little")
        #expect(expectations.count >= 3, "\(name) checks too little to stay true")
        let result = ScenarioRunner.run(file, options: ScenarioOptions())
        #expect(result.passed, "\(result.outcome)\n\(result.transcript.joined(separator: "\n"))")
    }
}
