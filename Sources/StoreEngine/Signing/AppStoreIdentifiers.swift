import Foundation

/// The ids App Store data carries, shaped as Apple shapes them, since a backend may keep them
/// in a number column or parse them: a transaction id is a decimal number (sandbox ones start
/// `2000000`), as is a subscription's `webOrderLineItemId` and its group's identifier. Made from
/// the ledger's ids, one to one, so a backend's id leads back to the ledger's.
enum AppStoreIdentifiers {
    /// `txn-000042` → `2000000000000042`; an id of another shape is left as it is.
    static func transactionId(of ledgerId: String) -> String {
        sequence(of: ledgerId).map { String(transactionBase + $0) } ?? ledgerId
    }

    /// Whether `text` is shaped as an App Store id: ASCII digits, at least one. Read as bytes:
    /// an ASCII digit is one byte, and no byte of another character is one, so this says what
    /// a walk of its characters would, without Unicode's tables, on every API request.
    static func isNumber(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isDigit)
    }

    /// The ledger's id of an App Store transaction id, nil when it is none this ledger made.
    static func ledgerId(ofTransaction appStoreId: String) -> String? {
        guard appStoreId.utf8.count == 16, isNumber(appStoreId), let number = Int64(appStoreId),
              number > transactionBase, number < webOrderBase else { return nil }
        return LedgerTransactionId.of(sequence: number - transactionBase)
    }

    /// A subscription transaction's line item, numbered apart from the transactions.
    static func webOrderLineItemId(of ledgerId: String) -> String? {
        sequence(of: ledgerId).map { String(webOrderBase + $0) }
    }

    /// Eight digits for a subscription group's name, the same for one name in every state
    /// directory (FNV-1a of its UTF-8), as App Store Connect numbers its groups.
    static func subscriptionGroupIdentifier(of group: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in group.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(20_000_000 + hash % 10_000_000)
    }

    private static let transactionBase: Int64 = 2_000_000_000_000_000
    private static let webOrderBase: Int64 = 2_100_000_000_000_000

    /// The ledger's sequence number in `txn-000042`.
    private static func sequence(of ledgerId: String) -> Int64? {
        guard ledgerId.hasPrefix(LedgerTransactionId.prefix) else { return nil }
        let digits = ledgerId.dropFirst(4)
        guard !digits.isEmpty, digits.utf8.count <= 15, digits.utf8.allSatisfy(isDigit) else { return nil }
        return Int64(digits)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
