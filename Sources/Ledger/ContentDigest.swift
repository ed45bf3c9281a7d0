/// A digest of a run of bytes in two 64-bit halves, for telling a changed file from the one it
/// was taken of (`LedgerFingerprint`); not a defence against anyone choosing bytes to collide.
/// Two files that differ in any one word always differ here; beyond that the odds of two
/// different files giving one digest are at most about one in 2^64 (a change confined to the
/// first two lanes reaches both halves through 64 bits).
///
/// Four 64-bit lanes take the 8-byte words of each 32-byte block in turn, independent of one
/// another so the processor works on all four at once: a ledger of 36 MB is digested in
/// milliseconds. Each step (xor the word in, multiply by an odd constant, fold the high half
/// down) is a bijection of the lane for a given word, and different words give different
/// lanes, so a single changed word always changes its lane.
struct ContentDigest {
    /// The digest: two 64-bit halves.
    struct Value: Equatable {
        var high: UInt64
        var low: UInt64

        /// Thirty-two lower-case hexadecimal digits.
        var hex: String {
            Self.digits(high) + Self.digits(low)
        }

        init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }

        init?(hex: Substring) {
            guard hex.count == 32, hex.allSatisfy(\.isHexDigit), hex.allSatisfy({ !$0.isUppercase }),
                  let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16) else { return nil }
            self.init(high: high, low: low)
        }

        private static func digits(_ half: UInt64) -> String {
            let written = String(half, radix: 16)
            return String(repeating: "0", count: 16 - written.count) + written
        }
    }

    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
        0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89,
    )
    private var length: UInt64 = 0
    /// A tail shorter than a block is taken only by `finish`, so `add` must be given whole
    /// blocks until the last call.
    private var tail: [UInt8] = []

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Takes `bytes`; every call but the last must hand in a multiple of 32 bytes.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        precondition(tail.isEmpty, "only the last bytes may end between blocks")
        length &+= UInt64(bytes.count)
        let blocks = bytes.count / 32
        var (a, b, c, d) = lanes
        var offset = 0
        for _ in 0..<blocks {
            a = Self.step(a, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            b = Self.step(b, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            c = Self.step(c, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
            d = Self.step(d, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
            offset += 32
        }
        lanes = (a, b, c, d)
        tail = Array(bytes[offset...])
    }

    /// The digest of everything added.
    mutating func finish() -> Value {
        if !tail.isEmpty {
            // The tail, zero-padded to a block; the length, mixed in below, tells it from zeros.
            var block = [UInt8](repeating: 0, count: 32)
            block.replaceSubrange(0..<tail.count, with: tail)
            tail = []
            let counted = length
            block.withUnsafeBytes { add($0) }
            length = counted
        }
        let (a, b, c, d) = lanes
        let high = Self.mix(a ^ Self.rotated(b, by: 23) ^ length)
        let low = Self.mix(c ^ Self.rotated(d, by: 41) ^ high)
        return Value(high: high, low: low)
    }

    @inline(__always)
    private static func step(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (lane ^ word) &* multiplier
        return mixed ^ (mixed >> 32)
    }

    @inline(__always)
    private static func rotated(_ value: UInt64, by count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    /// Spreads every bit of `value` over all 64.
    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed ^= mixed >> 31
        mixed &*= 0xD6E8_FEB8_6659_FD93
        mixed ^= mixed >> 29
        mixed &*= multiplier
        mixed ^= mixed >> 32
        return mixed
    }
}
