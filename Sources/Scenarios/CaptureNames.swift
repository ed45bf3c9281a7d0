import Exports
import Foundation

/// The `capture NAME`s one run of scenarios has written. The first capture of a NAME replaces
/// what an earlier run left (a person running a scenario again wants the new screen); a later
/// one in the same run, from another scenario side by side (`--jobs`) or after, is a clash and
/// takes `NAME-2`. One value is shared by every copy of the run's `ScenarioOptions`, hence
/// the lock.
public final class CaptureNames: @unchecked Sendable {
    private let lock = NSLock()
    private var taken: Set<String> = []

    public init() {}

    /// How `name` is to be written in `folder`; the name is this run's from here on.
    func naming(_ name: String, in folder: String) -> ScreenCapture.Naming {
        lock.lock()
        defer { lock.unlock() }
        return taken.insert(Self.key(name, folder)).inserted ? .replacing(name) : .after(name)
    }

    /// A name written after a clash (`NAME-2`) is this run's too.
    func keep(_ name: String, in folder: String) {
        lock.lock()
        taken.insert(Self.key(name, folder))
        lock.unlock()
    }

    private static func key(_ name: String, _ folder: String) -> String {
        URL(fileURLWithPath: folder).standardizedFileURL.appendingPathComponent(name).path
    }
}
