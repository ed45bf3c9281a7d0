import Catalog
import Foundation
import StoreEngine
import TerminalUI

/// The `:` line, when it is open: what is typed, completed with `Tab` from what the pickers can
/// jump to now. Its own update takes the keys; Enter hands the app the jump the line names
/// (`Reply.send(.jump)`), or why it names none.
public struct Picker: Sendable, Equatable {
    public private(set) var prompt: CommandPrompt?

    public enum Action: Sendable, Equatable {
        case open
        /// A key, completed and resolved against `vocabulary`, what `:` can jump to now.
        case key(Key, vocabulary: PickerVocabulary)
    }

    public init() {}

    mutating func update(_ action: Action) -> Reply? {
        switch action {
        case .open:
            prompt = CommandPrompt()
            return nil
        case .key(let key, let vocabulary):
            return press(key, with: vocabulary)
        }
    }

    /// The prompt takes every key: typing, `Tab`, `Enter` to jump, `Esc` (or backspace on an
    /// empty line) to close.
    private mutating func press(_ key: Key, with vocabulary: PickerVocabulary) -> Reply? {
        guard var open = prompt else { return nil }
        switch key {
        case .escape:
            prompt = nil
            return nil
        case .enter:
            prompt = nil
            let line = open.text.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { return nil }
            switch vocabulary.resolve(line).flatMap({ Self.jump(picker: $0.0, value: $0.1, in: vocabulary) }) {
            case .success(let target): return .send(.jump(target))
            case .failure(let problem): return .say(StoreNotice(.error, problem.message))
            }
        case .backspace:
            if open.text.isEmpty {
                prompt = nil
                return nil
            }
            open.deleteBackward()
        case .tab:
            open.complete(with: vocabulary)
        case .character(let character):
            open.insert(character)
        default:
            break
        }
        prompt = open
        return nil
    }

    /// The jump a picker and one of its names stand for, or why there is none (a script's
    /// `preview` line and the prompt say the same).
    static func jump(picker: String, value: String, in vocabulary: PickerVocabulary) -> Result<Jump, PickerProblem> {
        let found: String, name: String
        switch vocabulary.value(value, of: picker) {
        case .failure(let problem): return .failure(problem)
        case .success(let resolved): (found, name) = resolved
        }
        switch found {
        case "storefront": return .success(.storefront(id: name))
        case "variant": return .success(.variant(id: name == App.assignedVariantName ? nil : name))
        case "theme": return .success(.theme(name: name))
        case "eligibility": return .success(.eligibility(EligibilityOverride(rawValue: name) ?? .auto))
        default: return .success(.player(name == App.ledgerName ? nil : PlayerState(name: name)))
        }
    }
}
