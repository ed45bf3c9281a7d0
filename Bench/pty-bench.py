#!/usr/bin/env python3
"""The bench's cases that need a real terminal: the app runs on a pseudo-terminal, and pyte
(a terminal emulator) reads every byte it writes, as a terminal would.

  pty-bench.py --app BINARY --floor BINARY --catalog FILE [--catalog FILE ...] [--runs N]
               [--history-catalog FILE --history-state DIR [--history-shows TEXT]]

For each catalog it measures

- the first frame: the time from exec to the moment the emulator's screen holds the whole
  frame the launch settles on, against the floor (Bench/floor/first-frame.c), a bare ncurses program
  that draws the same screen from a dump of it: every cell's text, colours and attributes, as
  the emulator read them from the app. The floor's screen is checked to be the app's, cell
  for cell, or the bench fails;
- the process alone: `--help`, from exec to exit, the part of a launch any run of the
  binary pays (the Swift runtime, the libraries it loads);
- the bytes on the wire: for the first frame, for two Down moves on the paywall (off the
  first card, then in the list) and for a resize, the bytes written against the cells that
  look different on the emulator's screen (its screen before and after compared, not the app
  asked what it drew), and against the UTF-8 of those cells' text, which any program must send;
- the peak memory of a launch (`VmHWM` from /proc, read after its first frame and two moves),
  and with `--history-catalog` and `--history-state`, the same launch on a copy of a state
  directory that already holds a long history (the first frame and the peak, the moves too).
  Each of its launches is timed twice over, alternately: with the fingerprint the last quit
  kept beside the ledger (`storefront.sqlite-checked`), checked to be there and to be of the
  file as it is, so the open reads the file's digest; and with that fingerprint removed, so
  the open runs SQLite's `integrity_check` on the whole file. Every launch of the case must
  list the history's newest transaction.

It prints one JSON document on stdout; `storefront bench` reads it into its table. A case
that did not do what it times (no paywall on the screen, a move that changed nothing, a floor
whose screen differs from the app's) ends the script with status 1 and a sentence on stderr.
"""

import argparse
import fcntl
import json
import os
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

import pyte
from pyte import graphics

COLUMNS, ROWS = 120, 40
# Output that stops for this long means the program has drawn what it had to draw. Only the
# byte counts and the screens depend on it, never a time: a slow machine waits longer, no more.
QUIET_SECONDS = 0.4
# The longest a program may take to draw anything at all before the case fails.
DEADLINE_SECONDS = 30.0
DOWN = b"\x1bOB"  # the Down key in the keypad mode the app sets (terminfo kcud1)


class AnsweringScreen(pyte.Screen):
    """A screen that answers the cursor-position reports the app's start-up probe asks for,
    as a terminal does."""

    def __init__(self, columns, rows, reply):
        super().__init__(columns, rows)
        self.reply = reply

    def write_process_input(self, data):
        self.reply(data.encode())


def snapshot(screen):
    """Every cell as (text, foreground, background, bold, underline, reverse)."""
    cells = []
    for y in range(screen.lines):
        line = screen.buffer[y]
        for x in range(screen.columns):
            c = line[x]
            cells.append((c.data, c.fg, c.bg, c.bold, c.underscore, c.reverse))
    return cells


BLANK = (" ", "default", "default", False, False, False)


def looks(cell):
    """What a cell shows: a space neither underlined nor reversed shows its background alone,
    so a change of its foreground or weight is no change on screen."""
    text, fg, bg, bold, underline, reverse = cell
    return (text, bg) if text == " " and not underline and not reverse else cell


def changed_cells(before, after):
    """The cells that look different afterwards."""
    return sum(1 for a, b in zip(before, after) if looks(a) != looks(b))


class Session:
    """One program on a pseudo-terminal of COLUMNS x ROWS, its output read into pyte."""

    def __init__(self, argv, env, columns=COLUMNS, rows=ROWS):
        self.master, slave = os.openpty()
        self.resize_pty(columns, rows, slave)
        self.screen = AnsweringScreen(columns, rows, self.write)
        self.stream = pyte.ByteStream(self.screen)
        self.chunks = []  # (seconds since exec, bytes)
        self.started = time.perf_counter()
        self.process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                                        start_new_session=True, preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)

    def resize_pty(self, columns, rows, fd=None):
        fcntl.ioctl(self.master if fd is None else fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def write(self, data):
        os.write(self.master, data)

    def read_until_quiet(self):
        """Reads until the program has written nothing for QUIET_SECONDS; the bytes read."""
        received = bytearray()
        deadline = time.perf_counter() + DEADLINE_SECONDS
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([self.master], [], [], QUIET_SECONDS)
            if not ready:
                if received:
                    break
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:
                break
            if not data:
                break
            self.chunks.append((time.perf_counter() - self.started, data))
            received += data
            self.stream.feed(data)
        return bytes(received)

    def resize(self, columns, rows):
        self.screen.resize(rows, columns)
        self.resize_pty(columns, rows)  # the kernel sends the app SIGWINCH

    def close(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        os.close(self.master)


def first_complete(chunks, target, columns=COLUMNS, rows=ROWS):
    """The time of the chunk after which a fresh emulator first shows `target`: the chunks are
    replayed after the run, so comparing screens costs the measured program nothing."""
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    for at, data in chunks:
        stream.feed(data)
        if snapshot(screen) == target:
            return at
    return None


# The emulator's colours back to the numbers curses takes: names come from SGR 30-37 and
# 90-97 (colours 0-15), hexadecimal from SGR 38;5;n for n of 16 and above.
NAMED = {name: code - 30 for code, name in graphics.FG_ANSI.items() if code != 39}
NAMED.update({name: code - 90 + 8 for code, name in graphics.FG_AIXTERM.items()})
INDEXED = {}
for index in range(255, 15, -1):
    INDEXED[graphics.FG_BG_256[index]] = index
NAMED_BACKGROUND = {name: code - 40 for code, name in graphics.BG_ANSI.items() if code != 49}
NAMED_BACKGROUND.update({name: code - 100 + 8 for code, name in graphics.BG_AIXTERM.items()})


def colour_number(colour, named):
    if colour == "default":
        return -1
    if colour in named:
        return named[colour]
    if colour in INDEXED:
        return INDEXED[colour]
    raise SystemExit(f"pty-bench: a colour the floor cannot draw: {colour}")


def write_dump(cells, path, columns=COLUMNS):
    """The screen as runs of same-styled cells, one a line: `y x fg bg attributes text`
    (attributes: 1 bold, 2 underline, 4 reverse); the floor draws them as they are."""
    lines = []
    rows = len(cells) // columns
    for y in range(rows):
        x = 0
        while x < columns:
            style = cells[y * columns + x][1:]
            start = x
            text = ""
            while x < columns and cells[y * columns + x][1:] == style:
                text += cells[y * columns + x][0]  # a wide character's second cell is ""
                x += 1
            fg, bg, bold, underline, reverse = style
            attributes = (1 if bold else 0) | (2 if underline else 0) | (4 if reverse else 0)
            lines.append(f"{y} {start} {colour_number(fg, NAMED)} {colour_number(bg, NAMED_BACKGROUND)} {attributes} {text}")
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


def median(values):
    return statistics.median(values) if values else None


def p90(values):
    ordered = sorted(values)
    return ordered[round(0.9 * (len(ordered) - 1))] if ordered else None


def text_bytes(before, after):
    """What any program must send for these changes: the UTF-8 of every changed cell's text (a
    wide character's second cell holds none). The floor of a move's bytes on the wire."""
    return sum(len(b[0].encode()) for a, b in zip(before, after) if looks(a) != looks(b))


# The tightest encoding of a change: what a terminal could be sent for it by a program that
# knew the screen before and after, to set beside what the app sent. Each run of changed cells
# is reached by the shortest cursor move (or by sending again the few unchanged cells between
# two runs, where that is shorter), and each change of colours or attributes is the shortest
# SGR sequence that makes it: only what differs, the short codes for the 16 basic colours, a
# plain space needing only its background. It ends with no reset. Not a proof that nothing
# shorter exists, but no terminal program does better in practice: it is the floor a move is
# measured against where the text alone (`text_bytes`) leaves out the moves and colours any
# program must send for cells that are not next to each other.

INDEX_256 = {}
for _index, _hex in enumerate(graphics.FG_BG_256):
    INDEX_256.setdefault(_hex, _index)


def colour_parameter(colour, foreground):
    base = 30 if foreground else 40
    if colour == "default":
        return str(base + 9)
    for code, name in graphics.FG_ANSI.items():
        if name == colour:
            return str(code - 30 + base)
    for code, name in graphics.FG_AIXTERM.items():
        if name == colour:
            return str(code - 90 + base + 60)
    index = INDEX_256.get(colour)
    if index is not None:
        if index < 8:
            return str(base + index)
        if index < 16:
            return str(base + 60 + index - 8)
        return f"{base + 8};5;{index}"
    red, green, blue = (int(colour[i:i + 2], 16) for i in (0, 2, 4))
    return f"{base + 8};2;{red};{green};{blue}"


DEFAULT_PEN = ("default", "default", False, False, False)


def sgr(pen, cell):
    """The shortest SGR sequence from `pen` to what `cell` needs ("" if none), and the pen after."""
    text, fg, bg, bold, underline, reverse = cell
    plain_space = text == " " and not underline and not reverse
    want = (pen[0] if plain_space else fg, bg, pen[2] if plain_space else bold, underline, reverse)
    if want == pen:
        return "", pen

    def parameters(start):
        changes = []
        if want[2] != start[2]:
            changes.append("1" if want[2] else "22")
        if want[3] != start[3]:
            changes.append("4" if want[3] else "24")
        if want[4] != start[4]:
            changes.append("7" if want[4] else "27")
        if want[0] != start[0]:
            changes.append(colour_parameter(want[0], True))
        if want[1] != start[1]:
            changes.append(colour_parameter(want[1], False))
        return changes

    changed = ";".join(parameters(pen))
    # From a reset instead: an empty first parameter is 0, a byte shorter than writing it.
    from_reset = parameters(DEFAULT_PEN)
    reset = ";" + ";".join(from_reset) if from_reset else ""
    return f"\x1b[{min(changed, reset, key=len)}m", want


def move(cursor, y, x):
    """The shortest cursor move from `cursor` (None: unknown) to row y, column x."""
    if cursor == (y, x):
        return ""
    options = [f"\x1b[{y + 1}H" if x == 0 else f"\x1b[{y + 1};{x + 1}H"]
    if cursor is not None:
        cy, cx = cursor
        if cy == y:
            options.append(f"\x1b[{x + 1}G")
            distance = x - cx
            options.append("\x1b[C" if distance == 1 else f"\x1b[{abs(distance)}{'C' if distance > 0 else 'D'}")
        if cx == x:
            options.append(f"\x1b[{y + 1}d")
        if y == cy + 1 and x == 0:
            options.append("\r\n")
    return min(options, key=len)


def tightest_encoding(before, after, columns=COLUMNS):
    """The change from `before` to `after` (snapshots), written as tightly as this script
    knows how, starting from the default pen and an unknown cursor."""
    out, pen, cursor = [], DEFAULT_PEN, None
    for y in range(len(after) // columns):
        row_before = before[y * columns:(y + 1) * columns]
        row_after = after[y * columns:(y + 1) * columns]
        changed = [x for x in range(columns) if looks(row_before[x]) != looks(row_after[x])]
        x = changed[0] if changed else None
        while x is not None:
            # Reach x by moving, or by sending the unchanged cells from the cursor on again.
            reach = move(cursor, y, x)
            if cursor is not None and cursor[0] == y and cursor[1] < x:
                again, again_pen = [], pen
                for gap in range(cursor[1], x):
                    code, again_pen = sgr(again_pen, row_after[gap])
                    again.append(code + row_after[gap][0])
                if len("".join(again).encode()) < len(reach.encode()):
                    reach, pen = "".join(again), again_pen
            code, pen = sgr(pen, row_after[x])
            out.append(reach + code + row_after[x][0])
            width = 2 if x + 1 < columns and row_after[x + 1][0] == "" else 1
            cursor = (y, x + width) if x + width < columns else None
            following = [c for c in changed if c >= x + width]
            x = following[0] if following else None
    return "".join(out).encode()


class Launch:
    """The app launched on the catalog's state directory: its first frame, then Down moves.
    Every launch of a catalog shares one state directory, made by the first, so each timed
    launch is a launch as a player sees it, its ledger already there."""

    def __init__(self, options, catalog, root, env):
        state = os.path.join(root, "state")
        # One user for every launch, so each is assigned the same variant of the paywall.
        self.session = Session([options.app, "--catalog", catalog, "--state-dir", state, "--user", "bench"], env)
        self.first = self.session.read_until_quiet()
        self.screen = snapshot(self.session.screen)
        self.rows = list(self.session.screen.display)

    def peak_megabytes(self):
        """The process's peak resident memory so far, in MB (10^6 bytes); 0 where /proc has none."""
        try:
            with open(f"/proc/{self.session.process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) * 1024 / 1e6
        except OSError:
            pass
        return 0

    def move(self):
        """Down: (bytes written, cells changed, the changed cells' text bytes, the tightest
        encoding's bytes). The tightest encoding is checked to make the same change: what the
        app wrote before the move, then it, replayed into a fresh emulator, must show the screen
        the app's own bytes left."""
        before = snapshot(self.session.screen)
        written = b"".join(data for _, data in self.session.chunks)
        self.session.write(DOWN)
        sent = self.session.read_until_quiet()
        after = snapshot(self.session.screen)
        tightest = tightest_encoding(before, after)
        replayed = pyte.Screen(COLUMNS, ROWS)
        pyte.ByteStream(replayed).feed(written + tightest)
        wrong = changed_cells(snapshot(replayed), after)
        if wrong:
            raise SystemExit(f"pty-bench: the tightest encoding of a move left {wrong} cells unlike the app's")
        return len(sent), changed_cells(before, after), text_bytes(before, after), len(tightest)


def ledger_path(root):
    return os.path.join(root, "state", "storefront.sqlite")


def fingerprint_matches(root):
    """Whether the fingerprint beside the ledger is the one the last quit kept of the file as it
    is now: there, of the file's size, written after the file's last change, and no frames in
    the log (which the digest does not cover). The open then reads the digest, not the check."""
    ledger = ledger_path(root)
    record = ledger + "-checked"
    try:
        with open(record) as kept:
            lines = kept.read().split("\n")
        log = os.path.getsize(ledger + "-wal") if os.path.exists(ledger + "-wal") else 0
        return (len(lines) == 4 and lines[0].endswith("(PRAGMA integrity_check) at its last close")
                and lines[1] == f"bytes {os.path.getsize(ledger)}" and log == 0
                and os.stat(record).st_mtime_ns >= os.stat(ledger).st_mtime_ns)
    except OSError:
        return False


def measure_catalog(options, catalog, root, env, state_source=None, shows=None):
    if state_source:
        # Every launch of the case opens the same copy of the history, as a player's would.
        shutil.copytree(state_source, os.path.join(root, "state"))
    # The reference: the app's settled first frame, as the emulator shows it (the floor draws
    # it). Its paywall's box and headline (rows 1 and 2, under the status bar) must be in every
    # launch timed, whose own settled screen is the frame it is timed to; the rest may differ
    # (the clock, the events of the launches before).
    reference_launch = Launch(options, catalog, root, env)
    reference = reference_launch.screen
    headline = reference_launch.rows[2].strip()
    if not reference_launch.rows[1].strip() or not headline:
        reference_launch.session.close()
        raise SystemExit(f"pty-bench: the app drew no paywall with {catalog}")
    if shows and not any(shows in row for row in reference_launch.rows):
        reference_launch.session.close()
        raise SystemExit(f"pty-bench: the launch on {state_source} did not list {shows!r}: its history was not read")
    first_bytes = len(reference_launch.first)
    first_cells = sum(1 for cell in reference if cell != BLANK)
    # A resize repaints the whole screen (curses clears it first): its cells are every cell
    # that is not blank afterwards.
    session = reference_launch.session
    session.resize(100, 30)
    resized = session.read_until_quiet()
    resized_screen = snapshot(session.screen)
    resize_cells = sum(1 for cell in resized_screen if cell != BLANK)
    resize_text = sum(len(cell[0].encode()) for cell in resized_screen if cell != BLANK)
    session.close()
    if not resized or resize_cells == 0:
        raise SystemExit(f"pty-bench: a resize drew nothing with {catalog}")

    dump = os.path.join(root, "frame.dump")
    write_dump(reference, dump)

    # Exec to the first complete frame, the app and the floor alternately, so both see the same
    # machine; each launch of the app then moves twice: off its first selection, then once more.
    app_times, floor_times, start_times, peaks = [], [], [], []
    unchecked_times, unchecked_peaks = [], []
    moves = {"first": [], "second": []}
    for index in range(options.runs):
        if state_source and not fingerprint_matches(root):
            raise SystemExit("pty-bench: the quit before a launch kept no fingerprint of the ledger as it is")
        launch = Launch(options, catalog, root, env)
        at = first_complete(launch.session.chunks, launch.screen)
        if at is None or launch.rows[1:3] != reference_launch.rows[1:3]:
            launch.session.close()
            raise SystemExit(f"pty-bench: a launch with {catalog} did not show the paywall {headline!r}")
        if shows and not any(shows in row for row in launch.rows):
            launch.session.close()
            raise SystemExit(f"pty-bench: a launch on {state_source} did not list {shows!r}")
        app_times.append(at)
        for kind in ("first", "second"):
            sent, changed, floor_bytes, least = launch.move()
            if changed == 0:
                launch.session.close()
                raise SystemExit(f"pty-bench: Down changed no cell with {catalog} ({sent} bytes written)")
            moves[kind].append((sent, changed, floor_bytes, least))
        peaks.append(launch.peak_megabytes())
        launch.session.close()

        if state_source:
            # The same launch without the fingerprint: the open checks the whole file.
            os.remove(ledger_path(root) + "-checked")
            unchecked = Launch(options, catalog, root, env)
            at = first_complete(unchecked.session.chunks, unchecked.screen)
            listed = any(shows in row for row in unchecked.rows) if shows else True
            unchecked_peaks.append(unchecked.peak_megabytes())
            unchecked.session.close()
            if at is None or unchecked.rows[1:3] != reference_launch.rows[1:3] or not listed:
                raise SystemExit(f"pty-bench: a launch on {state_source} without its fingerprint did not show its history")
            unchecked_times.append(at)

        session = Session([options.floor, dump], env)
        session.read_until_quiet()
        at = first_complete(session.chunks, reference)
        floor_screen = snapshot(session.screen)
        session.close()
        if at is None:
            wrong = changed_cells(floor_screen, reference)
            raise SystemExit(f"pty-bench: the floor's screen differs from the app's in {wrong} cells")
        floor_times.append(at)

        # What the app's process costs before it does anything of its own: `--help` from exec
        # to exit (the Swift runtime and the libraries loaded, the text written).
        started = time.perf_counter()
        helped = subprocess.run([options.app, "--help"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        if helped.returncode != 0:
            raise SystemExit(f"pty-bench: {options.app} --help exited {helped.returncode}")
        start_times.append(time.perf_counter() - started)

    def summary(samples):
        return {
            "bytes": median([b for b, _, _, _ in samples]),
            "cells": median([c for _, c, _, _ in samples]),
            "textBytes": median([t for _, _, t, _ in samples]),
            "bytesPerCell": median([b / c for b, c, _, _ in samples]),
            "inTextBytes": median([b / t for b, _, t, _ in samples if t > 0]) or 0,
            "leastBytes": median([least for _, _, _, least in samples]),
            "leastBytesPerCell": median([least / c for _, c, _, least in samples]),
        }

    without = {
        "runs": len(unchecked_times),
        "firstFrameMs": median(unchecked_times) * 1000,
        "firstFrameP90Ms": p90(unchecked_times) * 1000,
        "peakMemoryMB": median(unchecked_peaks),
    } if unchecked_times else None
    return {
        "withoutFingerprint": without,
        "catalog": catalog,
        "headline": headline[:60],
        "runs": len(app_times),
        "firstFrameMs": median(app_times) * 1000,
        "firstFrameP90Ms": p90(app_times) * 1000,
        "floorMs": median(floor_times) * 1000,
        "floorP90Ms": p90(floor_times) * 1000,
        "processStartMs": median(start_times) * 1000,
        "peakMemoryMB": median(peaks),
        "firstFrameBytes": first_bytes,
        "firstFrameCells": first_cells,
        "firstFrameTextBytes": sum(len(cell[0].encode()) for cell in reference if cell != BLANK),
        "firstMove": summary(moves["first"]),
        "secondMove": summary(moves["second"]),
        "resizeBytes": len(resized),
        "resizeCells": resize_cells,
        "resizeTextBytes": resize_text,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    parser.add_argument("--floor", required=True)
    parser.add_argument("--catalog", action="append", required=True)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--history-catalog")
    parser.add_argument("--history-state")
    parser.add_argument("--history-shows", help="text the history's launch must show (its newest transaction)")
    options = parser.parse_args()
    if bool(options.history_catalog) != bool(options.history_state):
        parser.error("--history-catalog and --history-state go together")
    env = {key: value for key, value in os.environ.items() if key not in ("COLORTERM", "NO_COLOR", "TMUX")}
    env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    results = []
    for catalog in options.catalog:
        with tempfile.TemporaryDirectory(prefix="storefront-pty-bench-") as root:
            results.append(measure_catalog(options, catalog, root, env))
    if options.history_catalog:
        with tempfile.TemporaryDirectory(prefix="storefront-pty-bench-") as root:
            results.append(measure_catalog(options, options.history_catalog, root, env, options.history_state,
                                           options.history_shows))
    json.dump({"columns": COLUMNS, "rows": ROWS, "cases": results}, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
