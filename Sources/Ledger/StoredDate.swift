import Foundation

// How the ledger stores a `Date`: a REAL holding `timeIntervalSinceReferenceDate`, which is the
// very Double a `Date` is made of, so every date reads back equal to the one written.
//
// Seconds since 1970 would not: `Date(timeIntervalSince1970: d.timeIntervalSince1970)` adds and
// then subtracts 978,307,200 s in floating point and differs from `d` in the last bit for about
// half of all dates (checked on this machine), which breaks `==` on records read back.
// To read a column in the sqlite3 shell: `datetime(created_at + 978307200, 'unixepoch')`.
extension SQLiteStatement {
    func bind(_ date: Date, at index: Int32) throws {
        try bind(date.timeIntervalSinceReferenceDate, at: index)
    }

    func bind(_ date: Date?, at index: Int32) throws {
        try bind(date?.timeIntervalSinceReferenceDate, at: index)
    }

    func date(column index: Int32) -> Date {
        Date(timeIntervalSinceReferenceDate: double(column: index))
    }

    func optionalDate(column index: Int32) -> Date? {
        optionalDouble(column: index).map(Date.init(timeIntervalSinceReferenceDate:))
    }
}
