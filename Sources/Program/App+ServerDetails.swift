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
        return Overlay(.row, details(of: notification), notificationUUID: notification.uuid)
    }

    /// Open details of a notification made again from this report's rows, scrolled where they
    /// were; a report that no longer lists it leaves them as they are.
    mutating func refreshNotificationDetails() {
        guard let uuid = overlay?.notificationUUID,
              let notification = snapshot.notifications.first(where: { $0.uuid == uuid }) else { return }
        let made = details(of: notification)
        guard made.entries != overlay?.text.entries else { return }
        overlay?.text.replaceEntries(with: made.entries)
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
        return TextOverlay(title: "Notification \(notification.type)", entries: entries)
    }

    /// Leading spaces as no-break spaces, which wrapping keeps: indented JSON stays indented.
    static func keepingIndents(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let indent = line.prefix { $0 == " " }
            return String(repeating: "\u{00A0}", count: indent.count) + line.dropFirst(indent.count)
        }.joined(separator: "\n")
    }
}
