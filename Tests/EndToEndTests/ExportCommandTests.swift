import Foundation
import Testing

extension EndToEnd {
    /// `storefront export` as CI runs it: the files on disk, the count lines on a pipe, and
    /// `--compare` exiting 1 for a changed catalog and 0 for an unchanged one.
    @Suite("Export command")
    struct ExportCommand {
        private func run(_ arguments: [String], in directory: String? = nil) throws -> Finished {
            try Finished.run(try BuiltBinary.path(), ["export"] + arguments, in: directory)
        }

        /// A small set: two storefronts, one theme, one size, both eligibilities, every variant (A, B, C).
        private let axes = ["--storefronts", "USA,DEU", "--themes", "dark", "--sizes", "100x30", "--eligibility", "eligible,not-eligible", "--jobs", "2"]

        @Test("export writes a file per combination and format, cells, the manifest and the contact sheet; a pipe gets count lines")
        func writesTheFiles() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let out = directory.path + "/shots"
            let result = try run(["--catalog", BuiltBinary.catalog, "--out", out, "--formats", "txt,ansi,html,svg,png"] + axes)
            #expect(result.status == 0, "\(result.standardError)")
            let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))) as? [String: Any])
            let entries = try #require(manifest["entries"] as? [[String: Any]])
            #expect(entries.count == 2 * 3 * 2, "two storefronts, three variants, two eligibilities")
            for name in ["USA-dark-100x30-A-eligible", "DEU-dark-100x30-B-not_eligible"] {
                for ext in ["txt", "ansi", "html", "svg", "png"] {
                    let size = (try? FileManager.default.attributesOfItem(atPath: "\(out)/\(name).\(ext)")[.size] as? Int) ?? 0
                    #expect(size > 0, "\(name).\(ext)")
                }
                #expect(FileManager.default.fileExists(atPath: "\(out)/cells/\(name).json"))
            }
            let png = try Data(contentsOf: URL(fileURLWithPath: out + "/USA-dark-100x30-A-eligible.png"))
            #expect(png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            #expect(try String(contentsOfFile: out + "/USA-dark-100x30-A-eligible.txt", encoding: .utf8).contains("Stardust"))
            #expect(FileManager.default.fileExists(atPath: out + "/index.html"))
            // Standard error is a pipe here: count lines, the last one the total, and no bar.
            let counts = result.standardError.split(separator: "\n").filter { $0.hasPrefix("exported ") }
            #expect(counts.last == "exported 12/12", "\(result.standardError)")
            #expect(!result.standardError.contains("\r"))
            // And where to look once it is done.
            #expect(result.standardError.contains("exported 12 combinations to \(out); the contact sheet is \(out)/index.html"),
                    "\(result.standardError)")
        }

        @Test("--compare: an edited copy of the catalog exits 1 and says what changed; an unchanged one exits 0")
        func compareGates() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let original = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let edited = original.replacingOccurrences(of: "\"Unlock the Stardust Pass\"", with: "\"Unlock the Stardust Pass today\"")
            #expect(edited != original)
            let copy = directory.path + "/catalog.json"
            try edited.write(toFile: copy, atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(atPath: BuiltBinary.root + "/Themes", toPath: directory.path + "/Themes")

            let changed = try run(["--catalog", copy, "--out", directory.path + "/changed", "--compare", BuiltBinary.catalog] + axes)
            #expect(changed.status == 1, "\(changed.standardError)")
            #expect(changed.standardOutput.contains("USA-dark-100x30-A-eligible: "), "\(changed.standardOutput)")
            #expect(FileManager.default.fileExists(atPath: directory.path + "/changed/diff.html"))

            let same = try run(["--catalog", BuiltBinary.catalog, "--out", directory.path + "/same", "--compare", BuiltBinary.catalog] + axes)
            #expect(same.status == 0, "\(same.standardOutput)\(same.standardError)")
            #expect(same.standardOutput.contains("no change"))

            // An earlier export directory as the base: the unchanged catalog again draws alike.
            let again = try run(["--catalog", BuiltBinary.catalog, "--out", directory.path + "/again", "--compare", directory.path + "/same"] + axes)
            #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
        }

        /// Issue 34 item 12: below the app's 60x18 a picture only asks for a larger terminal.
        @Test("--sizes below the app's minimum exits 64 naming the size and the minimum, before writing anything")
        func sizesBelowTheMinimum() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let out = directory.path + "/shots"
            let small = try run(["--catalog", BuiltBinary.catalog, "--out", out, "--sizes", "40x10,20x10"])
            #expect(small.status == 64, "\(small.standardError)")
            #expect(small.standardError.contains("--sizes: 40x10 is smaller than the app's minimum of 60x18"), "\(small.standardError)")
            #expect(small.standardError.contains("give sizes of at least 60x18"))
            #expect(!FileManager.default.fileExists(atPath: out))
        }

        @Test("bad input: an unknown axis value exits 64 naming it and the valid ones; no --out 64; a missing base 66; --help")
        func badInput() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let unknown = try run(["--catalog", BuiltBinary.catalog, "--out", directory.path, "--themes", "dark,plaid"])
            #expect(unknown.status == 64)
            #expect(unknown.standardError.contains("--themes: no plaid here; the values are dark, light"), "\(unknown.standardError)")
            let format = try run(["--catalog", BuiltBinary.catalog, "--out", directory.path, "--formats", "gif"])
            #expect(format.status == 64)
            #expect(format.standardError.contains("--formats: no gif here; the values are txt, ansi, html, svg, png."))
            #expect(try run(["--catalog", BuiltBinary.catalog]).status == 64)
            let missing = try run(["--catalog", BuiltBinary.catalog, "--out", directory.path + "/o", "--compare", directory.path + "/nothing.json"])
            #expect(missing.status == 66, "\(missing.standardError)")
            let jobs = try run(["--catalog", BuiltBinary.catalog, "--out", directory.path, "--jobs", "0"])
            #expect(jobs.status == 64)
            #expect(jobs.standardError.contains("--jobs takes a number from 1 to 256, not 0."))
            let singular = try run(["--catalog", BuiltBinary.catalog, "--out", directory.path, "--theme", "dark"])
            #expect(singular.status == 64)
            #expect(singular.standardError.contains("export takes --themes (a comma-separated list), not --theme."))
            let user = try run(["--catalog", BuiltBinary.catalog, "--out", directory.path, "--user", "ana"])
            #expect(user.status == 64)
            #expect(user.standardError.contains("drop --user"))
            let noCatalog = try run(["--catalog", directory.path + "/nothing.json", "--out", directory.path + "/o"])
            #expect(noCatalog.status == 66, "\(noCatalog.standardError)")
            let help = try run(["--help"])
            #expect(help.status == 0)
            #expect(help.standardOutput.contains("--compare BASE"))
            let top = try Finished.run(try BuiltBinary.path(), ["--help"])
            #expect(top.standardOutput.contains("storefront export --out DIR"))
        }

        @Test("png without rsvg-convert on PATH exits 69 and says how to install it")
        func pngWithoutConverter() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let result = try Finished.run(try BuiltBinary.path(),
                                          ["export", "--catalog", BuiltBinary.catalog, "--out", directory.path + "/o", "--formats", "png"],
                                          environment: ["PATH": directory.path, "HOME": directory.path])
            #expect(result.status == 69, "\(result.standardError)")
            #expect(result.standardError.contains("apt-get install librsvg2-bin"))
            #expect(result.standardError.contains("make deps-png"))
        }

        @Test("--compare HEAD~1:catalog.json reads the catalog's last revision with git show, in the catalog's repository")
        func compareWithARevision() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let repository = directory.path + "/repo"
            try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
            func git(_ arguments: String...) throws {
                let result = try Finished.run("/usr/bin/env", ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments,
                                              in: repository)
                #expect(result.status == 0, "git \(arguments): \(result.standardError)")
            }
            let original = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            let catalog = repository + "/catalog.json"
            try git("init", "-q")
            try original.write(toFile: catalog, atomically: true, encoding: .utf8)
            try git("add", "catalog.json")
            try git("commit", "-q", "-m", "first")
            try original.replacingOccurrences(of: "\"Monthly Pass\"", with: "\"Monthly Pass Plus\"")
                .write(toFile: catalog, atomically: true, encoding: .utf8)
            try git("commit", "-q", "-am", "rename")

            let changed = try run(["--catalog", catalog, "--out", directory.path + "/out", "--compare", "HEAD~1:catalog.json",
                                   "--storefronts", "USA", "--variants", "A", "--themes", "dark", "--sizes", "100x30", "--eligibility", "eligible"])
            #expect(changed.status == 1, "\(changed.standardError)")
            #expect(changed.standardOutput.contains("USA-dark-100x30-A-eligible: ") && changed.standardOutput.contains("\"Monthly Pass Plus\""),
                    "\(changed.standardOutput)")
            let head = try run(["--catalog", catalog, "--out", directory.path + "/head", "--compare", "HEAD:catalog.json",
                                "--storefronts", "USA", "--variants", "A", "--themes", "dark", "--sizes", "100x30", "--eligibility", "eligible"])
            #expect(head.status == 0, "\(head.standardOutput)\(head.standardError)")
            let missing = try run(["--catalog", catalog, "--out", directory.path + "/none", "--compare", "HEAD~9:catalog.json"])
            #expect(missing.status == 66)
            #expect(missing.standardError.contains("HEAD~9:catalog.json"), "\(missing.standardError)")
        }

        @Test("a theme named in --themes whose file does not load exits 65 and says why; others are skipped with a note")
        func brokenTheme() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            try FileManager.default.copyItem(atPath: BuiltBinary.catalog, toPath: directory.path + "/catalog.json")
            try FileManager.default.createDirectory(atPath: directory.path + "/Themes", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: BuiltBinary.root + "/Themes/dark.json", toPath: directory.path + "/Themes/dark.json")
            try "{ \"name\": \"rust\", ".write(toFile: directory.path + "/Themes/rust.json", atomically: true, encoding: .utf8)
            let named = try run(["--catalog", directory.path + "/catalog.json", "--out", directory.path + "/o", "--themes", "rust"])
            #expect(named.status == 65, "\(named.standardError)")
            #expect(named.standardError.contains("--themes rust: its file does not load"), "\(named.standardError)")
            let skipped = try run(["--catalog", directory.path + "/catalog.json", "--out", directory.path + "/o", "--storefronts", "USA",
                                   "--variants", "A", "--sizes", "80x24", "--eligibility", "eligible"])
            #expect(skipped.status == 0, "\(skipped.standardError)")
            #expect(skipped.standardError.contains("skipped") && skipped.standardError.contains("rust.json"), "\(skipped.standardError)")
            #expect(FileManager.default.fileExists(atPath: directory.path + "/o/USA-dark-80x24-A-eligible.svg"))
        }

        @Test("--compare with a base that does not load exits 65; with the directory --out writes to, 64")
        func compareRefusals() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let broken = directory.path + "/broken.json"
            try "{ \"schemaVersion\": ".write(toFile: broken, atomically: true, encoding: .utf8)
            let bad = try run(["--catalog", BuiltBinary.catalog, "--out", directory.path + "/o", "--compare", broken])
            #expect(bad.status == 65, "\(bad.standardError)")
            #expect(bad.standardError.contains("broken.json"))
            let out = directory.path + "/shots"
            #expect(try run(["--catalog", BuiltBinary.catalog, "--out", out, "--storefronts", "USA", "--variants", "A", "--themes", "dark",
                             "--sizes", "80x24", "--eligibility", "eligible"]).status == 0)
            let same = try run(["--catalog", BuiltBinary.catalog, "--out", out, "--compare", out])
            #expect(same.status == 64)
            #expect(same.standardError.contains("is the directory --out writes to"))
        }

        @Test("on a terminal the progress is a bar redrawn in place, with no count lines")
        func progressBarOnATerminal() throws {
            let binary = try BuiltBinary.path()
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let shell = try ShellSession()
            defer { shell.close() }
            try shell.waitForPrompt()
            shell.enter(([binary, "export", "--catalog", BuiltBinary.catalog, "--out", directory.path + "/shots"] + axes)
                .map(ShellSession.quoted).joined(separator: " ") + "; echo \"status=$?\"")
            let screen = try shell.waitUntil("the export ends with a full bar and exit 0") { screen in
                screen.contains { $0.hasPrefix("status=") }
            }
            #expect(screen.contains("status=0"), "\(screen)")
            #expect(screen.contains { $0.contains("██████████████████████████████ 12/12") }, "\(screen)")
            #expect(!screen.contains { $0.hasPrefix("exported ") })
        }

        /// Issue 33 item 15: a 250-character variant id and a 200-character theme name pass lint,
        /// and export writes them (it exited 74 with Foundation's "The file name is invalid.",
        /// leaving a folder with an empty `cells/`).
        @Test("what lint passes, export writes: a 250-character variant id and a 200-character theme name")
        func longIds() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let variant = String(repeating: "V", count: 250)
            let theme = String(repeating: "t", count: 200)
            let catalog = directory.path + "/catalog.json"
            let original = try String(contentsOfFile: BuiltBinary.catalog, encoding: .utf8)
            try original.replacingOccurrences(of: #""id": "A""#, with: "\"id\": \"\(variant)\"")
                .write(toFile: catalog, atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: directory.path + "/Themes", withIntermediateDirectories: true)
            let dark = try String(contentsOfFile: BuiltBinary.root + "/Themes/dark.json", encoding: .utf8)
            try dark.replacingOccurrences(of: "\"name\": \"dark\"", with: "\"name\": \"\(theme)\"")
                .write(toFile: directory.path + "/Themes/long.json", atomically: true, encoding: .utf8)
            let lint = try Finished.run(try BuiltBinary.path(), ["lint", catalog])
            #expect(lint.status == 0, "\(lint.standardOutput)")
            let out = directory.path + "/shots"
            let result = try run(["--catalog", catalog, "--out", out, "--storefronts", "USA", "--themes", theme, "--sizes", "80x24",
                                  "--variants", variant, "--eligibility", "eligible", "--formats", "txt,svg,png", "--jobs", "1"])
            #expect(result.status == 0, "\(result.standardError)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".txt") }
            #expect(names.count == 1, "\(names)")
            #expect(names.allSatisfy { $0.utf8.count <= 255 && $0.hasPrefix("USA-ttttt") })
        }

        @Test("an --out that cannot be made says the system's reason, and leaves nothing")
        func outThatCannotBeMade() throws {
            let result = try run(["--catalog", BuiltBinary.catalog, "--out", "/proc/nope", "--storefronts", "USA", "--themes", "dark",
                                  "--sizes", "80x24", "--variants", "A", "--eligibility", "eligible", "--formats", "txt"])
            #expect(result.status == 74)
            #expect(result.standardError == "storefront: --out /proc/nope: cannot make the directory (No such file or directory).\n",
                    "\(result.standardError)")
            #expect(!result.standardError.contains("The operation could not be completed"))
        }

        @Test("Ctrl-C during an export exits 130 and leaves no ledger behind in the temporary directory, nor half an export")
        func interrupted() throws {
            let binary = try BuiltBinary.path()
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let temporary = directory.path + "/tmp"
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            let shell = try ShellSession()
            defer { shell.close() }
            try shell.waitForPrompt()
            // Every combination of the catalog at one job: long enough to be stopped part way.
            shell.enter("TMPDIR=\(ShellSession.quoted(temporary)) " + [binary, "export", "--catalog", BuiltBinary.catalog,
                        "--out", directory.path + "/shots", "--jobs", "1", "--states", "auto,new,lapsed"]
                .map(ShellSession.quoted).joined(separator: " ") + "; echo \"status=$?\"")
            try shell.waitUntil("the export has drawn some pictures and is still going") { screen in
                screen.contains { $0.contains("░") && $0.contains("/1440") && !$0.contains(" 0/1440") }
            }
            #expect(!(try FileManager.default.contentsOfDirectory(atPath: temporary)).isEmpty, "the jobs' ledgers are there while it runs")
            shell.sendKeys("C-c")
            let screen = try shell.waitUntil("the export stops and the shell says its status") { screen in
                screen.contains { $0.hasPrefix("status=") }
            }
            #expect(screen.contains("status=130"), "\(screen)")
            #expect(screen.contains { $0.contains("export interrupted") })
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [], "nothing left in TMPDIR")
            // The export made --out, so it takes it away again: no folder of half the pictures.
            #expect(!FileManager.default.fileExists(atPath: directory.path + "/shots"), "nothing of a half export is left")
        }
    }
}
