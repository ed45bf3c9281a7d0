import Catalog
import Foundation
import StoreEngine
import TerminalUI

extension App {
    /// The only place state changes. Routes each message to the component it belongs to and
    /// returns the effects to run; never does I/O itself.
    public mutating func update(_ message: Message) -> [Effect] {
        switch message {
        // The player acts again: a refusal held on the bottom line has been read.
        case .key, .typed, .mouse: noticeLine.releaseRefusal()
        default: break
        }
        switch message {
        case .started:
            return [.engine(.launch)] + handle(.start)
        case .key(let key):
            return handle(key)
        case .typed(let text):
            return type(text)
        case .mouse(let event):
            return handle(event)
        case .resize(let newWidth, let newHeight):
            width = newWidth
            height = newHeight
            return []
        case .tick(let date):
            now = date
            refreshPanesIfTheDayChanged()
            return []
        case .quit:
            guard !isQuitting else { return [] }
            isQuitting = true
            return [.engine(.close)]
        case .store(let report):
            return posting(report) + apply(report)
        case .clockReport(let report):
            return posting(report) + apply(report, onTheClock: true)
        case .supersededReport(let report):
            return posting(report) + takeOnlyItsOwn(report)
        case .delivered(let result):
            return [.engine(.recordDelivery(result))]
        case .configureOutbox(let settings):
            return [.engine(.configureOutbox(settings))]
        case .retryProducts(let path, let attempt):
            // The path whose request failed, even if the player has moved on: its answer is
            // what that path sells when they come back.
            return [.engine(.requestProducts(path: path, attempt: attempt))]
        case .chooseStorefront(let id):
            guard let storefront = catalog.storefront(matching: id),
                  let index = catalog.storefronts.firstIndex(where: { $0.id == storefront.id }) else {
                say(StoreNotice(.error, "No storefront \(id) in the catalog."))
                return []
            }
            return handle(.showStorefront(index: index))
        case .choosePath(let path):
            return handle(.choosePath(path))
        case .selectProduct(let id):
            guard let index = paywall.index(ofProduct: id) else {
                say(StoreNotice(.error, "\(id) is not on sale here."))
                return []
            }
            moveFocus(to: .paywall)
            updatePaywall(.select(index: index))
            return []
        case .selectItem(let index):
            moveFocus(to: .paywall)
            updatePaywall(.select(index: index))
            return []
        case .buy:
            moveFocus(to: .paywall)
            return buySelected()
        case .restore:
            return [.engine(.restore(path: paywall.path))]
        case .redeemOfferCode(let code):
            return [.engine(.redeemOfferCode(code, storefrontId: paywall.storefront.id, path: paywall.path))]
        case .openURL(let url):
            return [.engine(.openURL(url, shownIn: paywall.storefront.id))]
        case .apiCalled(let call):
            return [.engine(.note(OutsideNote(.apiCall, lines: [call.line])))]
        case .act(.changeStoreCountry, _):
            // Google Play's country is the app's menu, not a change to the transaction.
            _ = menus.update(.close)
            return obey(.playSettings)
        case .act(let action, let transactionId):
            _ = menus.update(.close)
            return [.engine(.act(action, transactionId: transactionId))]
        case .configureXee(let settings):
            return [.engine(.configureXee(settings))]
        case .buyPromoted(let productId):
            _ = menus.update(.close)
            return [.engine(.buyPromoted(productId: productId, shownIn: paywall.storefront.id))]
        case .setRenewalRate(let rate):
            return [.engine(.setTimeRate(.running(rate), keepingClockPaused: true))]
        case .caption(let text):
            caption = text
            return []
        case .captionNote(let note):
            captionNote = note
            return []
        case .demoKeys(let keys):
            demoKeys = keys
            return []
        case .answerStoreKit(let input):
            return sheets.update(.answerStoreKit(input))
        case .answerPlay(let input):
            return sheets.update(.answerPlay(input))
        case .answerStoreSheet(let input):
            return sheets.update(.answerStoreSheet(input))
        case .applyTimeRate:
            return time.update(.applyPendingRate)
        case .catalogSaved(let save):
            return reload(save)
        case .themesSaved(let save):
            return reload(save)
        case .jump(let target):
            return jump(target)
        case .command(let command):
            return obey(command)
        case .screenCaptured(let said):
            say(said)
            return []
        }
    }

    /// The notifications a report hands over, posted first: the backend hears of a change as
    /// soon as it is committed.
    private func posting(_ report: StoreReport) -> [Effect] {
        report.deliveries.isEmpty ? [] : [.post(report.deliveries)]
    }

    /// What a report a later one replaces carries alone: its notice (kept in the messages, `n`),
    /// a page of older events, a products answer, the voided purchases asked for. Its state, the
    /// later report's state replaces.
    private mutating func takeOnlyItsOwn(_ report: StoreReport) -> [Effect] {
        if let page = report.olderEvents { _ = panes.update(.olderEvents(page)) }
        if let reported = report.notice { noticeLine.report(reported, onTheClock: false, at: now) }
        showVoidedPurchases(of: report)
        guard let products = report.products else { return [] }
        return handle(.productsReplied(products, callFailed: report.failure != nil))
    }

    /// Google Play's voided purchases, on the report of the call that asked for them (`g`, `m`),
    /// over the menu that asked.
    private mutating func showVoidedPurchases(of report: StoreReport) {
        guard let voided = report.voidedPurchases else { return }
        _ = menus.update(.close)
        overlay = Overlay(.row, VoidedPurchasesOverlay.text(voided))
    }

    /// An engine report replaces the panes and the sheet; products answers go to the paywall.
    private mutating func apply(_ report: StoreReport, onTheClock: Bool = false) -> [Effect] {
        // A sheet that has just opened starts clean: the last purchase's line goes.
        if sheet == nil, storeSheet == nil, report.sheet != nil || report.storeSheet != nil { noticeLine.clear() }
        lastCallFailed = report.failure != nil
        if let page = report.olderEvents { _ = panes.update(.olderEvents(page)) }
        _ = sheets.update(.reported(report.sheet, storeSheet: report.storeSheet, accessWait: report.accessWait))
        heldPromotions = report.heldPromotions
        xeeServer = report.xeeServer
        var effects = follow(menus.update(.xeeServerReported(xeeServer)))
        // Google Play's country and voided purchases (issue 38).
        playCountry = report.playCountry
        effects += follow(menus.update(.playCountryReported(playCountry)))
        showVoidedPurchases(of: report)
        _ = time.update(.reported(report.timeRate, renewal: report.renewalRate, nextDue: report.nextDue))
        let previous = snapshot.transactions
        snapshot = report.snapshot
        // The rows as this snapshot and renewal rate give them (the rate decides whether an
        // expiry says its day, minute or second), made here rather than when the snapshot is set.
        // A report that leaves the transactions as they were (a delivery recorded, in a storm
        // every one) keeps their columns: fitting them formats every charge again.
        let columns = snapshot.transactions == previous ? panes.rows.transactionColumns : nil
        _ = panes.update(.reported(snapshot, previous: previous, rows: paneRows(of: snapshot, transactionColumns: columns),
                                   visibleTransactions: ListPane.visibleRows(in: layout.transactions)))
        effects += follow(menus.update(.transactionsReported(snapshot.transactions)))
        refreshNotificationDetails()
        updatePaywall(.historyChanged(report.snapshot.history),
                      .ownershipChanged(report.snapshot.ownedProductIds))
        if let reported = report.notice { noticeLine.report(reported, onTheClock: onTheClock, at: now) }
        guard let products = report.products else { return effects }
        return effects + handle(.productsReplied(products, callFailed: report.failure != nil))
    }

    /// Enter on the paywall, or a script's `buy`. Nothing while a sheet waits on the player:
    /// as with Enter, which the sheet takes, one purchase at a time.
    mutating func buySelected() -> [Effect] {
        guard sheet == nil, storeSheet == nil, focus == .paywall else { return [] }
        return handle(.buy(preview: previewPurchaseNotice()))
    }
}
