// swift-tools-version:6.0
// The storefront package. Targets and their arrows as docs/architecture.md draws them:
// storefront -> CursesBackend, Scenarios -> Exports -> Program -> TerminalUI, Host -> StoreEngine -> Ledger, Catalog, CCrypto.
// Nothing above StoreEngine imports Ledger; only CursesBackend imports CCurses (Tests/ArchitectureTests checks).
// Platform, below all of them (Ledger included), is the only code that differs between Linux and Darwin,
// and the only code that calls the C library (but for `exit`).
import PackageDescription

let package = Package(
    name: "storefront",
    // macOS 15: `Mutex` (the Synchronization module: the hand-off bench and tests) needs it.
    // Linux is tested in CI; macOS builds from this same manifest (ncurses and SQLite ship
    // with it, libcrypto comes from Homebrew's OpenSSL through pkg-config).
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "storefront", targets: ["storefront"]),
        // libFuzzer's entry for the parsers (`make fuzz`); without libFuzzer, a replayer of its inputs.
        .executable(name: "storefront-fuzz", targets: ["Fuzzing"]),
    ],
    targets: [
        // No pkgConfig: ncursesw.pc carries -D_XOPEN_SOURCE=600, which SwiftPM drops with a
        // warning; shim.h sets what the wide-character API needs instead (Swift on Linux).
        .systemLibrary(
            name: "CCurses",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            // Homebrew's OpenSSL is keg-only: PKG_CONFIG_PATH must name it (README, macOS).
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // utf8proc and fribidi: TerminalUI's widths (per code point or per grapheme, as the
        // terminal draws) and right-to-left text in visual order. Not utf8proc's pkg-config
        // file: Debian's carries -DUTF8PROC_EXPORTS, which SwiftPM refuses with a warning.
        // libmicrohttpd: the HTTP/1.1 server of the stores' APIs, in Host only.
        .systemLibrary(
            name: "CHTTP",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        // libcurl: the HTTP client that posts the stores' notifications, in Host only.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .systemLibrary(
            name: "CText",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev", "libutf8proc-dev"]), .brew(["fribidi", "utf8proc"])]
        ),
        // Every call of the C library: sockets, signals, the wake-up pipe, file locks, file watching,
        // files and their names, errno's words, the terminal and the locale. Glibc or Darwin
        // behind small Swift types, and nothing of ours.
        .target(name: "Platform"),
        .target(name: "Catalog"),
        .target(name: "Ledger", dependencies: ["CSQLite", "Platform"]),
        .target(name: "StoreEngine", dependencies: ["Catalog", "Ledger", "CCrypto", "Platform"]),
        .target(name: "TerminalUI", dependencies: ["StoreEngine", "Catalog", "CText"]),
        // The app's host, apart from the domain: the socket other processes hand URLs to a
        // running app through (`storefront open-url`), and where a URL goes when no app runs.
        .target(name: "Host", dependencies: ["StoreEngine", "Platform", "CHTTP", "CCurl"]),
        .target(name: "Program", dependencies: ["TerminalUI", "Host", "StoreEngine", "Catalog", "Platform"]),
        // Frame -> text, ANSI, HTML, SVG; the contact sheet, the diff page and recordings. Pure
        // but for writing the files it is asked for.
        .target(name: "Exports", dependencies: ["Program", "TerminalUI", "StoreEngine", "Catalog", "Platform"]),
        .target(name: "Scenarios", dependencies: ["Exports", "Program", "TerminalUI", "Host", "StoreEngine", "Catalog"]),
        // Debian's wide-character ncurses is its own library (ncursesw); macOS's one libncurses is
        // built wide. The module map names no library, so each platform links its own here.
        .target(name: "CursesBackend", dependencies: ["Program", "TerminalUI", "CCurses", "Platform"],
                linkerSettings: [.linkedLibrary("ncursesw", .when(platforms: [.linux])),
                                 .linkedLibrary("ncurses", .when(platforms: [.macOS]))]),
        .executableTarget(
            name: "storefront",
            dependencies: ["CursesBackend", "Scenarios", "Exports", "Program", "TerminalUI", "Host", "StoreEngine", "Catalog", "Platform"]
        ),
        // The parsers the fuzzer feeds (docs/reliability.md, "Fuzzing"): built with -DFUZZING and the
        // fuzzer sanitizer by `make fuzz` into .build/fuzz, else a replayer of libFuzzer's files.
        .executableTarget(name: "Fuzzing", dependencies: ["Scenarios", "TerminalUI", "StoreEngine", "Catalog"]),
        // The catalog, a fixed moment and the products answer, shared by the UI and program tests;
        // the property tests' case count.
        .target(name: "TestFixtures", dependencies: ["Catalog", "StoreEngine"], path: "Tests/TestFixtures"),
        // Each platform call on the real system: sockets, signals, locks, watched folders, files,
        // a pseudo-terminal, a locale, a stopped child process.
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "TestFixtures"], exclude: ["Fixtures"]),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger"]),
        // The URL socket on real sockets, and delivery into a real ledger.
        .testTarget(name: "HostTests", dependencies: ["Host", "StoreEngine", "Ledger", "Catalog", "TestFixtures"]),
        .testTarget(name: "StoreEngineTests", dependencies: ["StoreEngine", "Ledger", "Catalog", "TestFixtures"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "StoreEngine", "Catalog", "TestFixtures"]),
        .testTarget(
            name: "ProgramTests",
            // Ledger only for tests that fill the disk under the running loop; Exports for `c`
            // through the real saver.
            dependencies: ["Program", "TerminalUI", "StoreEngine", "Ledger", "Catalog", "Platform", "Exports", "TestFixtures"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "ExportsTests", dependencies: ["Exports", "Program", "TerminalUI", "StoreEngine", "Catalog"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios", "Exports", "Program", "TerminalUI", "Host", "StoreEngine", "Catalog"]),
        // Support/ holds a pseudo-terminal in Python that answers the width probe (run by a test).
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "Program", "TerminalUI", "CCurses"],
                    exclude: ["Support"]),
        // Pages an export writes, opened in headless Chromium (`make test-browser`; `make test`
        // skips it so a cold run stays short).
        .testTarget(name: "BrowserTests", dependencies: ["Exports", "Program", "TerminalUI", "StoreEngine", "Catalog"]),
        // The fuzz targets' recipes, and every seed of Fuzz/corpus through its checks, without libFuzzer.
        .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing"]),
        // Reads docs/architecture.md's layers table and every import in Sources/: needs no product code.
        .testTarget(name: "ArchitectureTests"),
        // Every C name the macOS build would use, against what macOS has (ncurses 5.7, its SQLite,
        // its BSD headers): reads Sources/ and name lists made from the headers; needs no product
        // code (one test builds the C shim's ncurses 5.7 branch with cc and runs it).
        .testTarget(name: "PortabilityTests", exclude: ["Fixtures"]),
        // Runs the built binary (.build/debug/storefront) in tmux; `make test` builds it first.
        // SQLite only to find a page of a ledger the tests damage, as QA would with the sqlite3 shell.
        .testTarget(name: "EndToEndTests", dependencies: ["CSQLite"]),
        // Kills the built binary's purchases and reads the ledger it leaves (docs/reliability.md, "Crash matrix").
        .testTarget(name: "CrashMatrixTests", dependencies: ["Ledger"]),
    ],
    swiftLanguageModes: [.v6]
)
