#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lowers the calling thread's scheduling priority for work that serves others in the
/// background (the stores' API threads, the notification posts): on a busy machine the thread
/// that draws the screen is scheduled first, so a backend hammering the API does not stall
/// the app's frames.
public enum BackgroundPriority {
    /// The niceness the threads get on Linux (0 is normal, 19 the lowest).
    public static let niceness: Int32 = 10

    /// Lowers the calling thread only; true when the system took it.
    @discardableResult
    public static func lowerCurrentThread() -> Bool {
        #if canImport(Glibc)
        // On Linux a thread is a task of its own: PRIO_PROCESS with its id changes that thread alone.
        guard let thread = threadId() else { return false }
        return setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, niceness) == 0
        #elseif canImport(Darwin)
        return pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0) == 0
        #endif
    }

    /// The calling thread's niceness (Linux), for tests; nil where threads have none of their own.
    public static func currentNiceness() -> Int32? {
        #if canImport(Glibc)
        guard let thread = threadId() else { return nil }
        errno = 0
        let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread)
        return errno == 0 ? value : nil
        #elseif canImport(Darwin)
        return nil
        #endif
    }

    #if canImport(Glibc)
    /// The calling thread's kernel id. Swift's Glibc has no `gettid`, and `syscall` is variadic;
    /// `/proc/thread-self` links to `PID/task/TID`.
    private static func threadId() -> id_t? {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let text = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "/").last.flatMap { id_t($0) }
    }
    #endif
}
