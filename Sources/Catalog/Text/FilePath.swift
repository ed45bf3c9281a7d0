/// The folder part of a path as typed, without touching the file system. Foundation's
/// `NSString.deletingLastPathComponent` does this too, but on Linux it crashes (an illegal
/// instruction inside Foundation) on a one-letter name such as `o` or `o/`, which `--out o`
/// or `--catalog c` would give it.
public enum FilePath {
    /// `a/b/c` → `a/b`, `/c` → `/`, `c` and `c/` → `` (empty: the current folder), `/` → `/`.
    public static func folder(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        var folder = path[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }
}
