import Synchronization

/// The paywall's geometry for the last few (model, content rectangle, width mode) it was laid
/// out for. A frame asked for it about four times (the layout's height, the drawing, the hint,
/// the boxes a sheet keeps clear of) and every update once or twice more, each time wrapping
/// every row's text again: it is worked out once per state instead.
///
/// Keyed on exactly what the geometry reads: the model's `revision`, which every change of the
/// model replaces with one never used before (`PaywallModel.update`), the rectangle and the
/// width mode text is measured in. The theme is not among them: a theme changes colors, never
/// sizes. Copies of a model share the cache; a copy changed apart gets a revision of its own.
final class PaywallGeometryCache: Sendable {
    struct Key: Equatable {
        var revision: UInt64
        var inner: Rect
        var mode: WidthMode
    }

    private let entries = Mutex<[(key: Key, geometry: PaywallGeometry)]>([])
    /// A frame's two heights (the tallest, the one used) for the state on screen and the one before.
    private static let limit = 4

    /// The geometry for `key`, laid out by `layOut` when it is not kept.
    func geometry(for key: Key, _ layOut: () -> PaywallGeometry) -> PaywallGeometry {
        if let known = entries.withLock({ $0.first { $0.key == key }?.geometry }) { return known }
        // Laid out outside the lock: another thread's frame never waits on this one's.
        let geometry = layOut()
        entries.withLock { entries in
            entries.removeAll { $0.key == key }
            entries.insert((key, geometry), at: 0)
            if entries.count > Self.limit { entries.removeLast(entries.count - Self.limit) }
        }
        return geometry
    }
}
