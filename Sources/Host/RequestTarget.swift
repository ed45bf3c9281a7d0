import StoreEngine

/// The path of a request target as the client sent it (`/inApps/v1/x%41?a=1`), decoded here
/// rather than by libmicrohttpd, whose decoded path is a C string: a `%00` would end it, and
/// the handler would answer for a shorter path than was asked (`APIRequest.percentDecoded`).
enum RequestTarget {
    /// `count` bytes at `target`, read where the server keeps them, without a copy of the whole
    /// target as text first.
    static func path(ofRaw target: UnsafePointer<CChar>, count: Int) -> String {
        let bytes = UnsafeRawBufferPointer(start: target, count: count)
        let end = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex
        return APIRequest.percentDecoded(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
    }

    /// `count` bytes at `pointer` as text, NULs included.
    static func text(_ pointer: UnsafePointer<CChar>, count: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}
