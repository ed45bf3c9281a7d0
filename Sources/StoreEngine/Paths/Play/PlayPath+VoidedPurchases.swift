// The Play Console's voided purchases, for the app's view of them: the same entries
// `voidedpurchases.list` returns with `type=1` over the ledger's whole history, handed to the
// app on the call's report. Reading them changes nothing.
extension PlayPath {
    func listVoidedPurchases(in context: PathContext) throws -> PathStep {
        var step = PathStep.nothing
        step.handOff[PlayHandOff.self] = PlayHandOff(voidedPurchases: try context.records(PlayVoidedPurchases.self)
            .all(includingSubscriptions: true))
        return step
    }
}

/// What a call on the Google Play path hands the app once it is committed: the voided purchases asked for.
struct PlayHandOff: PathReport {
    var voidedPurchases: [VoidedPurchase]?

    /// Two steps of one call: the later list, else the earlier.
    func following(_ earlier: PlayHandOff) -> PlayHandOff {
        PlayHandOff(voidedPurchases: voidedPurchases ?? earlier.voidedPurchases)
    }
}

extension StoreReport {
    /// Google Play's voided purchases, oldest voiding first, on the report of the call that
    /// asked for them (`PlayInput.listVoidedPurchases`); nil on any other.
    public var voidedPurchases: [VoidedPurchase]? {
        get { pathReports[PlayHandOff.self]?.voidedPurchases }
        set { pathReports[PlayHandOff.self, default: PlayHandOff()].voidedPurchases = newValue }
    }
}
