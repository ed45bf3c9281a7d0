#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names of files in their folders: removing one (`unlink`), giving a file a second name
/// (`link`) and moving a name onto another (`rename`), each one step the kernel does whole,
/// with the `errno` of a refusal for the caller to say in its own words.
public enum FileNames {
    /// Removes the name `path` (a file, a link, a socket; never a folder).
    public static func remove(_ path: String) throws(SystemError) {
        guard unlink(path) == 0 else { throw .last }
    }

    /// Gives the file named `existing` the name `newName` too. Refused with EEXIST when
    /// anything is at `newName`, which is left as it is: of two processes linking a file into
    /// one place, the first keeps it.
    public static func link(_ existing: String, as newName: String) throws(SystemError) {
        guard unistdLink(existing, newName) == 0 else { throw .last }
    }

    /// Moves the name `path` to `newName`, replacing whatever file had that name, at once:
    /// anyone opening `newName` finds the old file or the new one, never neither.
    public static func rename(_ path: String, to newName: String) throws(SystemError) {
        guard stdioRename(path, newName) == 0 else { throw .last }
    }
}

/// `link(2)`, whose name `FileNames.link` takes.
private func unistdLink(_ existing: String, _ newName: String) -> Int32 {
    link(existing, newName)
}

/// `rename(2)`, whose name `FileNames.rename` takes.
private func stdioRename(_ path: String, _ newName: String) -> Int32 {
    rename(path, newName)
}
