import Catalog
import Foundation
import StoreEngine
import TerminalUI

/// Where `:` (or a scenario's `preview` line) jumps: straight to a named storefront, variant,
/// theme, eligibility or player state, instead of cycling to it.
public enum Jump: Sendable, Equatable {
    case storefront(id: String)
    /// A variant by id; nil for the one this player is assigned.
    case variant(id: String?)
    case theme(name: String)
    case eligibility(EligibilityOverride)
    /// A player state to preview; nil for the ledger's player.
    case player(PlayerState?)
}

extension App {
    /// The name that stands for "as the ledger says" in the eligibility and player pickers,
    /// and for the assigned variant.
    static let ledgerName = "auto"
    static let assignedVariantName = "assigned"
    /// The pickers, in the order they are listed (the prompt's, and a scenario's `preview`).
    public static let pickerNames = ["storefront", "variant", "theme", "eligibility", "player"]

    /// What `:` can jump to now: this catalog's storefronts and variants, the themes loaded.
    public var pickerVocabulary: PickerVocabulary {
        let values = [
            catalog.storefronts.map(\.id),
            [Self.assignedVariantName] + (paywall.paywall?.variants.map(\.id) ?? []),
            themes.all.map(\.name),
            EligibilityOverride.allCases.map(\.rawValue),
            [Self.ledgerName] + PlayerState.allCases.map(\.name),
        ]
        return PickerVocabulary(zip(Self.pickerNames, values).map { PickerVocabulary.Picker($0, values: $1) })
    }

    /// The jump a picker and one of its names stand for, or why there is none (a script's
    /// `preview` line and the prompt say the same).
    public func jump(picker: String, value: String) -> Result<Jump, PickerProblem> {
        Picker.jump(picker: picker, value: value, in: pickerVocabulary)
    }

    mutating func jump(_ jump: Jump) -> [Effect] {
        switch jump {
        case .storefront(let id):
            return update(.chooseStorefront(id: id))
        case .variant(let id):
            guard let variants = paywall.paywall?.variants else {
                say(StoreNotice(.error, "This catalog has no paywall, so no variants."))
                return []
            }
            let assigned = paywall.paywall?.assignedVariant(forUser: paywall.userId)?.id
            let chosen = id.flatMap { id in variants.firstIndex { $0.id == id } }
            updatePaywall(.previewVariant(index: chosen.flatMap { variants[$0].id == assigned ? nil : $0 }))
            announceVariant()
        case .theme(let name):
            guard let index = themes.all.firstIndex(where: { $0.name == name }) else {
                say(StoreNotice(.error, "No theme \(name) is loaded."))
                return []
            }
            themes.show(index)
            announceTheme()
        case .eligibility(let forced):
            updatePaywall(.previewEligibility(forced))
            announceEligibility()
        case .player(let state):
            updatePaywall(.previewPlayer(state))
            announcePlayer()
        }
        return []
    }

    /// The bottom line after the variant changed.
    /// The line a theme change leaves, from `t`, `T` or `:theme`.
    mutating func announceTheme() {
        say(StoreNotice(.info, "Theme \(themes.all[themes.index].name)."))
    }

    /// The line an eligibility preview leaves, from `e` or `:eligibility`.
    mutating func announceEligibility() {
        say(StoreNotice(.info, "Offer eligibility: \(paywall.eligibility.rawValue)."))
    }

    mutating func announceVariant() {
        guard let variant = paywall.variant else { return }
        say(StoreNotice(.info, paywall.variantOverride == nil
            ? "Variant \(variant.id) (template \(variant.template.rawValue)), as assigned to this player."
            : "Previewing variant \(variant.id) (template \(variant.template.rawValue))."))
    }

    /// The bottom line after the previewed player changed: who they are, and that a preview
    /// buys nothing. A promotion's player hears whether the variant on screen presents one.
    mutating func announcePlayer() {
        guard let state = paywall.playerPreview else {
            say(StoreNotice(.info, "Player as the ledger says: purchases are real again."))
            return
        }
        var line = "Previewing a \(state.name) player (\(state.summary)); Enter says what they would pay."
        if state == .promoEligible, let variant = paywall.variant, variant.promotionalOffer == nil {
            let presenting = (paywall.paywall?.variants ?? []).filter { $0.promotionalOffer != nil }.map(\.id)
            line = "Previewing a promo-eligible player: variant \(variant.id) presents no promotional offer; "
                + (presenting.isEmpty ? "no variant does." : "\(presenting.joined(separator: ", ")) "
                    + "\(presenting.count == 1 ? "does" : "do") (:variant \(presenting[0])).")
        }
        say(StoreNotice(.info, line))
    }

    /// `P`: the next player state, then the ledger's player again.
    mutating func previewNextPlayer() {
        let all: [PlayerState?] = [nil] + PlayerState.allCases.map(Optional.some)
        let next = all[((all.firstIndex(of: paywall.playerPreview) ?? 0) + 1) % all.count]
        updatePaywall(.previewPlayer(next))
        announcePlayer()
    }

    /// Enter during a preview of another player: what the store would do for them, instead of
    /// a purchase on the ledger's player, whose history is not what the screen shows.
    func previewPurchaseNotice() -> StoreNotice? {
        guard let (product, outcome) = paywall.previewPurchase else { return nil }
        var player = paywall.playerPreview.map { "a \($0.name) player" } ?? "this player"
        var leave = paywall.playerPreview == nil ? [] : [":player auto"]
        if paywall.eligibility != .auto {
            player += " (offers: \(paywall.eligibility.rawValue))"
            leave.append(":eligibility auto")
        }
        return StoreNotice(.info, "Preview, not bought: " + outcome.sentence(for: player, buying: product, in: paywall.storefront)
                           + " · \(leave.joined(separator: " and ")) to buy")
    }
}
