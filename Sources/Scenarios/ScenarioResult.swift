import Foundation

/// How one scenario ended.
public struct ScenarioResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        case passed
        /// An expectation did not hold, or a line could not do what it says (exit 1).
        case failed(ScenarioFailure)
        /// The script itself is wrong (exit 64).
        case scriptError(ScriptError)
        /// The ledger or its state directory could not be used (damaged, empty, read-only, a full
        /// disk): nothing wrong with the script, so exit 74, at the line that needed the ledger.
        case ioError(ScriptError)
    }

    public var file: String
    public var outcome: Outcome
    /// What ran, line by line, for the terminal and for CI logs.
    public var transcript: [String]
    public var expectationsChecked: Int
    /// Wall time, for JUnit only: never compared.
    public var duration: TimeInterval

    public var passed: Bool { outcome == .passed }
}

/// Where a scenario stopped, what it expected, what it found, and the screen at that moment.
public struct ScenarioFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var command: String
    public var expected: String
    public var actual: String
    public var screen: [String]

    public var location: String { "\(file):\(line)" }

    public var description: String {
        var text = "\(location): \(command)\n  expected: \(expected)\n  actual:   \(actual)"
        if !screen.isEmpty {
            text += "\n  screen:\n" + screen.enumerated().map { String(format: "  %2d│", $0.offset) + $0.element }
                .joined(separator: "\n")
        }
        return text
    }
}
