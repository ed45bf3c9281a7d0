// The floor under the app's first frame: a bare ncurses program that draws a screen given as
// runs of text, one a line, `y x foreground background attributes text` (colours as curses
// numbers, -1 the terminal's own; attributes 1 bold, 2 underline, 4 reverse), as
// Bench/pty-bench.py dumps the app's first frame. It sets the terminal up as the app does
// (raw, no echo, keypad, no cursor, default colours), draws every run, refreshes once, and
// waits for a key or a signal. Nothing else: the time from its exec to a complete frame is what
// any ncurses program pays to draw that screen on that terminal.
//
//     cc -O2 -o .build/first-frame-floor Bench/floor/first-frame.c -lncursesw   (make bench does)

#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#if defined(__APPLE__)
#include <curses.h>  // macOS's one ncurses has the wide-character API under the plain name
#else
#include <ncursesw/curses.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PAIRS = 4096 };

static int pair_foreground[MAX_PAIRS];
static int pair_background[MAX_PAIRS];
static int pair_count = 1;

// The pair for these colours, made on first use as the app makes its own.
static int pair_for(int foreground, int background) {
    if (foreground == -1 && background == -1) return 0;
    for (int pair = 1; pair < pair_count; pair++) {
        if (pair_foreground[pair] == foreground && pair_background[pair] == background) return pair;
    }
    if (pair_count >= MAX_PAIRS || pair_count >= COLOR_PAIRS) return 0;
    init_extended_pair(pair_count, foreground, background);
    pair_foreground[pair_count] = foreground;
    pair_background[pair_count] = background;
    return pair_count++;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: first-frame-floor DUMP\n");
        return 64;
    }
    FILE *dump = fopen(argv[1], "r");
    if (dump == NULL) {
        perror(argv[1]);
        return 66;
    }
    setlocale(LC_ALL, "");
    initscr();
    raw();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    start_color();
    use_default_colors();

    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, dump)) > 0) {
        if (line[length - 1] == '\n') line[length - 1] = '\0';
        int y, x, foreground, background, attributes, used = 0;
        if (sscanf(line, "%d %d %d %d %d %n", &y, &x, &foreground, &background, &attributes, &used) < 5) continue;
        attr_t curses_attributes = A_NORMAL;
        if (attributes & 1) curses_attributes |= A_BOLD;
        if (attributes & 2) curses_attributes |= A_UNDERLINE;
        if (attributes & 4) curses_attributes |= A_REVERSE;
        // sscanf's trailing space ate the spaces a run may start with: take the text from the
        // fifth field's end plus exactly one separator.
        const char *text = line;
        for (int fields = 0; fields < 5 && *text; fields++) {
            text = strchr(text, ' ');
            if (text == NULL) break;
            text++;
        }
        if (text == NULL) continue;
        attr_set(curses_attributes, (short)pair_for(foreground, background), NULL);
        mvaddstr(y, x, text);
    }
    free(line);
    fclose(dump);
    refresh();
    getch();
    endwin();
    return 0;
}
