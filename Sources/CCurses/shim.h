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
#include <limits.h>

// What this ncurses can do with colors, from its header. Either may be given on the compiler's
// command line instead, so the branch macOS takes is built and run on Linux too (PortabilityTests).
//
// SF_EXTENDED_PAIRS: init_extended_pair, which takes pairs and colors as int (a direct color is
// 0xRRGGBB), came in ncurses 6.1. macOS ships 5.7 (macOS 14 on, 6.0), where init_pair, taking
// shorts, is all there is. NCURSES_EXT_COLORS cannot tell: Apple's 6.0 defines it.
#ifndef SF_EXTENDED_PAIRS
#if NCURSES_VERSION_MAJOR > 6 || (NCURSES_VERSION_MAJOR == 6 && NCURSES_VERSION_MINOR >= 1)
#define SF_EXTENDED_PAIRS 1
#else
#define SF_EXTENDED_PAIRS 0
#endif
#endif
// SF_PAIRS_IN_ATTRIBUTES: an ncurses built without extended colors (macOS's 5.7) keeps a cell's
// pair in its attributes' A_COLOR bits, so only 256 pairs can be drawn, whatever COLOR_PAIRS
// the terminal's description claims; a higher one would spill into the attribute bits.
#ifndef SF_PAIRS_IN_ATTRIBUTES
#if defined(NCURSES_EXT_COLORS)
#define SF_PAIRS_IN_ATTRIBUTES 0
#else
#define SF_PAIRS_IN_ATTRIBUTES 1
#endif
#endif

int wcwidth(wchar_t c);

// Globals and macros Swift 6 cannot use directly ("not concurrency-safe", or function-like).
static inline WINDOW *sf_stdscr(void) { return stdscr; }
static inline int sf_lines(void) { return LINES; }
static inline int sf_cols(void) { return COLS; }
static inline int sf_colors(void) { return COLORS; }
// The pairs a cell can be drawn with (SF_PAIRS_IN_ATTRIBUTES).
static inline int sf_color_pairs(void) {
#if SF_PAIRS_IN_ATTRIBUTES
    int drawable = PAIR_NUMBER(A_COLOR) + 1;
    return COLOR_PAIRS < drawable ? COLOR_PAIRS : drawable;
#else
    return COLOR_PAIRS;
#endif
}
// Defines color pair `pair` (SF_EXTENDED_PAIRS). Where only init_pair exists, a number past
// a short is ERR rather than cut short into another pair or color.
static inline int sf_init_pair(int pair, int foreground, int background) {
#if SF_EXTENDED_PAIRS
    return init_extended_pair(pair, foreground, background);
#else
    if (pair > SHRT_MAX || foreground > SHRT_MAX || background > SHRT_MAX) return ERR;
    return init_pair((short)pair, (short)foreground, (short)background);
#endif
}
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
    // NCURSES_CONST: 5.7 takes the name as char * (it does not write to it).
    if (setupterm((NCURSES_CONST char *)name, 1, &error) != OK) {
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
