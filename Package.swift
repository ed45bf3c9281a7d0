// swift-tools-version:6.0
// The storefront package. Targets and their arrows follow DESIGN.md §1:
// storefront -> CursesBackend -> TerminalUI -> StoreEngine -> Ledger, Catalog.
import PackageDescription

let package = Package(
    name: "storefront",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "storefront", targets: ["storefront"]),
    ],
    targets: [
        // No pkgConfig: ncursesw.pc carries -D_XOPEN_SOURCE=600, which SwiftPM drops with a
        // warning; shim.h sets what the wide-character API needs instead (DESIGN.md §9).
        .systemLibrary(
            name: "CCurses",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "Catalog"),
        .target(name: "Ledger", dependencies: ["CSQLite"]),
        .target(name: "StoreEngine", dependencies: ["Catalog", "Ledger"]),
        // TerminalUI shows the ledger's records that StoreEngine hands up, so it names Ledger too.
        .target(name: "TerminalUI", dependencies: ["StoreEngine", "Catalog", "Ledger"]),
        .target(name: "CursesBackend", dependencies: ["TerminalUI", "CCurses"]),
        .executableTarget(
            name: "storefront",
            dependencies: ["CursesBackend", "TerminalUI", "StoreEngine", "Ledger", "Catalog"]
        ),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog"], exclude: ["Fixtures"]),
        .testTarget(name: "LedgerTests", dependencies: ["Ledger"]),
        .testTarget(name: "StoreEngineTests", dependencies: ["StoreEngine", "Ledger", "Catalog"]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "StoreEngine", "Ledger", "Catalog"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "TerminalUI", "CCurses"]),
        // Runs the built binary (.build/debug/storefront) in tmux; `make test` builds it first.
        .testTarget(name: "EndToEndTests"),
    ],
    swiftLanguageModes: [.v6]
)
