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
    /// (a file, a folder, a link, even a dangling one) was there already. With `permissions`,
    /// the file has exactly those mode bits whatever the umask (`fchmod` after the open, whose
    /// mode the umask narrows); without, 0666 less the umask.
    public static func create(at path: String, permissions: Int? = nil) throws(SystemError) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions ?? 0o666))
        guard descriptor >= 0 else {
            let error = SystemError.last
            guard error == .alreadyExists else { throw error }
            return false
        }
        if let permissions { _ = fchmod(descriptor, mode_t(permissions)) }
        _ = close(descriptor)
        return true
    }
}
