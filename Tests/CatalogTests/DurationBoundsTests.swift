import Testing
@testable import Catalog

/// The catalog's durations are bounded where they are read, each refused at its line, column
/// and JSON path; a whole number too long for any integer is out of range, not "not a number".
@Suite("Catalog duration bounds")
struct DurationBoundsTests {
    @Test(arguments: [
        (#""delaySeconds": 2"#, #""delaySeconds": 110000000000000000000"#,
         "$.settings.payStation.redirect.delaySeconds", "110000000000000000000 is out of range; expected 0 to 3600"),
        (#""notificationDelaySeconds": 4"#, #""notificationDelaySeconds": 9500000000000000000"#,
         "$.settings.xee.notificationDelaySeconds", "9500000000000000000 is out of range; expected 0 to 3600"),
        (#""notificationDelaySeconds": 4"#, #""notificationDelaySeconds": 3601"#,
         "$.settings.xee.notificationDelaySeconds", "3601 is out of range; expected 0 to 3600"),
        (#""prewarm": true,"#, #""prewarm": true, "coldLaunchSeconds": 86400000000000000000000,"#,
         "$.settings.payStation.coldLaunchSeconds", "86400000000000000000000 is out of range; expected 0 to 60"),
        (#""delaySeconds": 2"#, #""delaySeconds": -99999999999999999999"#,
         "$.settings.payStation.redirect.delaySeconds", "-99999999999999999999 is out of range; expected 0 to 3600"),
    ])
    func aDurationPastItsBoundIsOutOfRange(old: String, new: String, path: String, message: String) throws {
        let text = try replacingOnce(old, with: new, in: defaultCatalogText())
        let error = try #require(loadFailure(text))
        #expect(error.diagnostics.map(\.path) == [path])
        #expect(error.diagnostics.map(\.message) == [message])
        #expect(error.diagnostics.first?.position != nil)
    }
}
