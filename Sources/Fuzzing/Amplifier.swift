/// Makes a big input from a small one, so the fuzzer reaches what only size shows: nesting a
/// thousand levels deep, a number of tens of thousands of digits, a line of as many bytes, a string of escapes,
/// a loop that is quadratic in the file. libFuzzer's inputs stay a few kilobytes, and on them a
/// quadratic loop takes milliseconds, not the seconds `-timeout` catches.
///
/// An input that starts with the byte 0x01 is a recipe: three numbers of two bytes each (little
/// endian), `count`, `head` and `length`, then a text whose `length` bytes after its first
/// `head` are written `count` times in its place. Anything else is the input itself, so plain
/// files (most of the corpus, a crash) mean what they say.
enum Amplifier {
    /// 64 KiB: a quadratic loop over it runs for minutes in the sanitized debug build, while
    /// linear work, even an error every six bytes, takes a second or two on a loaded machine:
    /// well under libFuzzer's 10 s `-timeout`, and cheap enough that big inputs do not starve
    /// small ones.
    static let maximumBytes = 1 << 16

    static func expand(_ input: [UInt8]) -> [UInt8] {
        guard input.count >= 7, input[0] == 0x01 else { return input }
        func number(at index: Int) -> Int { Int(input[index]) | Int(input[index + 1]) << 8 }
        let count = number(at: 1)
        let head = number(at: 3)
        let length = number(at: 5)
        let text = input[7...]
        guard length > 0, head + length <= text.count else { return input }
        let start = text.startIndex
        let piece = text[(start + head)..<(start + head + length)]
        let repeats = max(1, min(count, (maximumBytes - text.count) / length))
        var bytes = Array(text[..<(start + head)])
        bytes.reserveCapacity(text.count + repeats * length)
        for _ in 0..<repeats { bytes += piece }
        bytes += text[(start + head + length)...]
        return bytes
    }
}
