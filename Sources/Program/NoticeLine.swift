import Catalog
import Foundation
import StoreEngine
import TerminalUI

/// The bottom line's message and every one it has shown (`n`). Showing a message and keeping
/// it in the log are one call, so no line reaches the screen without reaching the log.
public struct NoticeLine: Sendable, Equatable {
    /// The message on the bottom line; nil for the keys of what is on screen.
    public private(set) var notice: StoreNotice?
    /// What the bottom line has said, newest first (`n`).
    public private(set) var log = NoticeLog()
    /// The bottom line holds a refusal of the player's request until their next key or click:
    /// a renewal line arriving a moment later does not cover it.
    public private(set) var refusalHeld = false
    /// Messages the clock brought while a refusal was held, in the log only.
    public private(set) var sinceRefusal = 0

    init() {}

    /// Puts `notice` on the bottom line and in the log, at the simulated time `now`.
    mutating func show(_ notice: StoreNotice, at now: Date) {
        self.notice = notice
        log.record(notice, at: now)
    }

    /// Clears the bottom line for the keys; the log keeps what it said.
    mutating func clear() {
        notice = nil
    }

    /// The player pressed a key or clicked: a refusal held on the bottom line has been read.
    mutating func releaseRefusal() {
        refusalHeld = false
    }

    /// An engine report's message. One that came on the clock while a refusal is held goes to
    /// the log only, so the refusal stays readable; any other replaces the line, and holds it
    /// when it is a refusal.
    mutating func report(_ notice: StoreNotice, onTheClock: Bool, at now: Date) {
        if onTheClock, refusalHeld {
            log.record(notice, at: now)
            sinceRefusal += 1
            return
        }
        show(notice, at: now)
        refusalHeld = notice.isRefusal
        sinceRefusal = 0
    }

    /// What the bottom line shows: the notice, and while a refusal is held, how many newer
    /// messages `n` has.
    public var shown: StoreNotice? {
        guard var shown = notice, refusalHeld, sinceRefusal > 0 else { return notice }
        shown.text += " (\(NoticeLog.key): \(English.count(sinceRefusal, "newer message")))"
        return shown
    }
}
