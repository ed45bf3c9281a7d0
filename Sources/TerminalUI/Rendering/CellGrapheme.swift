import Synchronization

/// A cell's grapheme cluster, held in the cell itself: up to eight bytes of UTF-8 in one
/// integer, which is every code point alone, a letter with a mark, a flag, an emoji with its
/// skin tone or variation selector. A longer cluster (a family joined by ZWJs, a letter with
/// several marks) is kept once for the whole process in `LongGraphemes`, and the cell holds
/// its number. Either way equal clusters have equal bits, so cells compare as bytes: two
/// spellings of one character (precomposed `é` and `e` with U+0301) are different cells, as
/// they are different bytes to the terminal.
struct CellGrapheme: Sendable, Hashable {
    /// The UTF-8 bytes, the first in the lowest byte; or the number of a long cluster.
    private var bits: UInt64
    /// How many bytes `bits` holds (0 to 8), or `isLong`'s marker.
    private var count: UInt8

    private static let longMarker = UInt8.max
    private static let inlineCapacity = 8

    static let empty = CellGrapheme(bits: 0, count: 0)
    static let space = CellGrapheme(ascii: 0x20)

    private init(bits: UInt64, count: UInt8) {
        self.bits = bits
        self.count = count
    }

    /// A printable ASCII character.
    init(ascii byte: UInt8) {
        self.init(bits: UInt64(byte), count: 1)
    }

    init(_ scalar: Unicode.Scalar) {
        var bits: UInt64 = 0
        var count: UInt8 = 0
        UTF8.encode(scalar) { byte in
            bits |= UInt64(byte) << (8 * UInt64(count))
            count += 1
        }
        self.init(bits: bits, count: count)
    }

    init(_ text: String) {
        var text = text
        let packed: (UInt64, UInt8)? = text.withUTF8 { utf8 in
            guard utf8.count <= Self.inlineCapacity else { return nil }
            var bits: UInt64 = 0
            for (offset, byte) in utf8.enumerated() { bits |= UInt64(byte) << (8 * UInt64(offset)) }
            return (bits, UInt8(utf8.count))
        }
        if let (bits, count) = packed {
            self.init(bits: bits, count: count)
        } else {
            self.init(bits: LongGraphemes.number(of: text), count: Self.longMarker)
        }
    }

    var string: String {
        guard count != Self.longMarker else { return LongGraphemes.text(numbered: bits) }
        return withUnsafeBytes(of: bits.littleEndian) { String(decoding: $0.prefix(Int(count)), as: UTF8.self) }
    }

    func appendUTF8(to bytes: inout [UInt8]) {
        guard count != Self.longMarker else {
            bytes.append(contentsOf: LongGraphemes.text(numbered: bits).utf8)
            return
        }
        var rest = bits
        for _ in 0..<count {
            bytes.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }
}

/// The clusters too long to sit in a cell, each numbered once for the process. Few ever come
/// (what a catalog's names and a player's typing hold), so the table only grows by them.
enum LongGraphemes {
    private struct Table {
        /// By bytes, not by `String`'s equality: two spellings of one character stay two.
        var numbers: [[UInt8]: UInt64] = [:]
        var texts: [String] = []
    }

    private static let table = Mutex(Table())

    static func number(of text: String) -> UInt64 {
        let bytes = Array(text.utf8)
        return table.withLock { table in
            if let known = table.numbers[bytes] { return known }
            let number = UInt64(table.texts.count)
            table.texts.append(text)
            table.numbers[bytes] = number
            return number
        }
    }

    static func text(numbered number: UInt64) -> String {
        table.withLock { $0.texts[Int(number)] }
    }
}
