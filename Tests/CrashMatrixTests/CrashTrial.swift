import Foundation

/// One trial of the matrix: a purchase (`CrashCase`) killed with SIGKILL at one point, the
/// state directory relaunched and settled, and the ledger checked. Everything a trial does
/// follows from the run's seed and its number, so `CRASH_SEED=S CRASH_TRIAL=N` runs it again.
struct CrashTrial: Sendable, CustomStringConvertible {
    /// Where the kill lands: the moment a named step is committed (`STOREFRONT_CRASH_AT`), or
    /// as a commit begins once so many have reached the disk (`STOREFRONT_CRASH_AFTER_COMMITS`).
    enum KillPoint: Sendable, Equatable, CustomStringConvertible {
        case step(String)
        case commits(Int)

        var description: String {
            switch self {
            case .step(let name): "at the \(name) step"
            case .commits(let count): "after \(count) commits"
            }
        }

        var environment: [String: String] {
            switch self {
            case .step(let name): ["STOREFRONT_CRASH_AT": name]
            case .commits(let count): ["STOREFRONT_CRASH_AFTER_COMMITS": String(count)]
            }
        }
    }

    /// The named steps (`StoreCheckpoint`): the three commits of a purchase, on every path.
    static let steps = ["opened", "paid", "finished"]

    var seed: UInt64
    var number: Int
    var purchase: CrashCase
    var kill: KillPoint
    /// The store given no notification URL (the ledger's name), so nothing may be written for
    /// it: every tenth trial's own path's store; the others give every store one.
    var leftOut: String?

    var description: String {
        "CRASH_SEED=\(seed) CRASH_TRIAL=\(number): \(purchase), killed \(kill)" + (leftOut.map { ", no URL for \($0)" } ?? "")
    }

    /// Trial `number` of the run seeded `seed`. Every third aims at a named step, the steps in
    /// turn (on a purchase that reaches it: any for `opened`, a paid one for the others); the
    /// rest at a commit chosen at random, on any purchase. A commit past the run's last is
    /// folded back into it when the trial runs (`folded(into:)`).
    init(seed: UInt64, number: Int) {
        self.seed = seed
        self.number = number
        var random = SplitMix64(seed: seed ^ (UInt64(number) &* 0x9E37_79B9_7F4A_7C15))
        if number % 3 == 0 {
            let step = Self.steps[(number / 3) % Self.steps.count]
            let reaching = CrashCase.all.filter { $0.paid || step == "opened" }
            purchase = reaching[Int(random.next() % UInt64(reaching.count))]
            kill = .step(step)
        } else {
            purchase = CrashCase.all[Int(random.next() % UInt64(CrashCase.all.count))]
            kill = .commits(Int(random.next() % 48))
        }
        leftOut = number % 10 == 9 ? purchase.path.store : nil
    }

    /// The same trial with its commit count folded into a run that makes `total` commits.
    func folded(into total: Int) -> CrashTrial {
        guard case .commits(let count) = kill, total > 0 else { return self }
        var trial = self
        trial.kill = .commits(count % total)
        return trial
    }
}

/// A small, well-known generator (Steele, Lea and Flood's SplitMix64): the same numbers from the
/// same seed on every machine, which the system's generator does not promise.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
