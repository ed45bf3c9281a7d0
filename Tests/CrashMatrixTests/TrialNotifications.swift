/// Where a trial's stores post: the matrix's one receiver, each store on a path of its own under
/// a prefix that is the purchase's alone, so one log serves every trial and a post says which
/// trial, and which store's URL, it went to.
struct TrialNotifications: Sendable {
    /// Each store by a scenario's word (`notifications apple URL`), the ledger's name, its path.
    static let stores = [("apple", "appStore", "/apple"), ("play", "googlePlay", "/play"), ("xsolla", "xsolla", "/xsolla")]

    /// `/trial-7-1a2b3c`: the log's lines of this purchase begin with it.
    var prefix: String
    /// The URL of each store given one, by the ledger's name.
    var urls: [String: String]
    /// The scenario lines that give them, for the purchase and for the relaunch alike (the
    /// relaunch posts what the kill left pending, to the URL it was written for).
    var lines: [String]

    /// Every store posts to the receiver at `port` but `leftOut` (the ledger's name), which has
    /// no URL; with no receiver, none has one.
    init(port: String?, prefix: String, leftOut: String?) {
        self.prefix = prefix
        var urls: [String: String] = [:]
        var lines: [String] = []
        for (word, store, path) in Self.stores where store != leftOut {
            guard let port else { break }
            let url = "http://127.0.0.1:\(port)\(prefix)\(path)"
            urls[store] = url
            lines.append("notifications \(word) \(url)")
        }
        self.urls = urls
        self.lines = lines
    }
}

extension CrashCase.Path {
    /// The store whose server posts this path's notifications (the ledger's name).
    var store: String {
        switch self {
        case .paystation: "xsolla"
        case .storekit, .xee: "appStore"
        case .play: "googlePlay"
        }
    }
}
