/// A parsed JSON document that remembers where every value stood in the source text, so that
/// every diagnostic can name the line and column as well as the JSON path.
public struct JSONNode: Sendable, Equatable {
    /// Not `indirect`: the arrays already hold their elements apart, and a box for every value
    /// of a large catalog was an allocation per value.
    public enum Value: Sendable, Equatable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// Numbers keep their source spelling: prices and ids must never pass through Double.
        case number(String)
        case bool(Bool)
        case null
    }

    public struct Member: Sendable, Equatable {
        public var key: String
        public var keyPosition: SourcePosition
        public var value: JSONNode
    }

    public let value: Value
    public var position: SourcePosition
    /// The members of a large object by key, so that finding one costs the same among ten
    /// thousand members as among ten; nil for anything else.
    private let memberIndex: PositionIndex?

    /// Objects with more members than this get an index; a scan of fewer is as quick.
    static let indexedObjectSize = 16

    public init(_ value: Value, at position: SourcePosition) {
        self.value = value
        self.position = position
        if case .object(let members) = value, members.count > Self.indexedObjectSize {
            memberIndex = PositionIndex(members.lazy.map(\.key), repeated: .last)
        } else {
            memberIndex = nil
        }
    }

    /// The member named `key`, when this node is an object that has one. Of a key written twice
    /// (an error the loader reports), the last, as the loader reads it.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        if let memberIndex { return memberIndex[key].map { members[$0].value } }
        return members.last { $0.key == key }?.value
    }

    /// A short name of the value's kind, for messages such as "expected a string, found a number".
    public var kindName: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// A 1-based line and column in a source text; columns count Unicode scalars.
///
/// Kept in 32 bits each: a parsed catalog holds two of these for every member (the key's and
/// the value's), so 10,000 products carry hundreds of thousands, alive beside the model while it
/// is built. A place past 2^32 - 1 (a file of gigabytes, which no loader reads) is kept as
/// that largest value.
public struct SourcePosition: Sendable, Equatable, Hashable, CustomStringConvertible {
    private var storedLine: UInt32
    private var storedColumn: UInt32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    public var description: String { "\(line):\(column)" }
}
