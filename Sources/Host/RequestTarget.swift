/// The path of a request target as the client sent it (`/inApps/v1/x%41?a=1`), decoded here
/// rather than by libmicrohttpd, whose decoded path is a C string: a `%00` would end it, and
/// the handler would answer for a shorter path than was asked. Every byte decoded is kept, NUL
/// included; an escape that is not two hex digits stays as written, as libmicrohttpd leaves it;
/// bytes that are not UTF-8 become U+FFFD.
enum RequestTarget {
    static func path(ofRaw target: String) -> String {
        let raw = Array(target.utf8.prefix { $0 != UInt8(ascii: "?") })
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count,
               let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(raw[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `count` bytes at `pointer` as text, NULs included.
    static func text(_ pointer: UnsafePointer<CChar>, count: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
