#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the process does with a signal no handler of ours takes: ignore it, or its default
/// action. A signal ignored so is still seen by a Dispatch signal source, which is how an
/// export handles Ctrl-C on a queue of its own instead of in a handler.
public enum SignalDisposition {
    /// Each of `signals` is ignored from now on (SIG_IGN).
    public static func ignore(_ signals: [Int32]) {
        for number in signals { _ = signal(number, SIG_IGN) }
    }

    /// Each of `signals` has its default action again (SIG_DFL).
    public static func restoreDefault(_ signals: [Int32]) {
        for number in signals { _ = signal(number, SIG_DFL) }
    }

    /// Whether `number` is ignored now.
    public static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else { return false }
        #if canImport(Glibc)
        let installed = current.__sigaction_handler.sa_handler
        #elseif canImport(Darwin)
        let installed = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(installed, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
