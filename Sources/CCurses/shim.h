#ifndef STOREFRONT_CCURSES_SHIM_H
#define STOREFRONT_CCURSES_SHIM_H

// SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600, which hides the wide-character API:
// ask for it here, before curses.h.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#if defined(__APPLE__)
// macOS ships one ncurses, built with the wide-character API, under the plain names.
#include <curses.h>
#include <term.h>
#else
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#endif
#include <langinfo.h>

int wcwidth(wchar_t c);

// Globals and macros Swift 6 cannot use directly ("not concurrency-safe", or function-like).
static inline WINDOW *sf_stdscr(void) { return stdscr; }
static inline int sf_lines(void) { return LINES; }
static inline int sf_cols(void) { return COLS; }
static inline int sf_colors(void) { return COLORS; }
static inline int sf_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t sf_a_bold(void) { return A_BOLD; }
static inline attr_t sf_a_underline(void) { return A_UNDERLINE; }
static inline attr_t sf_a_reverse(void) { return A_REVERSE; }
static inline attr_t sf_a_normal(void) { return A_NORMAL; }
static inline mmask_t sf_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t sf_button1_pressed(void) { return BUTTON1_PRESSED | BUTTON1_CLICKED; }
static inline mmask_t sf_button4_pressed(void) { return BUTTON4_PRESSED; }
#if defined(BUTTON5_PRESSED)
static inline mmask_t sf_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t sf_button5_pressed(void) { return 0; }
#endif
static inline int sf_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int sf_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline int sf_put(WINDOW *w, int y, int x, const char *text) { return mvwaddstr(w, y, x, text); }
static inline int sf_set_style(WINDOW *w, attr_t attributes, short pair) {
    return wattr_set(w, attributes, pair, NULL);
}

// One cell holding a whole grapheme cluster (at most CCHARW_MAX code points, the first one
// spacing): ncurses counts it as its first code point's width and sends every code point.
static inline int sf_put_cluster(WINDOW *w, int y, int x, const wchar_t *chars, attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attributes, pair, NULL) != OK) return ERR;
    return mvwadd_wch(w, y, x, &cell);
}
static inline int sf_cluster_limit(void) { return CCHARW_MAX; }

// Whether a terminal description `name` exists, and its colors, without taking the terminal
// over: -1 when there is none, -2 when it cannot move the cursor (no `cup`, as TERM=dumb),
// which a full-screen app needs. The probe's description is released again.
static inline int sf_probe_terminal(const char *name) {
    int error = 0;
    TERMINAL *saved = cur_term;
    if (setupterm(name, 1, &error) != OK) {
        set_curterm(saved);
        return -1;
    }
    int colors = tigetnum("colors");
    char *moveCursor = tigetstr("cup");
    int canMoveCursor = moveCursor != NULL && moveCursor != (char *)-1;
    TERMINAL *probed = set_curterm(saved);
    if (probed != saved) del_curterm(probed);
    if (!canMoveCursor) return -2;
    return colors < 0 ? 0 : colors;
}

// The character set of the locale setlocale chose: "UTF-8", or "ANSI_X3.4-1968" under LANG=C.
static inline const char *sf_codeset(void) { return nl_langinfo(CODESET); }

#endif
