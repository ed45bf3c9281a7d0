import Foundation

/// How many seeded cases a property test runs: `PROPERTY_CASES` (1,000 unless given, at least
/// 100), at most `full`. `make test` runs the first 1,000; `make property-test` runs all 10,000,
/// as the properties were first stated. The seeds are fixed, so a failure replays with the same
/// count.
public func propertyCases(upTo full: Int) -> Int {
    let asked = ProcessInfo.processInfo.environment["PROPERTY_CASES"].flatMap { Int($0) } ?? 1_000
    return min(max(asked, 100), full)
}
