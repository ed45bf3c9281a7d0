/// One purchase the matrix makes: a path, a product and an outcome the path offers, as the
/// scenario lines that make it (docs/scenarios.md).
struct CrashCase: Sendable, CustomStringConvertible {
    enum Path: String, Sendable, CaseIterable {
        case paystation, storekit, xee, play
    }

    var path: Path
    var product: String
    var outcome: String
    /// Lines before the product is selected (a setting such as `xee key off`).
    var before: [String] = []
    /// Lines after `buy`: the sheet's answers, and time for what they start.
    var after: [String]
    /// Whether the outcome passes every step (it is paid and granted), so a kill at any named
    /// step is reached; the others reach `opened` for sure and some of the rest.
    var paid: Bool

    var description: String { "\(path.rawValue) \(product) \(outcome)" }

    /// The trial's script: one purchase on the shipped catalog, in the USA storefront, on `path`,
    /// each store posting where `notifications` (its `notifications` lines) says.
    func script(catalog: String, notifications: [String] = []) -> String {
        (["catalog \(catalog)", "storefront USA", "path \(path.rawValue)"] + notifications + before
            + ["select \(product)", "buy"] + after).joined(separator: "\n") + "\n"
    }

    /// The relaunch: the same launch on the same ledger, then time for what falls due (a
    /// redirect's countdown, Pay Station's processing, Xee's notification), the stores posting
    /// where they did. Each `advance` ends once the posts under way are answered, so what was
    /// pending at the kill has been posted by the end.
    func settling(catalog: String, notifications: [String] = []) -> String {
        (["catalog \(catalog)", "storefront USA", "path \(path.rawValue)"] + notifications + ["advance 10s", "advance 10s"])
            .joined(separator: "\n") + "\n"
    }

    static let gems = "com.example.stardust.gems_100"
    static let removeAds = "com.example.stardust.remove_ads"
    static let weekly = "com.example.stardust.pass.weekly"
    static let products = [gems, removeAds, weekly]

    /// Every outcome of every path, each for a consumable, a non-consumable and a subscription.
    static let all: [CrashCase] = products.flatMap { product in
        [
            CrashCase(path: .paystation, product: product, outcome: "success",
                      after: ["paystation card 4111111111111111", "advance 3s"], paid: true),
            CrashCase(path: .paystation, product: product, outcome: "3-D Secure success",
                      after: ["paystation card 4111111111111152", "paystation 3ds 1234", "advance 3s"], paid: true),
            CrashCase(path: .paystation, product: product, outcome: "processing then success",
                      after: ["paystation card 4111111111111103", "advance 4s", "advance 3s"], paid: true),
            CrashCase(path: .paystation, product: product, outcome: "declined",
                      after: ["paystation card 4111111111111178", "paystation close"], paid: false),
            CrashCase(path: .paystation, product: product, outcome: "cancelled",
                      after: ["paystation close"], paid: false),
            CrashCase(path: .storekit, product: product, outcome: "success", after: ["storekit confirm"], paid: true),
            CrashCase(path: .storekit, product: product, outcome: "cancelled", after: ["storekit cancel"], paid: false),
            CrashCase(path: .storekit, product: product, outcome: "failed",
                      after: ["storekit fail networkError"], paid: false),
            CrashCase(path: .storekit, product: product, outcome: "ask-to-buy approved",
                      after: ["storekit ask-to-buy", "approve last"], paid: true),
            CrashCase(path: .storekit, product: product, outcome: "ask-to-buy declined",
                      after: ["storekit ask-to-buy", "decline last"], paid: false),
            CrashCase(path: .storekit, product: product, outcome: "ask-to-buy pending",
                      after: ["storekit ask-to-buy"], paid: false),
            CrashCase(path: .storekit, product: product, outcome: "interrupted then resolved",
                      after: ["storekit interrupt", "resolve last"], paid: true),
            CrashCase(path: .xee, product: product, outcome: "success", after: ["storekit confirm", "advance 1s"], paid: true),
            CrashCase(path: .xee, product: product, outcome: "success awaiting the notification",
                      before: ["xee key off"], after: ["storekit confirm", "advance 2s", "advance 3s"], paid: true),
            CrashCase(path: .xee, product: product, outcome: "cancelled", after: ["storekit cancel"], paid: false),
            CrashCase(path: .xee, product: product, outcome: "pending",
                      after: ["storekit ask-to-buy", "approve last"], paid: true),
            CrashCase(path: .play, product: product, outcome: "success",
                      after: ["play instrument approves"], paid: true),
            CrashCase(path: .play, product: product, outcome: "declined",
                      after: ["play instrument declines"], paid: false),
            CrashCase(path: .play, product: product, outcome: "cancelled", after: ["play cancel"], paid: false),
        ]
    }
}
