import Foundation
import StoreEngine

/// Every line the bottom line has shown, newest first, with the simulated time it came at: the
/// bottom line has room for one, and cuts a long one, so `n` opens the last `capacity` in full.
public struct NoticeLog: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var notice: StoreNotice
        public var time: Date
    }

    /// The key that opens the log, named where a cut line says how to read it whole.
    public static let key = "n"
    public static let title = "Messages, newest first"
    public static let capacity = 50

    public private(set) var entries: [Entry] = []

    public init() {}

    /// Keeps `notice`, unless it is the one kept last at the same moment (the same line set again).
    public mutating func record(_ notice: StoreNotice, at time: Date) {
        if let newest = entries.first, newest.notice == notice, newest.time == time { return }
        entries.insert(Entry(notice: notice, time: time), at: 0)
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
    }

    /// The messages in full, newest first, each under its day and time.
    public func overlay(clock: WallClock, now: Date) -> TextOverlay {
        let lines = entries.isEmpty
            ? [TextOverlay.Entry("", "Nothing has been said yet.")]
            : entries.map { TextOverlay.Entry(clock.dayAndTime($0.time, today: now), Self.words(of: $0.notice)) }
        return TextOverlay(title: Self.title, entries: lines, footer: "Esc or \(Self.key) closes")
    }

    /// An error says so in words, for a screen without colour.
    private static func words(of notice: StoreNotice) -> String {
        notice.tone == .error ? "✗ " + notice.text : notice.text
    }
}
