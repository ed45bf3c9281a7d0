import Exports
import Foundation
import StoreEngine

// `capture [NAME]`: the screen saved as the app's `c` saves it, whatever the verdict after.
extension ScenarioRun {
    func capture(_ name: String?, _ line: ScenarioLine) throws {
        let frame = try running().draw()
        do {
            let folder = options.capturesDirectory
            let naming = name.map { options.captureNames.naming($0, in: folder) } ?? .stamped(Date())
            let outcome = try ScreenCapture(directory: folder).write(frame, naming: naming)
            if case .after = naming, let written = outcome.name { options.captureNames.keep(written, in: folder) }
            transcript[transcript.count - 1] += "   (\(outcome.sentence))"
        } catch {
            throw SnapshotWriteFailure(error: self.error(line, "cannot capture the screen: \(error.message)"))
        }
    }
}
