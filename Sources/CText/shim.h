#ifndef STOREFRONT_CTEXT_SHIM_H
#define STOREFRONT_CTEXT_SHIM_H

// Unicode tables TerminalUI measures and orders text by, both pure C libraries from Debian:
// utf8proc (per-code-point widths, grapheme breaks of current Unicode) and fribidi (the
// Unicode Bidirectional Algorithm, with Arabic shaping into presentation forms).
#include <utf8proc.h>
#include <fribidi.h>

// `text` in a right-to-left paragraph, put in visual order (left to right on screen) by the
// Unicode Bidirectional Algorithm, with brackets mirrored and Arabic shaped into presentation
// forms; a lam-alef ligature leaves U+FEFF in one of its letters' places. `logical` gets, for
// each visual position, the position in `text` it shows. 0 when fribidi fails.
// FRIBIDI_PAR_RTL is a macro of masks, which Swift cannot import.
static inline int sf_visual_rtl(const FriBidiChar *text, FriBidiStrIndex length, FriBidiChar *visual,
                                FriBidiStrIndex *logical) {
    FriBidiParType base = FRIBIDI_PAR_RTL;
    return fribidi_log2vis(text, length, &base, visual, NULL, logical, NULL) != 0;
}

// The columns of a code point that is a grapheme cluster of its own whatever is beside it
// (grapheme break class Other: letters, digits, punctuation, symbols, box drawing, CJK), or 0
// for any other (marks, joiners, controls, Hangul jamo, regional indicators, prepended
// signs, emoji that take modifiers), whose columns the cluster rules decide. A code point
// utf8proc does not know yet is left to them too: Swift's own tables may be of a later
// Unicode, where it is a mark.
static inline int sf_standalone_width(int32_t c) {
    const utf8proc_property_t *property = utf8proc_get_property(c);
    if (property->boundclass != UTF8PROC_BOUNDCLASS_OTHER || property->category == UTF8PROC_CATEGORY_CN) return 0;
    return utf8proc_charwidth(c);
}

#endif
