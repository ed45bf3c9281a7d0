import Foundation

/// A path's own fields on a report, as a value of the path's type (declared in its folder,
/// with the report's accessors for the app).
protocol PathReport: Sendable, Equatable {
    /// This value handed to the app after `earlier`, in one call: what the app gets of both.
    func following(_ earlier: Self) -> Self
}

extension PathReport {
    /// The later value replaces the earlier one, unless the path says otherwise.
    func following(_ earlier: Self) -> Self { self }
}

/// The paths' fields on a report, one value per path type: the report carries them without
/// knowing any, and each path reads and writes its own by its type.
public struct PathReports: Sendable, Equatable {
    private var values: [ObjectIdentifier: any PathReport] = [:]

    public init() {}

    subscript<Report: PathReport>(_ type: Report.Type) -> Report? {
        get { values[ObjectIdentifier(type)] as? Report }
        set { values[ObjectIdentifier(type)] = newValue }
    }

    subscript<Report: PathReport>(_ type: Report.Type, default value: @autoclosure () -> Report) -> Report {
        get { self[type] ?? value() }
        set { self[type] = newValue }
    }

    /// Adds `later`'s values, each following the value of its type already here.
    mutating func merge(_ later: PathReports) {
        for (key, value) in later.values {
            values[key] = values[key].map { value.following(any: $0) } ?? value
        }
    }

    public static func == (lhs: PathReports, rhs: PathReports) -> Bool {
        lhs.values.count == rhs.values.count && lhs.values.allSatisfy { key, value in
            rhs.values[key].map { value.isSame(as: $0) } ?? false
        }
    }
}

extension PathReport {
    fileprivate func isSame(as other: any PathReport) -> Bool {
        (other as? Self) == self
    }

    fileprivate func following(any earlier: any PathReport) -> any PathReport {
        (earlier as? Self).map { following($0) } ?? self
    }
}
