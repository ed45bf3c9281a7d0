@testable import Fuzzing
import Testing

@Suite("Fuzzing: recipes for big inputs")
struct AmplifierTests {
    /// The head of a recipe: 0x01, then count, head and length, two bytes each, little endian.
    private func recipe(count: Int, head: Int, length: Int, _ text: String) -> [UInt8] {
        var bytes: [UInt8] = [0x01]
        for value in [count, head, length] {
            bytes.append(UInt8(value & 0xFF))
            bytes.append(UInt8(value >> 8))
        }
        return bytes + Array(text.utf8)
    }

    @Test func aRecipeWritesItsPieceCountTimesInItsPlace() {
        let bytes = Amplifier.expand(recipe(count: 3, head: 5, length: 2, #"{"a":[1]}"#))
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"a":[1[1[1]}"#)
    }

    @Test func aCountPastTheLimitStopsAtTheLimit() {
        let bytes = Amplifier.expand(recipe(count: 65535, head: 0, length: 3, "abc"))
        #expect(bytes.count <= Amplifier.maximumBytes && bytes.count > Amplifier.maximumBytes - 6)
        #expect(bytes.starts(with: Array("abcabc".utf8)))
    }

    @Test(arguments: [
        Array(#"{"schemaVersion":1}"#.utf8),
        [0x01, 0x02, 0x00],
        [0x01, 0x02, 0x00, 0x00, 0x00, 0x09, 0x00, 0x61],
        [0x01, 0x02, 0x00, 0x05, 0x00, 0x00, 0x00, 0x61, 0x62],
    ])
    func anythingElseIsTheInputItself(input: [UInt8]) {
        #expect(Amplifier.expand(input) == input)
    }
}
