import Catalog
import Foundation
import Program
import TerminalUI

/// The values on each axis an export draws. Every combination of them is one picture; the
/// order of `combinations` (storefront, then theme, size, variant, eligibility, state, device)
/// is the contact sheet's and the manifest's, so two exports of one catalog list alike.
public struct ExportAxes: Sendable, Equatable {
    public struct Size: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    public var storefronts: [String]
    public var themes: [String]
    public var sizes: [Size]
    /// Variant ids; `none` alone when the catalog has no paywall.
    public var variants: [String]
    /// `auto`, `eligible`, `not-eligible`.
    public var eligibilities: [String]
    /// Player states by name; nil is the ledger's own fresh player.
    public var states: [String?]
    public var devices: [String]

    public init(storefronts: [String], themes: [String], sizes: [Size], variants: [String], eligibilities: [String],
                states: [String?] = [nil], devices: [String] = ["full"]) {
        self.storefronts = storefronts
        self.themes = themes
        self.sizes = sizes
        self.variants = variants
        self.eligibilities = eligibilities
        self.states = states
        self.devices = devices
    }

    /// The variant of a catalog without a paywall: there is nothing to vary, one picture each.
    public static let noVariant = "none"
    public static let defaultSizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]
    /// Both sides of the offers rather than `auto` as well: `auto` on a fresh player is what
    /// `eligible` shows, so it would only double the pictures.
    public static let defaultEligibilities = ["eligible", "not-eligible"]
    public static let eligibilityNames = ["auto", "eligible", "not-eligible"]
    /// `auto` stands for the ledger's player, as in the app's `:player` picker.
    public static let stateNames = ["auto"] + PlayerState.allCases.map(\.name)

    public var combinations: [Combination] {
        var all: [Combination] = []
        for storefront in storefronts {
            for theme in themes {
                for size in sizes {
                    for variant in variants {
                        for eligibility in eligibilities {
                            for state in states {
                                for device in devices {
                                    all.append(Combination(storefront: storefront, theme: theme, width: size.width,
                                                           height: size.height, variant: variant, eligibility: eligibility,
                                                           state: state, device: device))
                                }
                            }
                        }
                    }
                }
            }
        }
        return all
    }
}

/// The axes as the command line gave them, each a comma-separated list or nil for its default.
public struct ExportAxisOptions: Sendable, Equatable {
    public var storefronts: String?
    public var themes: String?
    public var sizes: String?
    public var variants: String?
    public var eligibility: String?
    public var states: String?
    public var devices: String?

    public init(storefronts: String? = nil, themes: String? = nil, sizes: String? = nil, variants: String? = nil,
                eligibility: String? = nil, states: String? = nil, devices: String? = nil) {
        self.storefronts = storefronts
        self.themes = themes
        self.sizes = sizes
        self.variants = variants
        self.eligibility = eligibility
        self.states = states
        self.devices = devices
    }

    /// The smallest and largest terminal an export draws: below the app's minimum the screen
    /// only asks for a larger terminal (`AppView.minimumSize`), and a picture of that shows no
    /// paywall; above 1000x500 a single picture would take megabytes.
    public static let widths = AppView.minimumSize.width...1000
    public static let heights = AppView.minimumSize.height...500

    /// Every axis checked against what the catalog and the themes have. A value that is not
    /// there is a usage error naming the option, the value and the values it takes.
    public func axes(catalog: ProductCatalog, themeNames: [String]) throws(ExportFailure) -> ExportAxes {
        let storefrontIds = catalog.storefronts.map(\.id)
        let variantIds = catalog.paywalls.first?.variants.map(\.id) ?? []
        let chosenStorefronts = try Self.pick("--storefronts", storefronts, from: storefrontIds) { value in
            catalog.storefront(matching: value)?.id
        }
        let chosenThemes = try Self.pick("--themes", themes, from: themeNames)
        let chosenVariants: [String]
        if variantIds.isEmpty {
            if let variants {
                throw ExportFailure(.usage, "--variants \(variants): the catalog has no paywall, so no variants; drop --variants.")
            }
            chosenVariants = [ExportAxes.noVariant]
        } else {
            chosenVariants = try Self.pick("--variants", variants, from: variantIds)
        }
        let chosenEligibility = try Self.pick("--eligibility", eligibility, from: ExportAxes.eligibilityNames,
                                              default: ExportAxes.defaultEligibilities) { value in
            let key = value.lowercased().split(separator: " ").joined(separator: "-")
            return ExportAxes.eligibilityNames.first { $0 == key }
        }
        let chosenStates = try Self.pick("--states", states, from: ExportAxes.stateNames, default: ["auto"]) { value in
            value.lowercased() == "auto" ? "auto" : PlayerState(name: value)?.name
        }
        let chosenDevices = try Self.pick("--device", devices, from: Device.allCases.map(\.rawValue), default: ["full"])
        return ExportAxes(storefronts: chosenStorefronts, themes: chosenThemes, sizes: try parsedSizes(),
                          variants: chosenVariants, eligibilities: chosenEligibility,
                          states: chosenStates.map { $0 == "auto" ? nil : $0 }, devices: chosenDevices)
    }

    /// `80x24,120x40`.
    func parsedSizes() throws(ExportFailure) -> [ExportAxes.Size] {
        guard let sizes else { return ExportAxes.defaultSizes }
        var parsed: [ExportAxes.Size] = []
        for value in try Self.values("--sizes", sizes) {
            let parts = value.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
                throw ExportFailure(.usage, "--sizes: \(value) is not WIDTHxHEIGHT; give sizes such as 80x24,120x40.")
            }
            if width < Self.widths.lowerBound || height < Self.heights.lowerBound {
                let minimum = "\(Self.widths.lowerBound)x\(Self.heights.lowerBound)"
                throw ExportFailure(.usage, "--sizes: \(value) is smaller than the app's minimum of \(minimum), where the screen only "
                                    + "asks for a larger terminal; give sizes of at least \(minimum), such as 80x24,120x40.")
            }
            guard Self.widths.contains(width), Self.heights.contains(height) else {
                throw ExportFailure(.usage, "--sizes: \(value) is out of range; widths go from \(Self.widths.lowerBound) to "
                                    + "\(Self.widths.upperBound), heights from \(Self.heights.lowerBound) to \(Self.heights.upperBound).")
            }
            let size = ExportAxes.Size(width: width, height: height)
            if !parsed.contains(size) { parsed.append(size) }
        }
        return parsed
    }

    /// The values of a comma-separated list, trimmed; an empty list or an empty item is refused.
    static func values(_ option: String, _ text: String) throws(ExportFailure) -> [String] {
        let values = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !values.contains(where: \.isEmpty) else {
            throw ExportFailure(.usage, "\(option) \"\(text)\": an empty value; give a comma-separated list without blanks.")
        }
        return values
    }

    /// The values given, each matched to one of `valid` (exactly, or as `match` resolves it),
    /// in the order given without repeats; all of `valid` (or `default`) when none are given.
    static func pick(_ option: String, _ text: String?, from valid: [String], default fallback: [String]? = nil,
                     match: (String) -> String? = { _ in nil }) throws(ExportFailure) -> [String] {
        guard let text else { return fallback ?? valid }
        var chosen: [String] = []
        for value in try values(option, text) {
            guard let found = valid.contains(value) ? value : match(value) else {
                throw ExportFailure(.usage, "\(option): no \(value) here; the values are \(valid.joined(separator: ", ")).")
            }
            if !chosen.contains(found) { chosen.append(found) }
        }
        return chosen
    }
}

extension ExportAxisOptions {
    /// The axes of a base catalog to compare with: the current axes, but the storefronts and
    /// variants the base has (all of them where none were named; of those named, the ones it
    /// has), so what only one side has shows as added or removed.
    public func axes(forBase catalog: ProductCatalog, current: ExportAxes) -> ExportAxes {
        var axes = current
        let storefrontIds = catalog.storefronts.map(\.id)
        axes.storefronts = storefronts == nil ? storefrontIds : current.storefronts.filter(storefrontIds.contains)
        let variantIds = catalog.paywalls.first?.variants.map(\.id) ?? []
        if variantIds.isEmpty {
            axes.variants = [ExportAxes.noVariant]
        } else {
            axes.variants = variants == nil ? variantIds : current.variants.filter(variantIds.contains)
        }
        return axes
    }
}
