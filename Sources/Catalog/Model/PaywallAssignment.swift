extension Paywall {
    /// The variant a user sees: a stable hash of (user id, paywall id) over the variants'
    /// weights, so the same user always lands in the same arm on every machine and launch.
    public func assignedVariant(forUser userId: String) -> PaywallVariant? {
        let total = variants.reduce(0) { $0 + max(0, $1.weight) }
        guard total > 0 else { return variants.first }
        var point = Int(StableHash.fnv1a64("\(userId)\u{1F}\(id)") % UInt64(total))
        for variant in variants where variant.weight > 0 {
            if point < variant.weight { return variant }
            point -= variant.weight
        }
        return variants.last
    }
}

/// FNV-1a: tiny, and unlike `Hasher` the same in every process.
public enum StableHash {
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
