import Foundation

/// The package root: two folders above this target's files (Tests/ArchitectureTests/). These
/// tests read the sources and docs as text, so the root is all they need of the package.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
