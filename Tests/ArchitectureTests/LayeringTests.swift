import Foundation
import Testing

private func architecturePage() throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
}

@Suite("Layering: every import in Sources/ against docs/architecture.md")
struct LayeringTests {
    @Test func everyImportInSourcesIsAllowedByTheTable() throws {
        let table = try LayerTable.parse(architecturePage())
        let (targets, imports) = try SourceImports.scan(packageRoot: packageRoot)
        // A scan that found nothing would pass anything.
        #expect(targets.contains("TerminalUI") && imports.count > 100)
        for violation in LayerCheck.violations(of: table, targets: targets, imports: imports) {
            Issue.record(Comment(rawValue: violation.description))
        }
    }

    /// Glibc and Darwin are Platform's alone: no other row names either, so an import of them
    /// anywhere else is a breach the check above reports, with no exception.
    @Test func onlyPlatformMayImportGlibcOrDarwin() throws {
        let table = try LayerTable.parse(architecturePage())
        #expect(table.allowed["Platform"]?.isSuperset(of: ["Glibc", "Darwin"]) == true)
        for (target, allowed) in table.allowed where target != "Platform" {
            #expect(allowed.isDisjoint(with: ["Glibc", "Darwin"]), "\(target) may import Glibc or Darwin")
        }
        let planted = SourceImports.parse("#if canImport(Glibc)\nimport Glibc\n#endif\n", target: "Ledger",
                                          file: "Sources/Ledger/File.swift")
        let (targets, _) = try SourceImports.scan(packageRoot: packageRoot)
        #expect(LayerCheck.violations(of: table, targets: targets, imports: planted).map(\.description) == [
            "Sources/Ledger/File.swift:2: `import Glibc` is not allowed in Ledger, which may import only "
                + "CSQLite, Foundation, Platform, Synchronization (docs/architecture.md, the layers table)",
        ])
    }

    @Test func theTableHasARowForEveryTargetOfPackageSwift() throws {
        let table = try LayerTable.parse(architecturePage())
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = manifest.matches(of: #/\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/#)
            .map { String($0.1) }.filter { $0 != "TestFixtures" }
        #expect(Set(declared) == Set(table.allowed.keys))
    }
}

@Suite("Layering: the check itself")
struct LayerCheckTests {
    static let table = LayerTable(allowed: [
        "Ledger": ["Foundation"],
        "StoreEngine": ["Foundation", "Ledger"],
        "TerminalUI": ["Foundation", "StoreEngine"],
    ])
    static let targets: Set<String> = ["Ledger", "StoreEngine", "TerminalUI"]

    private func violations(_ text: String, in target: String) -> [LayerViolation] {
        let imports = SourceImports.parse(text, target: target, file: "Sources/\(target)/File.swift")
        return LayerCheck.violations(of: Self.table, targets: Self.targets, imports: imports)
    }

    @Test func aSkippedLayerIsNotAllowedAndNamesTheFileLineAndRule() throws {
        let found = violations("import Foundation\n\nimport Ledger\n", in: "TerminalUI")
        #expect(found.map(\.description) == [
            "Sources/TerminalUI/File.swift:3: `import Ledger` is not allowed in TerminalUI, which may import only "
                + "Foundation, StoreEngine (docs/architecture.md, the layers table)",
        ])
    }

    @Test func anImportOfATargetAboveIsAnUpwardArrow() {
        let found = violations("@testable import TerminalUI", in: "Ledger")
        #expect(found == [.upwardArrow(SourceImport(target: "Ledger", file: "Sources/Ledger/File.swift", line: 1,
                                                    module: "TerminalUI"))])
        #expect(found.first?.description.contains("upward arrow") == true)
    }

    @Test func aModuleTheTableDoesNotNameIsNotAllowed() {
        let found = violations("import struct Glibc.stat", in: "StoreEngine")
        #expect(found.count == 1)
        #expect(found.first?.description.hasPrefix("Sources/StoreEngine/File.swift:1: `import Glibc` is not allowed") == true)
    }

    @Test func aTargetWithoutARowAndARowWithoutATarget() {
        let found = LayerCheck.violations(of: Self.table, targets: ["Ledger", "StoreEngine", "Exports"], imports: [])
        #expect(found == [.missingRow(target: "Exports"), .staleRow(target: "TerminalUI")])
    }

    @Test func aTableThatGoesRoundIsReported() {
        let table = LayerTable(allowed: ["A": ["B"], "B": ["A"]])
        #expect(LayerCheck.violations(of: table, targets: ["A", "B"], imports: []) == [.cycle(target: "A"), .cycle(target: "B")])
    }

    @Test func importsInCommentsAndStringsAreNotCode() {
        let text = """
            import Foundation
            /* an old
            import Ledger
            */
            let page = \"\"\"
            import Ledger
            \"\"\"
            // import Ledger
            @preconcurrency import StoreEngine
            """
        #expect(SourceImports.parse(text, target: "TerminalUI", file: "F").map(\.module) == ["Foundation", "StoreEngine"])
    }

    @Test func theTableIsReadFromItsBackquotedNames() throws {
        let page = """
            Some words.

            | target | may import | never |
            | --- | --- | --- |
            | `Catalog` | `Foundation` | anything of ours |
            | `TerminalUI` | `Catalog`, `CText` (utf8proc, fribidi) | `Ledger` |
            | `CText` | — | a C module |

            After the table.
            """
        #expect(try LayerTable.parse(page).allowed == [
            "Catalog": ["Foundation"], "TerminalUI": ["Catalog", "CText"], "CText": [],
        ])
    }
}
