import Catalog

/// The sheet of a path the app has no view of its own for (one registered beside the built-in
/// ones): what it says and the choices it offers, each on a key. The app draws it as it is told
/// and sends the chosen name back (`PathInput.choose`); what a choice means is the path's.
public struct DescribedSheet: Sendable, Equatable {
    /// One thing the player can do on the sheet, on a key of its own.
    public struct Choice: Sendable, Equatable {
        public var key: Character
        /// What the path is told the player chose, and the sheet's word for it.
        public var name: String

        public init(key: Character, name: String) {
            self.key = key
            self.name = name
        }
    }

    public var path: IntegrationPath
    public var transactionId: String
    public var productId: String
    public var productName: String
    /// What the player sees open, in a sentence: `The Tiny Store sheet`.
    public var title: String
    public var lines: [String]
    public var choices: [Choice]

    public init(path: IntegrationPath, transactionId: String, productId: String, productName: String, title: String,
                lines: [String] = [], choices: [Choice]) {
        self.path = path
        self.transactionId = transactionId
        self.productId = productId
        self.productName = productName
        self.title = title
        self.lines = lines
        self.choices = choices
    }

    /// The choice on `key`, if one is.
    public func choice(on key: Character) -> Choice? {
        choices.first { $0.key == key }
    }

    /// The keys of the choices, as the bottom line lists them: `p pay · c cancel`.
    public var hint: String {
        ([title] + choices.map { "\($0.key) \($0.name)" }).joined(separator: " · ")
    }
}
