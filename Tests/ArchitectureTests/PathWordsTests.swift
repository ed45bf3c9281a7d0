import Foundation
import Testing

/// What a path knows lives in its folder under Sources/StoreEngine/Paths: no other StoreEngine
/// file names a path (`PathWords.checked` lists the words, and says why those).
@Suite("Paths: no StoreEngine file outside Paths/ names a path")
struct PathWordsTests {
    @Test func noEngineFileOutsidePathsNamesAPath() throws {
        for word in try PathWords.scan(packageRoot: packageRoot) {
            Issue.record(Comment(rawValue: word.description))
        }
    }

    /// A scan that read nothing would pass anything: it reads the engine's own folders, and
    /// none of the paths' files.
    @Test func theScanReadsEveryEngineFileButThePaths() {
        let files = PathWords.checkedFiles(packageRoot: packageRoot)
        for folder in ["Core", "Clock", "Subscriptions", "Signing", "StoreSheets"] {
            #expect(files.contains { $0.hasPrefix("Sources/StoreEngine/\(folder)/") }, "nothing read in \(folder)/")
        }
        #expect(files.contains("Sources/StoreEngine/Core/PathContext.swift"))
        #expect(!files.contains { $0.hasPrefix("Sources/StoreEngine/Paths/") })
    }

    /// The words are found in real files too: a path's own file names its path.
    @Test func aPathsOwnFileNamesItsPath() throws {
        let file = "Sources/StoreEngine/Paths/Xee/XeePath.swift"
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        #expect(PathWords.find(in: text, file: file).contains { $0.word == "Xee" })
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

    /// Google Play's names are found by their shape, and the engine's own words that hold
    /// "play" are not.
    @Test func playsNamesAreFoundAndDisplayAndPlayerAreNot() {
        let text = "let sheet = PlaySheet()\ncase .play: break\nif path == \"play\" {}\n"
            + "let token = purchaseToken\nlet name = displayName(of: player)\nPlayerState.new\nGoogle Play sells it\n"
        let found = PathWords.find(in: text, file: "F.swift")
        #expect(found.map(\.word) == ["Play", ".play", "\"play\"", "purchaseToken"])
        #expect(found.map(\.line) == [1, 2, 3, 4])
    }

    /// Each path's own folder names it: the scan's words would find every path if it moved out.
    @Test func everyPathsOwnFileNamesItsPath() throws {
        for (file, word) in [("Sources/StoreEngine/Paths/Play/PlayPath.swift", "Play"),
                             ("Sources/StoreEngine/Paths/StoreKit/StoreKitPath.swift", "StoreKit")] {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(PathWords.find(in: text, file: file).contains { $0.word == word }, "\(file) names no \(word)")
        }
    }
}
