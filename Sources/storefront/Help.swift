import Program

/// `storefront --help` and `--version`.
enum Help {
    static let version = "storefront 0.1.0"

    /// The keymap's help lines (what `?` shows in the app), a key and its words a line.
    static var keys: String {
        let width = Keymap.help.map(\.keys.count).max() ?? 0
        return Keymap.help.map { line in
            "  " + line.keys + String(repeating: " ", count: width - line.keys.count + 2) + line.text
        }.joined(separator: "\n")
    }

    static var text: String {
        """
        storefront — see, test and demo in-app purchases in the terminal.

        Usage:
          storefront [options]              open the full-screen app on ./catalog.json
          storefront lint [FILE] [--json]   check a catalog or a theme: every finding with its JSON path (exit 65 on errors)
          storefront import FILE.storekit   print the catalog.json equivalent of an Xcode StoreKit file
          storefront history [--json|--csv] print the transactions, refunds, entitlements, subscriptions and notifications
                                            kept in the state directory, from the ledger alone (read only; --catalog optional)
          storefront history --check        check the ledger's file with SQLite's integrity_check (exit 74 if damaged)
          storefront open-url URL           hand a redirect or deep link to the app running on the state directory,
                                            or keep it for the next launch (a cold-start deep link)
          storefront promote SKU            start an App Store promoted purchase of SKU in the running app (Xee's
                                            delegate shows or holds it), or at the next launch; --catalog names the app
          storefront public-key             print the PEM key that verifies the state directory's signed transactions;
                                            --path play: the app's Google Play licence key, Base64 DER
          storefront keys --out DIR         write what a backend configures: the root certificate its App Store data
                                            chains to, the In-App Purchase key (.p8), a Google service account and the
                                            Play licence key (docs/backend.md); made once per state directory;
                                            --api ADDRESS[:PORT]: where the service account fetches its token
          storefront receive                a backend for the stores' notifications: checks each signature, prints
                                            it decoded, answers as told; --port N (9000), --root FILE, --xsolla-secret
                                            KEY, --answer STATUS[:XSOLLA_CODE] (docs/backend.md)
          storefront reset                  remove the ledger of the state directory and start over
                                            (refused while an app runs on it)
          storefront scenario FILE|DIR...   run QA scripts headless: exit 0 pass, 1 fail, 64 script error,
                                            66 a FILE that is not a file (missing, a FIFO, a loop of links),
                                            74 a ledger that cannot be used (damaged, read-only, full)
                                            --junit FILE   write a JUnit report
                                            --shard K/N    run shard K of N (stable per file path)
                                            --jobs N       run N scenarios at once
                                            --snapshots DIR  compare `snapshot NAME` with DIR/NAME.txt and its colors
                                                           (NAME.cells.json); a failure writes DIR/diff.html
                                            --quiet        only verdicts and failures (docs/scenarios.md)
                                            --record FILE  record one scenario as FILE.cast, .svg, .gif or .mp4,
                                                           half a second a screen (docs/demos.md)
          storefront demo SCRIPT            play a scenario in the app at a person's pace, with its captions, on a fresh
                                            state each run (Demos/ has one per path; docs/demos.md). Space pauses and
                                            resumes, → steps once, ← starts over, q quits. Exit 1 when an expect fails
                                            --speed X      0.5 to 4 (default 1)
                                            --captions comments  the script's # comments are captions too
                                            --loop         start over at the end, on a fresh state
                                            --record FILE  record the demo as FILE.cast, .svg, .gif or .mp4, at its pace
                                            --headless     with --record: record it with no terminal, at its pace (CI)
          storefront export --out DIR       every storefront, theme, size, variant and eligibility of the paywall as
                                            pictures (txt, ansi, html, svg, png), a manifest and a contact sheet
                                            (index.html); --compare BASE: exit 1 when a picture changed (storefront export --help)
          storefront bench [--quick] [--json]  time loading, drawing, keypresses, purchasing and exporting (make bench)
                                            --frames       only the frames: view and view + diff at 80x24, 120x40, 250x70,
                                                           and at the end of a 100,000-transaction history
                                            --purchases    only the durable purchases on each path, against the floor
                                            --terminal     only the first frame and the bytes on the wire, through a pty
                                            --http         only the App Store Server API over HTTP, against a bare
                                                           libmicrohttpd responder, and a frame while it is hammered
                                            --notifications only the notifications to a local receiver, against
                                                           libcurl alone, and a frame while 10,000 go out
                                            --scenarios N  only scenario suites of 100 and N files, and N's two shards
          storefront --help | --version

        Options:
          --catalog FILE      the catalog to open (default ./catalog.json); a .storekit file works too
          --theme NAME        a theme from Themes/ (dark, light, high-contrast, neon, calm, …)
          --device KIND       full (the terminal's width), phone or tablet: the paywall in a device's frame (d)
          --storefront ID     the storefront to start in (USA, DEU, JPN, …)
          --state-dir DIR     where the SQLite ledger lives, one app at a time (history reads beside it)
                              (default $XDG_STATE_HOME/storefront, else ~/.local/state/storefront)
          --user ID           the player id (default: kept in the ledger across launches)
          --network MODE      reliable, or flaky: products requests fail half the time and retry
          --signed-data WHO   app-store (a certificate chain, as the App Store signs), or xcode: one
                              self-signed certificate and environment Xcode, as Xcode's StoreKit testing
          --api ADDRESS[:PORT]  serve the App Store Server API and the Google Play Developer API there while
                              the app runs (port 8780 unless given; docs/backend.md), answered from the ledger
          --apple-notifications URL  post the App Store's server notifications there (docs/backend.md)
          --play-notifications URL   post Google Play's developer notifications there, as Pub/Sub pushes them
          --xsolla-notifications URL post Xsolla's webhooks there, signed with the project's secret key
          --project-id N      start the Pay Station SDK with another project id (a wrong one sells nothing)
          --audience          (app, demo) the player's screen: no QA row on the App Store sheet, no Sandbox
                              marker, no Events pane, and a month lasts a month (the app's rate becomes real time)
          --events            with --audience, keep the Events pane
          --record FILE       record the session: FILE.cast (asciinema v2), FILE.svg (plays in a browser),
                              FILE.gif or FILE.mp4 (need rsvg-convert and ffmpeg), written when the app quits

        Keys in the app (? lists them there; docs/reference.md says what each does in full):
        \(keys)
        SIGTERM and SIGHUP quit like q.

        Environment: TERM (one not known here draws as xterm-256color, else xterm), COLORTERM=truecolor
        (24-bit color where a direct-color description is installed), NO_COLOR (no color), LANG (not
        UTF-8: ASCII only).

        Exit codes: 0 ok, 64 usage, 65 bad catalog or theme, 66 no file (missing, a directory, a FIFO)
        or no ledger (or no signing key in it yet), 69 a program is missing (rsvg-convert, ffmpeg, git), 74 I/O error, 75 the state directory is in use by another app,
        78 no terminal description (not even xterm).
        """
    }

    static let export = """
    storefront export --out DIR [options]: the paywall drawn headless for every combination of the
    axes, one file per combination and format, named by its axes (USA-dark-120x40-A-eligible.svg).

    Axes (comma-separated lists; each defaults to every value the catalog and the themes have):
      --storefronts IDS   storefronts of the catalog (USA,DEU,…)
      --themes NAMES      themes loaded from Themes/ beside the catalog (dark,light,…)
      --sizes WxH,…       terminal sizes (default 80x24,120x40)
      --variants IDS      variants of the paywall (A,B,…)
      --eligibility LIST  auto, eligible, not-eligible (default eligible,not-eligible)
      --states LIST       player states: new, trial-used, subscribed, lapsed, billing-retry,
                          promo-eligible, auto (default auto: the ledger's fresh player only)
      --device LIST       full, phone, tablet (default full)

    Output:
      --out DIR           where the files go: NAME.EXT per format, cells/NAME.json (the frame, cell for
                          cell), manifest.json and index.html (the contact sheet)
      --formats LIST      txt, ansi, html, svg, png (default txt,svg,html); png needs rsvg-convert
                          (apt-get install librsvg2-bin, or make deps-png)
      --chrome            SVGs in a window's frame with the combination's name as its title
      --jobs N            combinations drawn at once (default: one per core)
      --catalog FILE      the catalog (default ./catalog.json)

    Comparing (a catalog change reviewed as pictures):
      --compare BASE      BASE is an earlier export directory, another catalog file, or a catalog at a
                          git revision (HEAD~1:catalog.json, read with git show in the catalog's folder).
                          Prints a line per changed combination, writes DIR/diff.html, and exits 1 when
                          anything changed, 0 when nothing did.

    Progress goes to standard error: a bar on a terminal, a line "exported N/TOTAL" on a pipe.

    Exit codes: 0 written (and, with --compare, nothing changed), 1 something changed, 64 usage
    (an unknown axis value is named with the values it takes), 65 a catalog or base that does not
    load, 66 no such catalog, base or revision, 69 rsvg-convert or git missing, 74 a file that
    cannot be written, 130 Ctrl-C (either way --out is left as it was). More in docs/exports.md.
    """
}
