/// Xsolla's sandbox test cards, as listed beside the card form.
public struct TestCard: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case success
        case threeDSecure
        case declined
        /// Paid, then processed for a while (status `delivering`) before `done`.
        case delivering
    }

    public let number: String
    public let outcome: Outcome
    public let label: String

    public static let all: [TestCard] = [
        TestCard(number: "4111111111111111", outcome: .success, label: "succeeds"),
        TestCard(number: "4111111111111152", outcome: .threeDSecure, label: "3-D Secure"),
        TestCard(number: "4111111111111178", outcome: .declined, label: "declined"),
        TestCard(number: "4111111111111103", outcome: .delivering, label: "delivering"),
    ]

    /// How long a `delivering` payment takes before it is done (simulated seconds).
    public static let deliveringSeconds = 3.0

    /// The one-time code the sandbox bank "sends" for a 3-D Secure card; Pay Station shows it.
    public static let threeDSecureCode = "1234"
    /// Wrong codes the bank takes before it declines the payment.
    public static let threeDSecureAttempts = 3

    /// Any other valid card succeeds, as in the sandbox.
    public static func outcome(for number: String) -> Outcome {
        all.first { $0.number == number }?.outcome ?? .success
    }

    /// `4111 1111 1111 1111`
    public static func grouped(_ digits: String) -> String {
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, index % 4 == 0 { result.append(" ") }
            result.append(character)
        }
        return result
    }
}
