import Foundation
import StoreEngine
import TerminalUI

// Enter on a Server pane row: the notification in full — what it is, where it stands, the
// request decoded, its headers, and each attempt with the backend's answer.
extension App {
    /// The selected row's notification, in full.
    func serverDetails() -> Overlay? {
        let notifications = snapshot.notifications
        guard notifications.indices.contains(serverPane.selection) else { return nil }
        let notification = notifications[serverPane.selection]
        return Overlay(.row, details(of: notification), notificationID: notification.id)
    }

    /// Open details of a notification made again from this report's rows, scrolled where they
    /// were; a report that no longer lists it leaves them as they are. A reader scrolled down to
    /// the last attempt stays at the end, where the next one appears (`>` or `N` pressed there).
    mutating func refreshNotificationDetails() {
        guard let id = overlay?.notificationID, let shown = overlay?.text,
              let notification = snapshot.notifications.first(where: { $0.id == id }) else { return }
        let made = details(of: notification)
        guard made.entries != shown.entries || made.footer != shown.footer else { return }
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        let boxes = boxesBeneath
        var further = shown
        further.scroll(by: 1, on: screen, clearOf: boxes)
        let atTheEnd = shown.scroll > 0 && further.scroll == shown.scroll
        overlay?.text.replaceEntries(with: made.entries, footer: made.footer)
        if atTheEnd { overlay?.text.scroll(by: made.entries.count * height, on: screen, clearOf: boxes) }
    }

    /// The details' last line: the keys that work over them (`KeyContext.notificationDetails`).
    /// `N` only while an attempt is to come, where it does something. Short enough that at 80
    /// columns the scroll marks (`▲ 120  ▼ 240 · ↑↓ scroll`) fit beside it.
    static func detailsFooter(of notification: OutboxNotification) -> String {
        switch notification.standing {
        case .due, .retrying: "Esc closes · R resend · N next retry · > next due"
        case .delivered, .gaveUp: "Esc closes · R resend · > next due"
        }
    }

    func details(of notification: OutboxNotification) -> TextOverlay {
        let iso = ISO8601DateFormatter()
        var entries: [TextOverlay.Entry] = [
            .init("type", notification.typeAndSubtype), .init("store", notification.storeName),
            .init("uuid", notification.uuid),
        ]
        if let transaction = notification.transactionId { entries.append(.init("transaction", transaction)) }
        entries += [.init("url", notification.url), .init("created", iso.string(from: notification.createdAt))]
        switch notification.standing {
        case .due, .retrying:
            let next = notification.nextAttemptAt ?? now
            entries.append(.init("next", "attempt \(notification.attempts.count + 1) at \(iso.string(from: next)) "
                                 + "(\(Self.relative(next, from: now))); N moves the clock there, R sends it now"))
        case .delivered:
            entries.append(.init("delivered", notification.deliveredAt.map(iso.string(from:)) ?? "yes"))
        case .gaveUp:
            entries.append(.init("given up", "no more attempts; R sends one more"))
        }
        let request = NotificationRequestText.decoded(notification)
        if let note = request.note { entries.append(.init("decoded", note)) }
        entries.append(.init("request", Self.keepingIndents(request.text)))
        entries.append(.init("headers", notification.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")))
        for attempt in notification.attempts {
            let status = attempt.httpStatus.map { "HTTP \($0), " } ?? ""
            entries.append(.init("attempt \(attempt.number)", "\(iso.string(from: attempt.time)): \(status)\(attempt.result), "
                                 + "\(attempt.milliseconds) ms"))
            entries.append(.init("  answer", attempt.response.isEmpty ? "(empty)" : Self.keepingIndents(attempt.response)))
        }
        return TextOverlay(title: "Notification \(notification.type)", entries: entries, footer: Self.detailsFooter(of: notification))
    }

    /// Leading spaces as no-break spaces, which wrapping keeps: indented JSON stays indented.
    static func keepingIndents(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let indent = line.prefix { $0 == " " }
            return String(repeating: "\u{00A0}", count: indent.count) + line.dropFirst(indent.count)
        }.joined(separator: "\n")
    }
}
