#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A name claimed by making its file: `open` with `O_CREAT | O_EXCL` makes the file and fails
/// if anything is there in one step, so of two processes or threads asking for one name,
/// exactly one gets it. Checking first and writing later leaves a gap where both see it free.
public enum ExclusiveFile {
    /// Makes `path` as a new empty file: true when this call made it, false when something
    /// (a file, a folder, a link, even a dangling one) was there already.
    public static func create(at path: String) throws(SystemError) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let error = SystemError.last
            guard error.code == EEXIST else { throw error }
            return false
        }
        _ = close(descriptor)
        return true
    }
}
