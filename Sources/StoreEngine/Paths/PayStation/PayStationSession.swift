import Foundation

/// The mocked Xsolla Pay Station as a pure state machine: token and invoice,
/// then the card form, 3-D Secure when the card asks for it, and a final status. Input comes in
/// through `type`, `deleteBackward`, `submit`, `close`; the Pay Station path acts on `phase`
/// once it is final.
///
/// The engine owns every session: its mutating methods are internal, so the UI holds only
/// read-only copies to draw, and what the ledger records as paid is what the engine decided.
public struct PayStationSession: Sendable, Equatable {
    public enum Field: String, Sendable, CaseIterable {
        case number, expiry, cvv
    }

    /// How the player pays when a card is saved: with it, or with a new one.
    public enum Method: String, Sendable, CaseIterable {
        case savedCard, newCard
    }

    public enum Phase: Sendable, Equatable {
        /// A saved card or a new one: shown first when the player has a saved card.
        case paymentMethod
        case cardForm
        case threeDSecure
        /// Paid, and Pay Station is still processing (status `delivering`); `done` follows.
        case delivering
        /// Paid: Pay Station status `done`.
        case done
        /// The bank declined the card: Pay Station status `troubled`.
        case declined(reason: String)
        /// Webhook mode: the game's server refused the player before any payment.
        case userRefused(reason: String)
        /// Webhook mode: paid, but the game's server has not taken the payment (status
        /// `troubled`); the item arrives if a retry is taken, the next one at `retryAt`.
        case troubled(reason: String, retryAt: Date?)
        /// Closed before paying.
        case cancelled

        public var isFinal: Bool {
            switch self {
            case .paymentMethod, .cardForm, .threeDSecure: return false
            // The player's part is over once paid, even while Pay Station still processes it.
            case .delivering, .done, .declined, .userRefused, .troubled, .cancelled: return true
            }
        }
    }

    public let transactionId: String
    public let invoiceId: String
    public let token: String
    public let productId: String
    public let productName: String
    /// What is charged now, formatted for the storefront.
    public let formattedPrice: String
    /// The offer's terms when one applies ("1 week free, then $4.99/month"): what follows.
    public let laterTerms: String?
    /// The US path opens an external browser; the EU (DMA) path opens Pay Station in the app.
    public let opensExternalBrowser: Bool
    public let sandbox: Bool

    public private(set) var phase: Phase = .cardForm
    /// The card Pay Station keeps for this player from an earlier payment, if any.
    public let savedCard: String?
    public private(set) var method: Method = .savedCard
    /// False while the page loads after a cold start, or waits for the game's server to know
    /// the player: it takes no input but Esc.
    public var isLoaded: Bool { pageLoaded && !checksUser }
    private var pageLoaded: Bool
    /// Webhook mode: Pay Station waits for the game's answer to `user_validation`.
    public private(set) var checksUser = false
    /// Closed on 3-D Secure, with the invoice made but unpaid (status `invoice`), rather than
    /// before any payment (status `canceled`).
    public private(set) var closedDuringPayment = false
    /// "Save card" is ticked: once paid, Pay Station keeps this card for the next payment.
    public private(set) var savesCard = false
    public private(set) var focus: Field = .number
    public private(set) var cardNumber = ""
    public private(set) var expiry = ""
    public private(set) var cvv = ""
    public private(set) var secureCode = ""
    /// Wrong 3-D Secure codes entered so far; the bank gives up after `TestCard.threeDSecureAttempts`.
    public private(set) var wrongCodes = 0
    /// What is wrong with the last submitted field, shown under it: short enough (34 columns)
    /// to fit beside the test cards.
    public private(set) var problem: String?

    /// The first month a card may expire in, as YYMM (`2611`), from the day Pay Station opened.
    public let earliestExpiry: Int

    /// The expiry the sandbox's test cards take: 12/40.
    public static let sandboxExpiry = "1240"

    /// The expiry the page suggests beside the test cards, as MMYY: 12/40, or, once the
    /// simulated calendar has passed it, December ten years on (the sandbox takes any expiry
    /// not yet past).
    public var suggestedExpiry: String {
        guard Int(Self.sandboxExpiry.suffix(2)).map({ $0 * 100 + 12 }) ?? 0 < earliestExpiry else { return Self.sandboxExpiry }
        return String(format: "12%02d", (earliestExpiry / 100 + 10) % 100)
    }

    public init(transactionId: String, invoiceId: String, token: String, productId: String, productName: String,
                formattedPrice: String, laterTerms: String? = nil, opensExternalBrowser: Bool, sandbox: Bool,
                today: Date = Date(), savedCard: String? = nil, isLoaded: Bool = true) {
        let parts = SimulatedCalendar.calendar.dateComponents([.year, .month], from: today)
        earliestExpiry = (parts.year ?? 2000) % 100 * 100 + (parts.month ?? 1)
        self.transactionId = transactionId
        self.invoiceId = invoiceId
        self.token = token
        self.productId = productId
        self.productName = productName
        self.formattedPrice = formattedPrice
        self.laterTerms = laterTerms
        self.opensExternalBrowser = opensExternalBrowser
        self.sandbox = sandbox
        self.savedCard = savedCard
        self.pageLoaded = isLoaded
        if savedCard != nil { phase = .paymentMethod }
    }

    /// The page has loaded: it takes input from now on (once the player is known, in webhook mode).
    mutating func finishLoading() {
        pageLoaded = true
    }

    /// Webhook mode: the page waits for the game's server to know the player.
    mutating func checkUser() {
        checksUser = true
    }

    /// The game's server knows the player: the page takes input.
    mutating func userChecked() {
        checksUser = false
    }

    /// The game's server refused the player (or did not answer): nothing can be paid.
    mutating func refuseUser(because reason: String) {
        checksUser = false
        phase = .userRefused(reason: reason)
    }

    /// Webhook mode: paid, and Pay Station waits for the game's server to take the payment.
    mutating func awaitBackend() {
        phase = .delivering
    }

    /// Webhook mode: the game's server did not take the payment.
    mutating func becomeTroubled(because reason: String, retryingAt retryAt: Date? = nil) {
        phase = .troubled(reason: reason, retryAt: retryAt)
    }

    /// Space on the card form: ticks or clears "save card".
    mutating func toggleSavingCard() {
        guard isLoaded, phase == .cardForm else { return }
        savesCard.toggle()
    }

    /// Pay Station has finished processing a `delivering` payment.
    mutating func finishDelivering() {
        if phase == .delivering { phase = .done }
    }

    public var url: String {
        let host = sandbox ? "sandbox-secure.xsolla.com" : "secure.xsolla.com"
        return "https://\(host)/paystation4/?token=\(token)"
    }

    public func value(of field: Field) -> String {
        switch field {
        case .number: return cardNumber
        case .expiry: return expiry
        case .cvv: return cvv
        }
    }

    /// The most digits each field holds; typing more changes nothing.
    static let capacity: (number: Int, expiry: Int, cvv: Int, secureCode: Int) = (19, 4, 4, 6)

    /// Only digits reach the fields; the form formats them (`4111 1111 …`, `12/40`).
    mutating func type(_ character: Character) {
        guard isLoaded, character.isASCII, character.isNumber else { return }
        problem = nil
        guard room > 0 else { return }
        append(character)
    }

    /// A burst of text, as a paste brings it: its digits into the focused field until the field
    /// is full, and the rest of the text ignored at once, so ten thousand characters cost no
    /// more than the field holds.
    mutating func paste(_ text: String) {
        guard isLoaded else { return }
        var room = self.room
        guard room > 0 else { return }
        for character in text where character.isASCII && character.isNumber {
            problem = nil
            append(character)
            room -= 1
            if room == 0 { break }
        }
    }

    /// How many more digits the field being typed into takes; 0 when none is.
    private var room: Int {
        switch phase {
        case .cardForm:
            switch focus {
            case .number: return Self.capacity.number - cardNumber.utf8.count
            case .expiry: return Self.capacity.expiry - expiry.utf8.count
            case .cvv: return Self.capacity.cvv - cvv.utf8.count
            }
        case .threeDSecure:
            return Self.capacity.secureCode - secureCode.utf8.count
        default:
            return 0
        }
    }

    /// A digit onto the field being typed into; `room` says there is space.
    private mutating func append(_ digit: Character) {
        switch phase {
        case .cardForm:
            switch focus {
            case .number: cardNumber.append(digit)
            case .expiry: expiry.append(digit)
            case .cvv: cvv.append(digit)
            }
        case .threeDSecure:
            secureCode.append(digit)
        default:
            break
        }
    }

    mutating func deleteBackward() {
        guard isLoaded else { return }
        switch phase {
        case .cardForm:
            switch focus {
            case .number: _ = cardNumber.popLast()
            case .expiry: _ = expiry.popLast()
            case .cvv: _ = cvv.popLast()
            }
        case .threeDSecure:
            _ = secureCode.popLast()
        default:
            break
        }
    }

    /// Types a whole card, field by field with Enter after each, as a player (or a script)
    /// would: `enter(card: "4111111111111111", expiry: "1240", cvv: "123")`.
    mutating func enter(card: String, expiry: String = "1240", cvv: String = "123") {
        for field in [card, expiry, cvv] {
            field.forEach { type($0) }
            submit()
        }
    }

    /// The field being typed into, while the card form shows.
    public var focusedField: Field? { phase == .cardForm ? focus : nil }

    /// Tab: the next field of the card form, round to the first.
    mutating func focusNextField() {
        moveFocus(by: 1)
    }

    /// Shift-Tab: the field before, round to the last.
    mutating func focusPreviousField() {
        moveFocus(by: -1)
    }

    private mutating func moveFocus(by step: Int) {
        guard isLoaded else { return }
        if phase == .paymentMethod {
            method = method == .savedCard ? .newCard : .savedCard
            return
        }
        guard let field = focusedField else { return }
        let all = Field.allCases
        problem = nil  // it was about the field being left
        focus(on: all[((all.firstIndex(of: field) ?? 0) + step + all.count) % all.count])
    }

    /// Moves focus to a field directly (mouse click, Tab).
    mutating func focus(on field: Field) {
        guard isLoaded, phase == .cardForm else { return }
        focus = field
    }

    /// Enter: checks the focused field and moves to the next; from the last field it pays.
    mutating func submit() {
        guard isLoaded else { return }
        switch phase {
        case .paymentMethod:
            guard method == .savedCard, let savedCard else {
                phase = .cardForm
                return
            }
            cardNumber = savedCard
            pay()
        case .cardForm:
            if let problem = problemWithFocusedField() {
                self.problem = problem
                return
            }
            problem = nil
            switch focus {
            case .number: focus = .expiry
            case .expiry: focus = .cvv
            case .cvv:
                // Tab or a click can skip a field, so every field is checked before paying.
                if let field = Field.allCases.first(where: { problem(with: $0) != nil }) {
                    focus = field
                    problem = problem(with: field)
                    return
                }
                pay()
            }
        case .threeDSecure:
            guard secureCode.count >= 4 else {
                problem = "Enter the 4-digit code the bank sent (\(TestCard.threeDSecureCode) in the sandbox)."
                return
            }
            guard secureCode == TestCard.threeDSecureCode else {
                wrongCodes += 1
                secureCode = ""
                let left = TestCard.threeDSecureAttempts - wrongCodes
                guard left > 0 else {
                    problem = nil
                    phase = .declined(reason: "3-D Secure failed: a wrong code \(wrongCodes) times.")
                    return
                }
                problem = "Wrong code; \(left) \(left == 1 ? "try" : "tries") left."
                return
            }
            problem = nil
            phase = .done
        default:
            break
        }
    }

    /// Esc: closes Pay Station. Before paying that cancels the payment.
    mutating func close() {
        guard !phase.isFinal else { return }
        closedDuringPayment = phase == .threeDSecure
        phase = .cancelled
    }

    private func problemWithFocusedField() -> String? {
        problem(with: focus)
    }

    private func problem(with field: Field) -> String? {
        switch field {
        case .number:
            guard (12...19).contains(cardNumber.count) else { return "A card number has 12 to 19 digits." }
            guard Luhn.isValid(cardNumber) else { return "Not a card number (check digit)." }
            return nil
        case .expiry:
            guard expiry.count == 4, let month = Int(expiry.prefix(2)), (1...12).contains(month),
                  let year = Int(expiry.suffix(2))
            else {
                return "Expiry is MM/YY, such as 12/40."
            }
            guard year * 100 + month >= earliestExpiry else {
                return "Expired; the sandbox takes \(suggestedExpiry.prefix(2))/\(suggestedExpiry.suffix(2))."
            }
            return nil
        case .cvv:
            guard (3...4).contains(cvv.count) else { return "CVV is 3 or 4 digits." }
            return nil
        }
    }

    private mutating func pay() {
        switch TestCard.outcome(for: cardNumber) {
        case .success: phase = .done
        case .threeDSecure: phase = .threeDSecure
        case .declined: phase = .declined(reason: "The bank declined card …\(cardNumber.suffix(4)).")
        case .delivering: phase = .delivering
        }
    }
}

/// The Luhn check digit test every card number passes.
public enum Luhn {
    public static func isValid(_ digits: String) -> Bool {
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            let doubled = index % 2 == 1 ? digit * 2 : digit
            sum += doubled > 9 ? doubled - 9 : doubled
        }
        return !digits.isEmpty && sum % 10 == 0
    }
}
