import Foundation
import Platform

/// The system's words for why a file operation failed, for every message that reaches a user:
/// the C library's `strerror` ("Permission denied", "No such file or directory", "Read-only file
/// system", "File name too long"), never Foundation's own sentence, which on Linux says only
/// "The operation could not be completed. The file name is invalid." A full disk (or quota) is
/// said in the words the ledger uses for it.
public enum SystemErrorText {
    /// The words for an `errno`.
    public static func words(for code: Int32) -> String {
        let error = SystemError(code: code)
        return error.isDiskFull ? "the disk is full; free some space" : error.reason
    }

    /// The words for an error Foundation threw (writing, moving or making a file, starting a
    /// program): the `errno` under it wherever there is one.
    public static func words(of error: any Error) -> String {
        // An NSError on Darwin, a POSIXError on Linux: either bridges to an NSError of the POSIX domain.
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return words(for: Int32(error.code)) }
        if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain {
            return words(for: Int32(underlying.code))
        }
        // No errno to say: Foundation's sentence without its empty start.
        let prefix = "The operation could not be completed. "
        let text = error.localizedDescription
        return text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
    }
}

/// The C library's words for an `errno` (`SystemErrorText.words(for:)`).
func systemErrorText(_ code: Int32) -> String {
    SystemErrorText.words(for: code)
}

/// The system's words for why a file operation of Foundation failed (`SystemErrorText.words(of:)`).
func systemErrorText(of error: any Error) -> String {
    SystemErrorText.words(of: error)
}
