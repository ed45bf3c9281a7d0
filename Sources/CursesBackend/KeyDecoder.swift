import CCurses
import Program
import TerminalUI

/// Maps what `wget_wch` returns onto keys.
enum KeyDecoder {
    static func decode(status: Int32, code: UInt32, mouse: () -> MouseEvent?) -> TerminalInput? {
        if status == KEY_CODE_YES {
            switch Int32(code) {
            case KEY_UP: return .key(.up)
            case KEY_DOWN: return .key(.down)
            case KEY_LEFT: return .key(.left)
            case KEY_RIGHT: return .key(.right)
            case KEY_ENTER: return .key(.enter)
            case KEY_BACKSPACE, KEY_DC: return .key(.backspace)
            case KEY_BTAB: return .key(.backTab)
            case KEY_RESIZE: return .resize
            case KEY_MOUSE: return mouse().map { .mouse($0) }
            default: return nil
            }
        }
        return decodeCharacter(code)
    }

    static func decodeCharacter(_ code: UInt32) -> TerminalInput? {
        switch code {
        case 3: return .key(.interrupt)
        case 26: return .key(.suspend)
        case 8, 127: return .key(.backspace)
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        default:
            guard code >= 32, let scalar = Unicode.Scalar(code) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }
}
