/// The contact sheet's inline CSS and script, kept apart from the markup that uses them.
enum ContactSheetAssets {
    static let stylesheet = #"""
        :root { color-scheme: light dark; --accent: #1a63bf; }
        body { margin: 0; padding: 1.25rem; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif;
               background: #f4f4f1; color: #1f232b; }
        @media (prefers-color-scheme: dark) { body { background: #16181f; color: #e6e8ef; } :root { --accent: #7cc4ff; } }
        h1 { margin: 0; font-size: 1.35rem; }
        .catalog { margin: 0 0 .75rem; opacity: .75; font-family: ui-monospace, monospace; }
        #filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; margin-bottom: .5rem; }
        fieldset { border: 1px solid #8884; border-radius: 6px; padding: .25rem .6rem; margin: 0; }
        legend { font-size: .75rem; text-transform: uppercase; letter-spacing: .05em; opacity: .8; }
        fieldset label { margin-right: .6rem; white-space: nowrap; }
        #count { margin: .25rem 0 1rem; font-weight: 600; }
        #grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 1rem; }
        .thumb { margin: 0; padding: .4rem; border-radius: 6px; background: #8881; cursor: zoom-in;
                 outline: none; border: 2px solid transparent; }
        .thumb[hidden] { display: none; }
        .thumb.current { border-color: var(--accent); }
        .thumb img, .thumb iframe { display: block; width: 100%; border: 0; pointer-events: none; }
        .thumb iframe { aspect-ratio: 3 / 2; }
        .thumb figcaption { margin-top: .3rem; font-size: .8rem; font-family: ui-monospace, monospace; word-break: break-all; }
        .axis { display: inline-block; padding: 0 .3rem; margin: 0 .2rem .2rem 0; border-radius: 3px; background: #8882; }
        .missing, .empty { opacity: .7; font-style: italic; }
        .keys { margin-top: 1.5rem; font-size: .8rem; opacity: .7; }
        #overlay { position: fixed; inset: 0; background: #000d; display: flex; flex-direction: column; z-index: 10; }
        #overlay[hidden] { display: none; }
        #overlay .bar { display: flex; gap: 1rem; align-items: center; padding: .5rem 1rem; color: #eee;
                        font-family: ui-monospace, monospace; }
        #overlay .bar a { color: #9cf; }
        #overlay-close { margin-left: auto; font-size: 1.4rem; background: none; border: 0; color: #eee; cursor: pointer; }
        #overlay-body { flex: 1; overflow: auto; display: flex; align-items: flex-start; justify-content: center; padding: 1rem; }
        #overlay-body img { max-width: none; background: #000; }
        #overlay-body iframe { width: 100%; height: 100%; border: 0; background: #fff; }
        """#

    /// Filters, the count, the keys and the overlay. Reads nothing but the page's own DOM and
    /// address; the state it keeps is written to `body`'s data attributes.
    static let script = #"""
        (function () {
          "use strict";
          var body = document.body;
          var thumbs = Array.prototype.slice.call(document.querySelectorAll(".thumb"));
          var inputs = Array.prototype.slice.call(document.querySelectorAll("#filters input"));
          var overlay = document.getElementById("overlay");
          var overlayBody = document.getElementById("overlay-body");
          var current = null;

          function visible() { return thumbs.filter(function (t) { return !t.hidden; }); }

          function chosen() {
            var byAxis = {};
            inputs.forEach(function (input) {
              var axis = input.dataset.axis;
              byAxis[axis] = byAxis[axis] || [];
              if (input.checked) byAxis[axis].push(input.value);
            });
            return byAxis;
          }

          function writeAddress(byAxis) {
            var parts = [];
            Object.keys(byAxis).forEach(function (axis) {
              var all = inputs.filter(function (i) { return i.dataset.axis === axis; }).length;
              if (byAxis[axis].length < all) parts.push(axis + "=" + byAxis[axis].map(encodeURIComponent).join(","));
            });
            var hash = parts.length ? "#" + parts.join("&") : "";
            if (location.hash !== hash) history.replaceState(null, "", hash || location.pathname + location.search);
          }

          function apply(remember) {
            var byAxis = chosen();
            var shown = 0;
            // The attribute follows the box, so the DOM says which values are shown.
            inputs.forEach(function (input) { input.toggleAttribute("checked", input.checked); });
            thumbs.forEach(function (thumb) {
              var keep = Object.keys(byAxis).every(function (axis) {
                return byAxis[axis].indexOf(thumb.getAttribute("data-" + axis)) >= 0;
              });
              thumb.hidden = !keep;
              if (keep) shown += 1;
            });
            body.dataset.shown = String(shown);
            document.getElementById("shown").textContent = String(shown);
            if (current && current.hidden) select(visible()[0] || null, false);
            if (remember) writeAddress(byAxis);
          }

          // `#storefront=DEU,USA&theme=dark` or the same after `?`: only those values of an axis.
          function readAddress() {
            var text = (location.search.replace(/^\?/, "") + "&" + location.hash.replace(/^#/, ""));
            text.split("&").forEach(function (pair) {
              if (!pair) return;
              var at = pair.indexOf("=");
              if (at < 0) return;
              var axis = decodeURIComponent(pair.slice(0, at));
              var values = pair.slice(at + 1).split(",").map(decodeURIComponent);
              var ofAxis = inputs.filter(function (i) { return i.dataset.axis === axis; });
              if (!ofAxis.length) return;
              ofAxis.forEach(function (input) { input.checked = values.indexOf(input.value) >= 0; });
            });
          }

          function select(thumb, focus) {
            if (current) { current.classList.remove("current"); current.removeAttribute("aria-current"); current.tabIndex = -1; }
            current = thumb;
            body.dataset.current = thumb ? thumb.dataset.name : "";
            if (!thumb) return;
            thumb.classList.add("current");
            thumb.setAttribute("aria-current", "true");
            thumb.tabIndex = 0;
            if (focus) { thumb.focus(); thumb.scrollIntoView({ block: "nearest" }); }
          }

          function open(thumb) {
            if (!thumb || !thumb.dataset.file) return;
            select(thumb, false);
            overlayBody.textContent = "";
            var shown;
            if (thumb.dataset.format === "svg" || thumb.dataset.format === "png") {
              shown = document.createElement("img");
              shown.alt = thumb.dataset.name;
            } else {
              shown = document.createElement("iframe");
              shown.setAttribute("sandbox", "");
              shown.title = thumb.dataset.name;
            }
            shown.src = thumb.dataset.file;
            overlayBody.appendChild(shown);
            document.getElementById("overlay-title").textContent = thumb.dataset.name;
            document.getElementById("overlay-file").href = thumb.dataset.file;
            overlay.hidden = false;
            body.dataset.open = thumb.dataset.name;
            document.getElementById("overlay-close").focus();
          }

          function close() {
            overlay.hidden = true;
            overlayBody.textContent = "";
            body.dataset.open = "";
            if (current) current.focus();
          }

          // Up and down: the nearest shown thumbnail in the next row, by the middle of its column.
          function vertical(step) {
            var list = visible();
            if (!current) return list[0] || null;
            var from = current.getBoundingClientRect();
            var middle = from.left + from.width / 2;
            var rows = list.filter(function (t) {
              var box = t.getBoundingClientRect();
              return step > 0 ? box.top > from.top + 1 : box.top < from.top - 1;
            });
            if (!rows.length) return current;
            var rowTop = step > 0
              ? Math.min.apply(null, rows.map(function (t) { return t.getBoundingClientRect().top; }))
              : Math.max.apply(null, rows.map(function (t) { return t.getBoundingClientRect().top; }));
            var row = rows.filter(function (t) { return Math.abs(t.getBoundingClientRect().top - rowTop) < 1; });
            row.sort(function (a, b) {
              var ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
              return Math.abs(ra.left + ra.width / 2 - middle) - Math.abs(rb.left + rb.width / 2 - middle);
            });
            return row[0];
          }

          function step(by) {
            var list = visible();
            if (!list.length) return null;
            var at = list.indexOf(current);
            if (at < 0) return list[0];
            return list[Math.max(0, Math.min(list.length - 1, at + by))];
          }

          document.addEventListener("keydown", function (event) {
            var inFilter = event.target && event.target.tagName === "INPUT";
            if (!overlay.hidden) {
              if (event.key === "Escape") { close(); event.preventDefault(); }
              else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
                var next = step(event.key === "ArrowRight" ? 1 : -1);
                if (next) open(next);
                event.preventDefault();
              }
              return;
            }
            if (event.key === "/") {
              if (inputs.length) inputs[0].focus();
              event.preventDefault();
              return;
            }
            if (inFilter && event.key === "Escape") { select(current || visible()[0] || null, true); event.preventDefault(); return; }
            if (inFilter) return;
            var target = null;
            if (event.key === "ArrowRight") target = step(1);
            else if (event.key === "ArrowLeft") target = step(-1);
            else if (event.key === "ArrowDown") target = vertical(1);
            else if (event.key === "ArrowUp") target = vertical(-1);
            else if (event.key === "Home") target = visible()[0] || null;
            else if (event.key === "End") target = visible().slice(-1)[0] || null;
            else if (event.key === "Enter") { open(current); event.preventDefault(); return; }
            else return;
            if (target) select(target, true);
            event.preventDefault();
          });

          thumbs.forEach(function (thumb) {
            thumb.addEventListener("click", function (event) { event.preventDefault(); open(thumb); });
          });
          inputs.forEach(function (input) { input.addEventListener("change", function () { apply(true); }); });
          document.getElementById("overlay-close").addEventListener("click", close);
          overlay.addEventListener("click", function (event) { if (event.target === overlay || event.target === overlayBody) close(); });
          window.addEventListener("hashchange", function () { readAddress(); apply(false); });

          readAddress();
          apply(false);
          select(visible()[0] || null, false);
        })();
        """#
}
