import Foundation
import Testing

/// What a path knows lives in its folder under Sources/StoreEngine/Paths: no other StoreEngine
/// file names a path (`PathWords.checked` lists the words, and says why those).
@Suite("Paths: no StoreEngine file outside Paths/ names a path")
struct PathWordsTests {
    /// The files that still name a path, each with how many times, and why; the check fails on
    /// any other word and on a count that is not exact, so this list only shrinks.
    static let notYetMoved: [String: Int] = [
        // Xcode's `.storekit` configuration file, the catalog's import format
        // (`catalog.settings.storeKit.timeRate`): the word names the file, not the path.
        "Sources/StoreEngine/Clock/RenewalRate.swift": 3,
        // The Xee server's profile (`xee_access` rows) merged into the Entitlements pane.
        "Sources/StoreEngine/Core/Account.swift": 17,
        // Pay Station's invoices and the Xee server's records in the ledger: the context is
        // the one door to the ledger that cannot grant or finish, so it keeps them for now.
        "Sources/StoreEngine/Core/PathContext.swift": 38,
        // The ledger's invoice column and StoreKit's error names in `FailureReason`, both
        // public values the panes and `history` read.
        "Sources/StoreEngine/Core/TransactionSummary.swift": 17,
    ]

    @Test func noEngineFileOutsidePathsNamesAPath() throws {
        let found = try PathWords.scan(packageRoot: packageRoot)
        // A scan that found nothing would pass anything: the files listed are still there.
        #expect(found.count >= Self.notYetMoved.values.reduce(0, +))
        for problem in PathWordCheck.violations(of: found, allowing: Self.notYetMoved) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func aPlantedLineIsFoundWithItsFileLineAndWord() {
        let text = "import Foundation\n\nlet page = PayStationPage.sample  // its invoice\nlet x = 1\n"
        let found = PathWords.find(in: text, file: "Sources/StoreEngine/Core/Planted.swift")
        #expect(found == [
            PathWord(file: "Sources/StoreEngine/Core/Planted.swift", line: 3, word: "PayStation"),
            PathWord(file: "Sources/StoreEngine/Core/Planted.swift", line: 3, word: "invoice"),
        ])
        #expect(found.first?.description.hasPrefix("Sources/StoreEngine/Core/Planted.swift:3: names a path") == true)
    }

    @Test func everyCheckedWordIsFoundInAnyCase() {
        let text = "XeePath\nstorekit\nSTOREKIT\n.paystation\nInvoiceRecord\nPay Station and the App Store\n"
        let found = PathWords.find(in: text, file: "F.swift")
        #expect(found.map(\.line) == [1, 2, 3, 4, 5])
        #expect(found.map(\.word) == ["Xee", "storekit", "STOREKIT", "paystation", "Invoice"])
    }

    @Test func aPlantedWordInAnotherFileFailsTheCheck() {
        let planted = [PathWord(file: "Sources/StoreEngine/Core/Store.swift", line: 12, word: "xee")]
        #expect(PathWordCheck.violations(of: planted, allowing: [:]) == [planted[0].description])
        #expect(PathWordCheck.violations(of: planted, allowing: ["Sources/StoreEngine/Core/Store.swift": 1]).isEmpty)
    }

    @Test func aListedFileMustKeepItsExactCount() {
        let file = "Sources/StoreEngine/Core/Account.swift"
        let two = [PathWord(file: file, line: 1, word: "xee"), PathWord(file: file, line: 2, word: "xee")]
        #expect(PathWordCheck.violations(of: two, allowing: [file: 1]).count == 2, "one more word than listed")
        #expect(PathWordCheck.violations(of: two, allowing: [file: 3]).first?.contains("lower its count") == true)
        #expect(PathWordCheck.violations(of: [], allowing: [file: 3]).first?.contains("drop its entry") == true)
    }
}
