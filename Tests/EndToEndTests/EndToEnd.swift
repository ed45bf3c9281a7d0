import Testing

/// The built `storefront` binary, driven like a user would: in a real terminal (tmux) with keys,
/// read back from the screen. One test at a time: the machine has two cores, and each test runs
/// a whole app. `make test` runs them in a `swift test` process of their own, beside the other
/// tests (scripts/test-layers). Alone: `swift build && swift test --filter EndToEndTests`.
@Suite("storefront end to end", .serialized)
struct EndToEnd {}

extension Trait where Self == ConditionTrait {
    /// The tests that need tmux skip, saying why, when it is not installed.
    static var needsTmux: Self {
        .enabled(if: TmuxSession.isInstalled, "tmux is not installed; install it (apt-get install tmux) to run the app in a terminal")
    }
}
