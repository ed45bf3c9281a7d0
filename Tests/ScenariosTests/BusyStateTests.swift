import Foundation
import StoreEngine
import Testing
@testable import Scenarios

/// A scenario run on a given state directory claims it like the app does: while an app runs
/// there, the scenario is refused (naming the app's pid) and the app's ledger is not touched.
@Suite("Runner: a busy state directory")
struct BusyStateTests {
    @Test("a scenario on a state directory an app holds is a script error naming the pid")
    func refused() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var options = try options(in: scratch)
        let state = StateDirectory(path: scratch.file("state"))
        options.stateDirectory = state.path
        let app = try state.lock()
        defer { app.release() }
        let file = try scratch.write("buy.scenario", "select com.example.gems\nbuy\n")
        let result = ScenarioRunner.run(file, options: options)
        let error = try #require(result.scriptError, "\(result.summary)")
        #expect(error.line == 1)
        #expect(error.message == StoreError.stateDirectoryInUse(path: state.path, pid: getpid()).description)
        #expect(!FileManager.default.fileExists(atPath: state.ledgerPath))
    }

    @Test("a lock handed in by the caller (storefront scenario) is used for every launch and kept")
    func handedIn() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var options = try options(in: scratch)
        let state = StateDirectory(path: scratch.file("state"))
        options.stateDirectory = state.path
        let claim = try state.lock()
        defer { claim.release() }
        options.stateLock = claim
        let file = try scratch.write("relaunch.scenario", "user ana\nexpect transactions 0\nuser ben\nexpect transactions 0\n")
        let result = ScenarioRunner.run(file, options: options)
        #expect(result.passed, "\(result.summary)")
        #expect(throws: StoreError.self, "the caller still holds it") { try state.lock().release() }
    }
}
