import Foundation
import Testing
@testable import Scenarios

/// `extend-renewal [last|ID] DAYS`: the subscription's renewal date moves later, uncharged, so
/// the renewal comes that much later on the scenario's calendar.
@Suite("Scenarios: extend-renewal")
struct ExtendRenewalScenarioTests {
    @Test func theRenewalComesDaysLater() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write("extend.scenario", """
            size 100x30
            rate real
            path storekit
            select com.example.stardust.pass.weekly
            buy
            storekit confirm
            expect transactions 1
            extend-renewal 3
            expect screen contains "now renews"
            advance 8d
            # A week's pass, three days longer: not renewed yet.
            expect transactions 1
            expect entitlement premium active
            advance 3d
            expect transactions 2
            """)
        let result = ScenarioRunner.run(file, options: ScenarioOptions(defaultCatalogPath: try repositoryCatalog()))
        #expect(result.passed, "\(result.summary)")
    }
}
