import CCurses
import Testing
import TerminalUI
@testable import CursesBackend

/// Key decoding needs no terminal: it maps the codes `wget_wch` returns.
@Suite("Key decoding")
struct KeyDecoderTests {
    @Test(arguments: [
        (UInt32(3), Key.interrupt), (13, .enter), (10, .enter), (27, .escape), (9, .tab), (127, .backspace),
        (8, .backspace), (0x71, .character("q")), (0x30B8, .character("ジ")),
    ])
    func characters(code: UInt32, key: Key) {
        #expect(KeyDecoder.decode(status: OK, code: code, mouse: { nil }) == .key(key))
    }

    @Test(arguments: [
        (KEY_UP, Key.up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right), (KEY_BTAB, .backTab),
        (KEY_BACKSPACE, .backspace), (KEY_ENTER, .enter),
    ])
    func functionKeys(code: Int32, key: Key) {
        #expect(KeyDecoder.decode(status: KEY_CODE_YES, code: UInt32(code), mouse: { nil }) == .key(key))
    }

    @Test func resizeAndMouse() {
        #expect(KeyDecoder.decode(status: KEY_CODE_YES, code: UInt32(KEY_RESIZE), mouse: { nil }) == .resize)
        let click = MouseEvent(.press, x: 3, y: 4)
        #expect(KeyDecoder.decode(status: KEY_CODE_YES, code: UInt32(KEY_MOUSE), mouse: { click }) == .mouse(click))
        #expect(KeyDecoder.decode(status: OK, code: 1, mouse: { nil }) == nil)
    }
}
