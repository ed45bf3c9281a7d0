import Exports
import Foundation
import Synchronization

/// The `capture NAME`s one run of scenarios has written. The first capture of a NAME replaces
/// what an earlier run left (a person running a scenario again wants the new screen); a later
/// one in the same run, from another scenario side by side (`--jobs`) or after, is a clash and
/// takes `NAME-2`. One value is shared by every copy of the run's `ScenarioOptions`, hence
/// the mutex.
public final class CaptureNames: Sendable {
    private let taken = Mutex<Set<String>>([])

    public init() {}

    /// How `name` is to be written in `folder`; the name is this run's from here on.
    func naming(_ name: String, in folder: String) -> ScreenCapture.Naming {
        let key = Self.key(name, folder)
        return taken.withLock { $0.insert(key).inserted } ? .replacing(name) : .after(name)
    }

    /// A name written after a clash (`NAME-2`) is this run's too.
    func keep(_ name: String, in folder: String) {
        let key = Self.key(name, folder)
        taken.withLock { _ = $0.insert(key) }
    }

    private static func key(_ name: String, _ folder: String) -> String {
        URL(fileURLWithPath: folder).standardizedFileURL.appendingPathComponent(name).path
    }
}
