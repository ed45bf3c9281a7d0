/// Chance from the engine's generator (`PathContext.chance`), seeded in tests and scenarios,
/// so a flaky network or a token is the same on every run of a seed.
struct PathChance {
    unowned let store: Store

    /// A coin toss, for a flaky network.
    func coinTossFails() -> Bool {
        store.generator.next() % 2 == 0
    }

    /// Letters and digits, for tokens.
    func randomToken(length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in alphabet[Int(store.generator.next() % UInt64(alphabet.count))] })
    }
}
