import Foundation

/// A path's own fields on a report, as a value of the path's type (declared in its folder,
/// with the report's accessors for the app).
protocol PathReport: Sendable, Equatable {}

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
}
