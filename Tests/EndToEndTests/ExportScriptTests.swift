import Foundation
import Testing

extension EndToEnd {
    /// `storefront export` on the scripts beyond Latin: a change to an Arabic price quoted as it
    /// reads, and a warning, naming the script and the package, on a machine with no font for
    /// a script the pictures draw.
    @Suite("Export of other scripts")
    struct ExportScripts {
        private let axes = ["--themes", "dark", "--sizes", "120x40", "--variants", "A", "--eligibility", "eligible", "--jobs", "1"]

        @Test("--compare on SAU's yearly price quotes the card by its Arabic name and the badge in reading order")
        func aRightToLeftChangeIsQuotedAsItReads() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let original = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let edited = original.replacingOccurrences(of: #""SAU": "149.99""#, with: #""SAU": "129.99""#)
            #expect(edited != original)
            let copy = directory.path + "/catalog.json"
            try edited.write(toFile: copy, atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(atPath: BuiltBinary.root + "/Themes", toPath: directory.path + "/Themes")
            let changed = try Finished.run(try BuiltBinary.path(), ["export", "--catalog", copy, "--out", directory.path + "/out",
                                                                    "--storefronts", "SAU", "--formats", "txt",
                                                                    "--compare", BuiltBinary.catalog] + axes)
            #expect(changed.status == 1, "\(changed.standardError)")
            // The card's name as the catalog spells it, not its shaped letters in screen order.
            #expect(changed.standardOutput.contains("\"البطاقة السنوية\""), "\(changed.standardOutput)")
            // The card's saving, drawn `٪٦٩-`, reads minus sixty-nine percent.
            #expect(changed.standardOutput.contains("\"-٦٩٪\""), "\(changed.standardOutput)")
            #expect(!changed.standardOutput.unicodeScalars.contains { (0xFE70...0xFEFF).contains($0.value) },
                    "no shaped presentation forms: \(changed.standardOutput)")
        }

        @Test("--out with a one-letter name writes there (Foundation's folder-of-path crashed on it)")
        func aOneLetterOutputFolder() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let run = try Finished.run(try BuiltBinary.path(), ["export", "--catalog", BuiltBinary.catalog, "--out", "o",
                                                                "--storefronts", "USA", "--formats", "txt"] + axes,
                                       in: directory.path)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(FileManager.default.fileExists(atPath: directory.path + "/o/manifest.json"))
        }

        @Test("a machine without fonts for Japanese or Arabic is warned, by script and Debian package; Latin needs none")
        func missingFontsAreNamed() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            // fontconfig with no font directories: the bare machine, whatever this one has.
            let config = directory.path + "/fonts.conf"
            try "<?xml version=\"1.0\"?>\n<fontconfig><cachedir>\(directory.path)/cache</cachedir></fontconfig>\n"
                .write(toFile: config, atomically: true, encoding: .utf8)
            var environment = ProcessInfo.processInfo.environment
            environment["FONTCONFIG_FILE"] = config
            let bare = try Finished.run(try BuiltBinary.path(), ["export", "--catalog", BuiltBinary.catalog, "--out", directory.path + "/o",
                                                                 "--storefronts", "JPN,SAU", "--formats", "svg"] + axes,
                                        environment: environment)
            #expect(bare.status == 0, "\(bare.standardError)")
            #expect(bare.standardError.contains("warning: no font on this machine draws Japanese and Chinese"), "\(bare.standardError)")
            #expect(bare.standardError.contains("`apt-get install fonts-noto-cjk`"), "\(bare.standardError)")
            #expect(bare.standardError.contains("draws Arabic"), "\(bare.standardError)")
            #expect(bare.standardError.contains("`apt-get install fonts-noto-core`"), "\(bare.standardError)")
            let latin = try Finished.run(try BuiltBinary.path(), ["export", "--catalog", BuiltBinary.catalog, "--out", directory.path + "/l",
                                                                  "--storefronts", "USA", "--formats", "svg"] + axes,
                                         environment: environment)
            #expect(latin.status == 0, "\(latin.standardError)")
            #expect(!latin.standardError.contains("warning"), "\(latin.standardError)")
        }
    }
}
