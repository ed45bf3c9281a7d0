import Foundation

// URLs from outside kept while no app ran: the next launch opens them, then lets them go.
extension LedgerDatabase {
    /// Keeps `url` for the next launch.
    public func keepURL(_ url: String, receivedAt time: Date) throws {
        let statement = try database.prepare("INSERT INTO kept_urls (url, received_at) VALUES (?1, ?2)")
        try statement.bind(url, at: 1)
        try statement.bind(time, at: 2)
        try statement.step()
    }

    /// The kept URLs, oldest first, with the id `forgetURL` takes.
    public func keptURLs() throws -> [(id: Int64, url: String, receivedAt: Date)] {
        let statement = try database.prepare("SELECT id, url, received_at FROM kept_urls ORDER BY id")
        var urls: [(id: Int64, url: String, receivedAt: Date)] = []
        while try statement.step() {
            urls.append((statement.int64(column: 0), statement.string(column: 1), statement.date(column: 2)))
        }
        return urls
    }

    /// Lets a kept URL go once it has been opened.
    public func forgetURL(id: Int64) throws {
        let statement = try database.prepare("DELETE FROM kept_urls WHERE id = ?1")
        try statement.bind(id, at: 1)
        try statement.step()
    }
}
