import Catalog
import Foundation
import StoreEngine
import TerminalUI

/// Everything that can change the app's state: input from the terminal or a
/// script, time, and the answers of the engine calls that effects asked for.
public enum Message: Sendable, Equatable {
    /// The program is up: the first message, before the first frame.
    case started
    case key(Key)
    /// Characters that came in one burst (a paste, or keys faster than a frame), in order.
    case typed(String)
    case mouse(MouseEvent)
    case resize(width: Int, height: Int)
    /// The simulated time now; sent while something on screen counts down.
    case tick(Date)
    /// Leave: `q`, Ctrl-C, SIGTERM and SIGHUP all end here.
    case quit
    /// What an engine call did; when it failed, the state as it stands with the error as its notice.
    case store(StoreReport)
    /// What the engine did as time passed, of itself (what fell due on the clock, a script's
    /// `advance`): a report like `store`'s, whose notice does not cover a refusal of the
    /// player's own request (the messages keep it, `n`).
    case clockReport(StoreReport)
    /// An engine report that a later one in the same batch replaces (`[Message].supersedingReports`):
    /// only what it alone carries is taken (its deliveries, notice, products, older events).
    case supersededReport(StoreReport)
    /// The next attempt of a products request that failed, on the path that asked.
    case retryProducts(path: IntegrationPath, attempt: Int)

    // What a script (or another front end) asks for directly, by name rather than by key.
    case chooseStorefront(id: String)
    case choosePath(IntegrationPath)
    case selectProduct(id: String)
    case selectItem(index: Int)
    /// What Enter on the paywall does: buy the selected product.
    case buy
    case restore
    /// Offer codes: a code typed on the store's own sheet (a script's `redeem`), redeemed on the
    /// path and in the storefront the paywall shows (`Store.redeemOfferCode`).
    case redeemOfferCode(String)
    /// A URL the app is opened with: a redirect or a deep link from outside.
    case openURL(String)
    /// A backend called the stores' APIs (`--api`): said in the Events pane.
    case apiCalled(APICall)
    /// QA's action on one transaction (approve, decline, resolve, refund).
    case act(TransactionAction, transactionId: String)
    /// QA changes how the simulated Xee server behaves.
    case configureXee(XeeServerSettings)
    /// The app buys a promoted product the Xee SDK's delegate held (`p`, a scenario's `resume`).
    case buyPromoted(productId: String)
    /// A scenario's `rate NAME`: how long periods last, the clock left as it is (paused).
    case setRenewalRate(RenewalRate)
    /// A demo's caption for what follows (nil: none), drawn over the top rows.
    case caption(String?)
    /// Beside the caption (nil: nothing): at a demo's end, what the presenter can do next.
    case captionNote(String?)
    /// A demo's keys for the bottom line, in place of the app's ("": none; nil: the app's own).
    case demoKeys(String?)
    /// A script answers the App Store sheet directly, as QA's row would: in front of an
    /// audience that row is hidden and its keys do nothing, yet a demo still shows Ask to Buy.
    case answerStoreKit(StoreKitInput)
    /// A script's call on the Google Play path: an answer to its sheet (as QA's row would give
    /// it), or a call of the app's without one (acknowledge, consume, a disconnection).
    case answerPlay(PlayInput)
    /// A script answers the store's own sheet on screen (a refund request), as its keys would.
    case answerStoreSheet(StoreSheetInput)
    /// The `]` and `[` keys have settled: the rate they stepped to is applied, once.
    case applyTimeRate
    /// The catalog file was saved (the file watcher, a scenario's `reload`).
    case catalogSaved(CatalogSave)
    /// Theme files were saved.
    case themesSaved(ThemeSave)
    /// `:` or a scenario's `preview`: straight to a named storefront, variant, theme,
    /// eligibility or player state.
    case jump(Jump)
    /// What a key asks for by name: the keymap's messages (`Keymap`), done in `App+KeyCommands.swift`.
    case command(KeyCommand)
    /// Where `c` saved the screen, or why it could not: for the bottom line.
    case screenCaptured(StoreNotice)
    /// How posting a notification to the team's backend went (`Effect.post`).
    case delivered(DeliveryResult)
    /// Where each store's server posts its notifications from now on, and how it retries.
    case configureOutbox(OutboxSettings)
}

/// Work the update asks for; the program performs it off the update and answers with messages.
public enum Effect: Sendable, Equatable {
    /// An engine call, run on the engine's own thread; it answers with `.store`.
    case engine(EngineCall)
    /// Sends the message after `afterSeconds` of simulated time.
    case deliver(Message, afterSeconds: Double)
    /// Sends the message once `wallSeconds` of wall time pass without another request for the
    /// same message: a burst of keys becomes one. Headless, once the script's input has settled.
    case deliverWhenQuiet(Message, wallSeconds: Double)
    /// Ctrl-Z: hand the terminal back to the shell until `fg`.
    case suspend
    /// `c`: the frame on screen written to files; answered with `.screenCaptured`.
    case captureScreen
    /// Posts notifications to the team's backend, off the loop; each answers `.delivered`.
    case post([OutboxDelivery])
}

/// The calls the program makes on the engine (`Store`), as data, so a test states exactly
/// which call an update asks for.
public enum EngineCall: Sendable, Equatable {
    case launch
    case requestProducts(path: IntegrationPath, attempt: Int)
    case beginPurchase(productId: String, storefrontId: String, path: IntegrationPath, variationId: String?)
    case send(PathInput)
    /// A URL the app was opened with, and the storefront its screen shows (what the app's own
    /// answer to a promoted purchase speaks).
    case openURL(String, shownIn: String)
    case restore(path: IntegrationPath)
    /// Offer codes: what the player typed on the store's own sheet.
    case redeemOfferCode(String, storefrontId: String, path: IntegrationPath)
    case runDue
    case advance(to: Date)
    case act(TransactionAction, transactionId: String)
    case configureXee(XeeServerSettings)
    /// The guide's app code on the Xee path: `getPaywall(placement:)`, then the variant's products.
    case loadXeePaywall(placement: String, storefrontId: String)
    /// `i`, a script's `path`: the path chosen (nil: each storefront's own), kept for the next launch.
    case keepPath(IntegrationPath?)
    /// `makePurchase` of a held promoted product, from the screen of a storefront.
    case buyPromoted(productId: String, shownIn: String)
    /// `]`, `[`, a scenario's `rate`: how fast the calendar runs.
    case setTimeRate(TimeRate, keepingClockPaused: Bool)
    /// `+`: the calendar a day on; everything due on the way happens at its own time.
    case advanceCalendar(by: TimeInterval)
    /// `>`: the calendar on to the next thing due (a renewal, grace ending…).
    case advanceToNextDue
    /// The app quits: the paywall closes.
    case close
    /// The Events pane scrolled to the end of what it holds: the page before this event id.
    case olderEvents(before: Int64)
    /// A saved catalog file replaces the catalog, in one call (the ledger keeps what it holds).
    case replaceCatalog(ProductCatalog, file: String)
    /// A saved file's lines for the Events pane: a broken catalog's lint, a theme reloaded.
    case note(OutsideNote)
    /// A change a backend asked for through a store's API.
    case make(ServerChange)
    /// How the host's attempt to post a notification went.
    case recordDelivery(DeliveryResult)
    /// Where each store's server posts its notifications, and how the App Store retries.
    case configureOutbox(OutboxSettings)
    /// `R` on the Server pane: the notification of this outbox row posted again now.
    case resendNotification(id: Int64)
    /// `N` on the Server pane: the calendar on to this outbox row's next attempt.
    case advanceToNextAttempt(ofNotification: Int64)
    /// Xsolla's webhook mode on if off, off if on.
    case toggleWebhookMode
    /// A key on the store's own sheet on screen.
    case answerStoreSheet(StoreSheetInput)
    /// `O`: the store's own code sheet, for the storefront the paywall shows on its path.
    case presentOfferCodeSheet(storefrontId: String, path: IntegrationPath)
}
