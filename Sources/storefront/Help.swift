/// `storefront --help` and `--version`.
enum Help {
    static let version = "storefront 0.1.0"

    static let text = """
    storefront — see, test and demo in-app purchases in the terminal.

    Usage:
      storefront [options]              open the full-screen app on ./catalog.json
      storefront lint [FILE]            check a catalog and list every problem (exit 65 on errors)
      storefront history [--json]       print the transactions kept in the state directory
      storefront --help | --version

    Options:
      --catalog FILE      the catalog to open (default ./catalog.json)
      --theme NAME        a theme from Themes/ (dark, light, …)
      --storefront ID     the storefront to start in (USA, DEU, JPN, …)
      --state-dir DIR     where the SQLite ledger lives
                          (default $XDG_STATE_HOME/storefront, else ~/.local/state/storefront)
      --user ID           the player id (default: kept in the ledger across launches)

    Keys in the app: arrows or h/j/k/l select, Enter buys, Esc closes, Tab moves between
    panes, s/S change storefront, t changes theme, ? shows every key, q quits.

    Exit codes: 0 ok, 64 usage, 65 bad catalog, 66 missing file, 74 I/O error.
    """
}
