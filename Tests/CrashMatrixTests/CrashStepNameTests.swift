import Foundation
import Testing

/// `STOREFRONT_CRASH_AT` names one of a purchase's three commits; any other name is refused
/// before anything runs, so a crash test never waits for a kill that cannot come (the steps
/// `purchased` and `granted` of older builds are now inside `finished`).
@Suite("STOREFRONT_CRASH_AT")
struct CrashStepNameTests {
    @Test(arguments: ["granted", "purchased", "Finished"])
    func aNameThatIsNoStepIsRefusedAndNothingIsWritten(_ name: String) throws {
        let binary = try #require(BuiltStorefront.binary, "build .build/debug/storefront first (swift build)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-name-\(UUID().uuidString.prefix(8))").path
        let state = folder + "/state"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let purchase = CrashCase.all.first { $0.path == .storekit && $0.paid }!
        try purchase.script(catalog: BuiltStorefront.catalog).write(toFile: folder + "/buy.scenario", atomically: true, encoding: .utf8)
        let ended = try Ended.run(binary, ["scenario", folder + "/buy.scenario", "--state-dir", state, "--quiet"],
                                  environment: ["STOREFRONT_CRASH_AT": name], logs: folder + "/run")
        #expect(!ended.killed)
        #expect(ended.status == 64, "usage: \(ended.output)\(ended.errors)")
        #expect(ended.errors.contains("STOREFRONT_CRASH_AT=\(name) is not a step of a purchase; the steps are opened, paid and finished"),
                "\(ended.errors)")
        #expect(!FileManager.default.fileExists(atPath: state + "/storefront.sqlite"), "refused before the ledger is made")
    }

    @Test func eachStepKillsTheRun() throws {
        let binary = try #require(BuiltStorefront.binary, "build .build/debug/storefront first (swift build)")
        let purchase = CrashCase.all.first { $0.path == .storekit && $0.paid }!
        for step in CrashTrial.steps {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-step-\(UUID().uuidString.prefix(8))").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let state = folder + "/state"
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            try purchase.script(catalog: BuiltStorefront.catalog).write(toFile: folder + "/buy.scenario", atomically: true, encoding: .utf8)
            let ended = try Ended.run(binary, ["scenario", folder + "/buy.scenario", "--state-dir", state, "--quiet"],
                                      environment: ["STOREFRONT_CRASH_AT": step], logs: folder + "/run")
            #expect(ended.killed, "\(step): \(ended.status) \(ended.errors)")
        }
    }
}
