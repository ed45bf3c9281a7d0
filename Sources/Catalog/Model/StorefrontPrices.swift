import Foundation

/// A product's prices by storefront id: decimal, never floating point.
///
/// Kept as two short lists sorted by storefront id, not a dictionary: a catalog of 10,000
/// products in eight storefronts holds 80,000 prices, and a dictionary for each product (a
/// table twice the prices' size, grown step by step as it was decoded, every id hashed) was
/// most of the model's memory and a good part of its decoding. The ids are one list that the
/// products priced in the same storefronts share (`sharingStorefronts(with:)`); a lookup scans
/// a few of them.
public struct StorefrontPrices: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
    public typealias Element = (key: String, value: Decimal)

    struct Entry: Sendable, Equatable {
        var storefront: String
        var amount: Decimal
    }

    /// Sorted, one each; `amounts[n]` is the price in `storefronts[n]`.
    private var storefronts: [String]
    private var amounts: [Decimal]

    public init(_ prices: [String: Decimal] = [:]) {
        self.init(entries: prices.map { Entry(storefront: $0.key, amount: $0.value) })
    }

    public init(dictionaryLiteral elements: (String, Decimal)...) {
        self.init(Dictionary(uniqueKeysWithValues: elements))
    }

    /// - Parameter entries: in any order; of a storefront given twice, the last.
    init(entries: [Entry]) {
        var sorted = entries.sorted { $0.storefront < $1.storefront }
        if !zip(sorted, sorted.dropFirst()).allSatisfy({ $0.storefront != $1.storefront }) {
            sorted = []
            for entry in entries {
                if let index = sorted.firstIndex(where: { $0.storefront == entry.storefront }) {
                    sorted[index] = entry
                } else {
                    sorted.append(entry)
                }
            }
            sorted.sort { $0.storefront < $1.storefront }
        }
        storefronts = sorted.map(\.storefront)
        amounts = sorted.map(\.amount)
    }

    /// The same prices, their list of storefront ids the one `other` has when the two are
    /// priced in the same storefronts: 10,000 products then keep one list, not 10,000.
    func sharingStorefronts(with other: StorefrontPrices) -> StorefrontPrices {
        guard storefronts == other.storefronts else { return self }
        var shared = self
        shared.storefronts = other.storefronts
        return shared
    }

    /// The price in the storefront with this id; setting nil removes it.
    public subscript(storefront: String) -> Decimal? {
        get { storefronts.firstIndex(of: storefront).map { amounts[$0] } }
        set {
            let index = storefronts.firstIndex(of: storefront)
            switch (index, newValue) {
            case let (index?, amount?): amounts[index] = amount
            case let (index?, nil):
                storefronts.remove(at: index)
                amounts.remove(at: index)
            case let (nil, amount?):
                let place = storefronts.firstIndex { $0 > storefront } ?? storefronts.endIndex
                storefronts.insert(storefront, at: place)
                amounts.insert(amount, at: place)
            case (nil, nil): break
            }
        }
    }

    /// The storefront ids, sorted.
    public var keys: [String] { storefronts }

    public var isEmpty: Bool { storefronts.isEmpty }

    public var count: Int { storefronts.count }

    /// The same prices in a dictionary, for what keeps them so (an offer's).
    var dictionary: [String: Decimal] {
        Dictionary(uniqueKeysWithValues: zip(storefronts, amounts))
    }

    /// The prices by storefront id, in id order.
    public func makeIterator() -> Iterator {
        Iterator(storefronts: storefronts.makeIterator(), amounts: amounts.makeIterator())
    }

    public struct Iterator: IteratorProtocol {
        var storefronts: IndexingIterator<[String]>
        var amounts: IndexingIterator<[Decimal]>

        public mutating func next() -> Element? {
            guard let storefront = storefronts.next(), let amount = amounts.next() else { return nil }
            return (storefront, amount)
        }
    }
}
