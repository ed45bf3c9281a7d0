import StoreEngine

/// The path of a request target as the client sent it (`/inApps/v1/x%41?a=1`), decoded here
/// rather than by libmicrohttpd, whose decoded path is a C string: a `%00` would end it, and
/// the handler would answer for a shorter path than was asked (`APIRequest.percentDecoded`).
enum RequestTarget {
    static func path(ofRaw target: String) -> String {
        APIRequest.percentDecoded(target.utf8.prefix { $0 != UInt8(ascii: "?") })
    }

    /// `count` bytes at `pointer` as text, NULs included.
    static func text(_ pointer: UnsafePointer<CChar>, count: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}
