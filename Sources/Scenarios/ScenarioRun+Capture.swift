import Exports
import Foundation
import StoreEngine

// `capture [NAME]`: the screen saved as the app's `c` saves it, whatever the verdict after.
extension ScenarioRun {
    func capture(_ name: String?, _ line: ScenarioLine) throws {
        let frame = try running().draw()
        do {
            let outcome = try ScreenCapture(directory: options.capturesDirectory).write(frame, name: name)
            transcript[transcript.count - 1] += "   (\(outcome.sentence))"
        } catch {
            throw SnapshotWriteFailure(error: self.error(line, "cannot capture the screen: \(error.message)"))
        }
    }
}
