import Foundation

/// The C library's words for an `errno` ("No such file or directory"), for messages.
func systemErrorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
