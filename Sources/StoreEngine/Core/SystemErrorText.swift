import Foundation

/// The C library's words for an `errno` ("No such file or directory"), for messages; a full
/// disk (or quota) in the words the ledger uses for it.
func systemErrorText(_ code: Int32) -> String {
    code == ENOSPC || code == EDQUOT ? "the disk is full; free some space" : String(cString: strerror(code))
}
