#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's locale for this process: "C" until a program asks for the one its
/// environment names (LC_ALL, LC_CTYPE, LANG), which ncurses needs to draw UTF-8 and wide
/// characters, and which says whether the terminal takes UTF-8 at all.
public enum ProcessLocale {
    /// `setlocale(LC_ALL, "")`: every category from the environment. The locale's name, or
    /// nil when the environment names one the system does not have (the locale is then left
    /// as it was).
    @discardableResult
    public static func adoptEnvironment() -> String? {
        setlocale(LC_ALL, "").map { String(cString: $0) }
    }
}
