#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the pipe caught signals go to. A signal handler may do almost nothing
/// safely; writing one byte to a pipe is one of the few things it may, so the handler reads
/// only this descriptor and calls only `write(2)`.
nonisolated(unsafe) private var forwardingDescriptor: Int32 = -1

private func forwardSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(forwardingDescriptor, &byte, 1)
}

/// Signals turned into bytes on a pipe (each its number), which a thread of the caller's reads
/// at leisure: the handler does nothing else. One pipe per process, as the handlers are.
public enum SignalForwarding {
    /// Installs, with `sigaction` and SA_RESTART (a `poll` the signal interrupts just returns
    /// early), a handler for each of `signals` that writes its number to `pipe`. Done before
    /// this returns, so no signal sent after it is lost. A handler, unlike SIG_IGN, is not
    /// inherited across `exec`: the programs the app starts keep the default actions.
    public static func forward(_ signals: [Int32], to pipe: WakePipe) {
        forwardingDescriptor = pipe.writeEnd
        for number in signals {
            var action = sigaction()
            // The handler's field is the one part of `sigaction` that differs: Glibc names its
            // union `__sigaction_handler` and the member `sa_handler`, Darwin `__sigaction_u`
            // and `__sa_handler`.
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = forwardSignal
            #elseif canImport(Darwin)
            action.__sigaction_u.__sa_handler = forwardSignal
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Whether `signal` is forwarded to the pipe now (its handler is this type's, not the
    /// default action, SIG_IGN or someone else's).
    public static func isForwarded(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        #if canImport(Glibc)
        let installed = current.__sigaction_handler.sa_handler
        #elseif canImport(Darwin)
        let installed = current.__sigaction_u.__sa_handler
        #endif
        let ours: @convention(c) (Int32) -> Void = forwardSignal
        return unsafeBitCast(installed, to: Int.self) == unsafeBitCast(ours, to: Int.self)
    }
}
