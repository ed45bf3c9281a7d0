import Catalog
import Foundation
import StoreEngine

extension AppState {
    /// The only place state changes. Returns the effects to run; never does I/O itself.
    public mutating func update(_ message: Message) -> [Effect] {
        switch message {
        case .started:
            return requestProductsIfNeeded()
        case .productsAnswered(let response):
            productsResponse = response
            productsRequest = .answered
            selection = min(selection, max(0, itemCount - 1))
            if !response.invalidProductIdentifiers.isEmpty {
                notice = StoreNotice(.info, "Products request: \(response.invalidProductIdentifiers.count) invalid identifiers (see Events).")
            }
            return []
        case .productsFailed(let attempt, let retryAfter):
            guard let retryAfter else {
                productsRequest = .failed(attempts: attempt)
                notice = StoreNotice(.error, "Products could not be loaded after \(attempt) attempts; press s to try again.")
                return []
            }
            productsRequest = .loading(attempt: attempt + 1)
            return [.deliver(.retryProducts(attempt: attempt + 1), afterSeconds: retryAfter)]
        case .retryProducts(let attempt):
            return [.requestProducts(attempt: attempt)]
        case .key(let key):
            return handle(key)
        case .mouse(let event):
            return handle(event)
        case .resize(let newWidth, let newHeight):
            width = newWidth
            height = newHeight
            return []
        case .tick(let date):
            now = date
            return []
        case .purchaseStarted(let start):
            switch start {
            case .payStation(let session):
                payStation = session
                notice = nil
            case .ignored(let reason):
                notice = StoreNotice(.info, "Nothing happened: \(reason).")
            }
            return []
        case .payStationAnswered(let result, let transactionId):
            switch result {
            case .redirect(let url, let delay):
                pendingRedirect = PendingRedirect(url: url, due: now.addingTimeInterval(Double(delay)),
                                                  transactionId: transactionId)
                return [.deliver(.redirectArrived(url: url), afterSeconds: Double(delay))]
            case .settled(let settled):
                notice = settled
                // Paid or cancelled with no redirect to wait for: back to the game. A decline
                // stays on screen until the player closes it.
                switch payStation?.phase {
                case .done?, .cancelled?: payStation = nil
                default: break
                }
                return []
            }
        case .redirectArrived(let url):
            // The manual button may have sent it already; each redirect goes through once.
            guard pendingRedirect?.url == url else { return [] }
            pendingRedirect = nil
            payStation = nil
            return [.openURL(url)]
        case .storeChanged(let newSnapshot, let newNotice):
            snapshot = newSnapshot
            if let newNotice { notice = newNotice }
            return []
        case .failed(let text):
            notice = StoreNotice(.error, text)
            return []
        }
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        if key == .interrupt {
            wantsQuit = true
            return [.quit]
        }
        if showsHelp {
            if key == .escape || key == .character("?") || key == .enter { showsHelp = false }
            if key == .character("q") {
                wantsQuit = true
                return [.quit]
            }
            return []
        }
        if payStation != nil { return handlePayStation(key) }
        switch key {
        case .character("q"):
            wantsQuit = true
            return [.quit]
        case .character("?"):
            showsHelp = true
        case .escape:
            notice = nil
        case .tab:
            focus = focus.next
        case .backTab:
            focus = focus.previous
        case .character("s"), .character("S"):
            let step = key == .character("s") ? 1 : catalog.storefronts.count - 1
            storefrontIndex = (storefrontIndex + step) % catalog.storefronts.count
            // The same product stays selected, so a designer compares it across storefronts.
            selection = min(selection, max(0, itemCount - 1))
            notice = StoreNotice(.info, "Storefront \(storefront.id): \(storefront.locale), \(storefront.currency).")
            return requestProductsIfNeeded()
        case .character("v"):
            guard let paywall, !paywall.variants.isEmpty else { return [] }
            let current = variantOverride ?? paywall.variants.firstIndex { $0.id == variant?.id } ?? 0
            variantOverride = (current + 1) % paywall.variants.count
            selection = 0
            notice = StoreNotice(.info, "Previewing variant \(paywall.variants[variantOverride ?? 0].id) (template \(paywall.variants[variantOverride ?? 0].template.rawValue)).")
        case .character("e"):
            eligibilityOverride = eligibilityOverride.next
            notice = StoreNotice(.info, "Offer eligibility: \(eligibilityOverride.rawValue).")
        case .character("t"):
            themeIndex = (themeIndex + 1) % themes.count
            notice = StoreNotice(.info, "Theme \(themes[themeIndex].name).")
        case .up, .left, .character("k"), .character("h"):
            move(by: -1)
        case .down, .right, .character("j"), .character("l"):
            move(by: 1)
        case .enter:
            return buySelected()
        default:
            break
        }
        return []
    }

    /// The Pay Station path sells only what a products request returned: ask once, and again
    /// after a request gave up.
    private mutating func requestProductsIfNeeded() -> [Effect] {
        guard storefront.path == .paystation else { return [] }
        switch productsRequest {
        case .idle, .failed:
            productsRequest = .loading(attempt: 1)
            return [.requestProducts(attempt: 1)]
        case .loading, .answered:
            return []
        }
    }

    private mutating func move(by step: Int) {
        if focus == .paywall {
            let count = itemCount
            guard count > 0 else { return }
            selection = min(max(0, selection + step), count - 1)
        } else {
            scroll[focus] = min(max(0, (scroll[focus] ?? 0) + step), max(0, rowCount(of: focus) - 1))
        }
    }

    /// Rows a live pane can scroll through.
    private func rowCount(of pane: Pane) -> Int {
        switch pane {
        case .paywall: return itemCount
        case .transactions: return snapshot.transactions.count
        case .entitlements: return snapshot.balances.count + snapshot.entitlements.count
        case .events: return snapshot.events.count
        }
    }

    private mutating func buySelected() -> [Effect] {
        guard focus == .paywall, let item = selectedItem else { return [] }
        guard storefront.path == .paystation else {
            notice = StoreNotice(.info, "The \(storefront.path.displayName) path is not built yet; "
                                 + "press s for a Pay Station storefront (USA, DEU).")
            return []
        }
        return [.beginPurchase(productId: item.product.id, storefrontId: storefront.id,
                               variationId: item.isPlan ? variationId : nil)]
    }

    private mutating func handlePayStation(_ key: Key) -> [Effect] {
        guard var session = payStation else { return [] }
        if session.phase.isFinal {
            // Paid, declined or closed: Enter is the manual "back to the game" button, Esc closes.
            guard key == .enter || key == .escape else { return [] }
            if let redirect = pendingRedirect {
                return update(.redirectArrived(url: redirect.url))
            }
            if case .done = session.phase { return [] }  // waiting for Pay Station's answer
            payStation = nil
            return []
        }
        switch key {
        case .escape:
            session.close()
        case .enter:
            session.submit()
        case .backspace:
            session.deleteBackward()
        case .tab:
            if let field = session.focusedField?.nextField { session.focus(on: field) }
        case .character(let character):
            session.type(character)
        default:
            break
        }
        payStation = session
        if session.phase.isFinal {
            if case .cancelled = session.phase { payStation = nil }
            return [.closePayStation(session)]
        }
        return []
    }

    private mutating func handle(_ event: MouseEvent) -> [Effect] {
        // A sheet or the help covers the screen: clicks and the wheel go nowhere beneath it.
        guard payStation == nil, !showsHelp else { return [] }
        guard event.kind == .press else {
            move(by: event.kind == .wheelUp ? -1 : 1)
            return []
        }
        let layout = ScreenLayout(width: width, height: height)
        if let index = PaywallView.itemIndex(at: event.x, event.y, in: layout.paywall, state: self) {
            focus = .paywall
            if index == selection { return buySelected() }
            selection = index
        } else if let pane = layout.pane(at: event.x, event.y) {
            focus = pane
        }
        return []
    }
}

extension PayStationSession {
    var focusedField: Field? { phase == .cardForm ? focus : nil }
}

extension PayStationSession.Field {
    var nextField: PayStationSession.Field {
        let all = PayStationSession.Field.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
