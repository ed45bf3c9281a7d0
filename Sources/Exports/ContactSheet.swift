/// `DIR/index.html`: every picture an export drew, as a grid of thumbnails labelled by their
/// axes, with a filter for each axis that has more than one value, a count of what is shown, an
/// overlay at full size, and the keyboard (arrows, Enter, Esc, `/`). Self-contained: inline CSS
/// and script, pictures linked relative to the page, nothing from the network.
///
/// The page keeps its state in the DOM so tests and people can read it: each thumbnail's
/// `data-*` attributes name its axes, `hidden` marks a filtered one, and `body` carries
/// `data-shown`, `data-current` (the thumbnail the keys are on) and `data-open` (the one at full
/// size). Filters can be given in the address, `index.html#storefront=DEU,USA&theme=dark`, and
/// each change writes them back there, so a filtered view can be linked.
public enum ContactSheet {
    public static let fileName = "index.html"

    /// The axes a thumbnail carries as `data-*`, in the filters' order.
    static let axes = ["storefront", "theme", "size", "variant", "eligibility", "state", "device"]

    /// The formats a thumbnail shows, best first: a picture, else the page or text a browser can show.
    static let shownFormats = ["svg", "png", "html", "txt"]

    public static func html(for manifest: ExportManifest) -> String {
        let title = "storefront export · \(manifest.catalog)"
        var html = PageHTML.head(title: title, css: ContactSheetAssets.stylesheet)
        let total = manifest.entries.count
        html += "<body data-total=\"\(total)\" data-shown=\"\(total)\" data-current=\"\" data-open=\"\">\n"
        html += "<header>\n<h1>storefront export</h1>\n"
        html += "<p class=\"catalog\">\(PageHTML.escaped(manifest.catalog))</p>\n"
        html += filters(for: manifest.entries)
        html += "<p id=\"count\" aria-live=\"polite\"><span id=\"shown\">\(total)</span> of \(total) shown</p>\n"
        html += "</header>\n<main id=\"grid\">\n"
        if manifest.entries.isEmpty { html += "<p class=\"empty\">This export holds no pictures.</p>\n" }
        for (index, entry) in manifest.entries.enumerated() {
            html += thumbnail(entry, index: index)
        }
        html += "</main>\n"
        html += """
            <div id="overlay" hidden role="dialog" aria-modal="true" aria-labelledby="overlay-title">
            <div class="bar"><span id="overlay-title"></span><a id="overlay-file" href="#">open the file</a>
            <button type="button" id="overlay-close" aria-label="Close (Esc)">×</button></div>
            <div id="overlay-body"></div>
            </div>
            <p class="keys">Keys: arrows move · Enter opens · Esc closes · / filters</p>

            """
        html += "<script>\n\(ContactSheetAssets.script)\n</script>\n</body>\n</html>\n"
        return html
    }

    /// One fieldset of toggles for each axis with more than one value, values in first-seen order.
    private static func filters(for entries: [ExportManifest.Entry]) -> String {
        var fieldsets = ""
        for axis in axes {
            var values: [String] = []
            for entry in entries {
                let value = Self.value(of: axis, in: entry.combination)
                if !values.contains(value) { values.append(value) }
            }
            guard values.count > 1 else { continue }
            fieldsets += "<fieldset data-axis=\"\(axis)\"><legend>\(axis)</legend>"
            for value in values {
                fieldsets += "<label><input type=\"checkbox\" checked data-axis=\"\(axis)\" "
                    + "value=\"\(PageHTML.escaped(value))\"> \(PageHTML.escaped(value.isEmpty ? "(none)" : value))</label>"
            }
            fieldsets += "</fieldset>\n"
        }
        guard !fieldsets.isEmpty else { return "" }
        return "<form id=\"filters\" onsubmit=\"return false\">\n\(fieldsets)</form>\n"
    }

    private static func thumbnail(_ entry: ExportManifest.Entry, index: Int) -> String {
        let combination = entry.combination
        let name = PageHTML.escaped(combination.name)
        let shown = shownFormats.lazy.compactMap { format in entry.files[format].map { (format, $0) } }.first
        var html = "<figure class=\"thumb\" tabindex=\"-1\" data-index=\"\(index)\" data-name=\"\(name)\""
        for axis in axes {
            html += " data-\(axis)=\"\(PageHTML.escaped(value(of: axis, in: combination)))\""
        }
        if let (format, file) = shown {
            html += " data-file=\"\(PageHTML.link(file))\" data-format=\"\(format)\">"
            let link = PageHTML.link(file)
            if format == "svg" || format == "png" {
                html += "<a class=\"open\" href=\"\(link)\"><img src=\"\(link)\" alt=\"\(name)\" loading=\"lazy\"></a>"
            } else {
                // Not inside a link: a frame is content of its own; a click on the thumbnail opens it.
                html += "<iframe src=\"\(link)\" title=\"\(name)\" tabindex=\"-1\" loading=\"lazy\" sandbox></iframe>"
            }
        } else {
            html += " data-file=\"\" data-format=\"\"><p class=\"missing\">no picture</p>"
        }
        html += "<figcaption>"
        html += combination.axes.map { axis in
            "<span class=\"axis\" title=\"\(PageHTML.escaped(axis.axis))\">\(PageHTML.escaped(axis.value))</span>"
        }.joined(separator: " ")
        return html + "</figcaption></figure>\n"
    }

    /// An axis's value as the page filters by it; a combination without a player state has "".
    static func value(of axis: String, in combination: Combination) -> String {
        switch axis {
        case "storefront": return combination.storefront
        case "theme": return combination.theme
        case "size": return combination.size
        case "variant": return combination.variant
        case "eligibility": return combination.eligibility
        case "state": return combination.state ?? ""
        default: return combination.device
        }
    }
}
