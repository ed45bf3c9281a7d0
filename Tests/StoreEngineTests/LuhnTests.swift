import StoreEngine
import Testing

// The check digit every card number passes, and the sandbox cards beside the form.
@Suite("Luhn and test cards")
struct LuhnTests {
    @Test(arguments: [
        "4111111111111111", "4111111111111152", "4111111111111178", "79927398713", "5555555555554444",
        "378282246310005", "0",
    ])
    func validNumbersPass(_ number: String) {
        #expect(Luhn.isValid(number))
    }

    @Test(arguments: ["4111111111111112", "79927398710", "1234567812345678", "", "4111a11111111111", "1"])
    func invalidNumbersFail(_ number: String) {
        #expect(!Luhn.isValid(number))
    }

    @Test func theSandboxCardsAndTheirOutcomes() {
        #expect(TestCard.outcome(for: Cards.success) == .success)
        #expect(TestCard.outcome(for: Cards.threeDSecure) == .threeDSecure)
        #expect(TestCard.outcome(for: Cards.declined) == .declined)
        #expect(TestCard.outcome(for: "5555555555554444") == .success)
        #expect(TestCard.outcome(for: Cards.delivering) == .delivering)
        #expect(TestCard.all.map(\.number) == [Cards.success, Cards.threeDSecure, Cards.declined, Cards.delivering])
        #expect(TestCard.all.allSatisfy { Luhn.isValid($0.number) })
    }

    @Test(arguments: [
        ("4111111111111111", "4111 1111 1111 1111"),
        ("4111111111111", "4111 1111 1111 1"),
        ("4111", "4111"),
        ("41111", "4111 1"),
        ("", ""),
        ("1234567890123456789", "1234 5678 9012 3456 789"),
    ])
    func groupedPutsASpaceEveryFourDigits(_ digits: String, _ grouped: String) {
        #expect(TestCard.grouped(digits) == grouped)
    }
}
