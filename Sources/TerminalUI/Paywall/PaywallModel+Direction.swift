extension PaywallModel {
    /// Which way this storefront reads: an Arabic (SAU) or Hebrew storefront's paywall is drawn
    /// mirrored, as its players' phones show it.
    public var writingDirection: WritingDirection { WritingDirection(locale: storefront.locale) }
}
