import StoreEngine

// The stores' own sheets in a script: the App Store's refund request opened on a purchase and
// decided later for the App Store, a refund reversed, and the keys of the sheet on screen.
extension ScenarioParser {
    static func storeSheetCommand(_ name: String, _ arguments: [String]) throws(Problem) -> ScenarioCommand {
        switch (name, arguments.first) {
        case ("refund-request", "approve"?), ("refund-request", "decline"?):
            guard arguments.count <= 2 else { throw Problem("refund-request \(arguments[0]) takes last or a transaction ID") }
            return .act(.decideRefundRequest(approve: arguments[0] == "approve"), reference(arguments.count == 2 ? arguments[1] : "last"))
        case ("code-sheet", _):
            guard arguments.isEmpty else { throw Problem("code-sheet takes nothing: code-sheet, then sheet type CODE and sheet submit") }
            return .keys([.character("O")])
        case ("manage-subscriptions", _), ("in-app-messages", _):
            guard arguments.count <= 1 else { throw Problem("\(name) takes nothing, last or a transaction ID") }
            return .act(name == "in-app-messages" ? .showInAppMessages : .manageSubscriptions, reference(arguments.first ?? "last"))
        case ("refund-request", _), ("reverse-refund", _):
            guard arguments.count <= 1 else {
                throw Problem("\(name) takes last or a transaction ID: \(name) last (refund-request approve|decline last decides it)")
            }
            return .act(name == "reverse-refund" ? .reverseRefund : .requestRefund, reference(arguments.first ?? "last"))
        default:
            return .storeSheet(try sheetInput(arguments))
        }
    }

    /// `sheet next`, `sheet previous`, `sheet choose N`, `sheet type TEXT`, `sheet erase`, `sheet submit`, `sheet cancel`.
    private static func sheetInput(_ arguments: [String]) throws(Problem) -> StoreSheetInput {
        switch (arguments.first, arguments.count) {
        case ("next"?, 1): return .next
        case ("previous"?, 1): return .previous
        case ("submit"?, 1): return .confirm
        case ("cancel"?, 1): return .cancel
        case ("erase"?, 1): return .erase
        case ("type"?, 2): return .type(arguments[1])
        case ("choose"?, 2):
            guard let number = Int(arguments[1]), (1...9).contains(number) else {
                throw Problem("sheet choose takes a number from 1 to 9, not \(arguments[1])")
            }
            return .choose(number)
        default:
            throw Problem("sheet takes next, previous, choose N, type TEXT, erase, submit or cancel: sheet submit")
        }
    }
}
