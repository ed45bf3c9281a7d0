import Foundation

/// The C library's words for an `errno` ("No such file or directory"), for messages; a full
/// disk (or quota) in the words the ledger uses for it.
func systemErrorText(_ code: Int32) -> String {
    code == ENOSPC || code == EDQUOT ? "the disk is full; free some space" : String(cString: strerror(code))
}

/// The system's words for why a file operation of Foundation failed: the `errno` under it
/// ("Not a directory") where there is one, since on Linux its own description says only "The
/// operation could not be completed. (NSCocoaErrorDomain error 512.)".
func systemErrorText(of error: any Error) -> String {
    // An NSError on Darwin, a POSIXError on Linux: either bridges to an NSError of the POSIX domain.
    let underlying = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
    if let underlying, underlying.domain == NSPOSIXErrorDomain { return systemErrorText(Int32(underlying.code)) }
    return error.localizedDescription
}
