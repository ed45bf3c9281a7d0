#!/usr/bin/env python3
"""The app's first frame and one Down move as a terminal reads them: runs a program in a
pseudo-terminal of 120x40, feeds every byte it writes to pyte (a terminal emulator) and
prints one JSON line about what it wrote.

  wire_reading.py -- PROGRAM ARGS...

For the first frame (the bytes after the width probe's last `ESC [ H ESC [ 2 K`, up to the
reset curses ends an update with, so an update that follows at once on a slow machine, an
event line that came late, is not counted in it) and for the move: `bytes`,
`attributeChanges` (groups of SGR sequences written together, each one change of attributes)
and `runs` (runs of one look over the screen in reading order, a blank looking as the cell
before it, as curses draws them; for the move, over the cells that changed).
"""
import fcntl, json, os, pty, re, select, struct, sys, termios, time

import pyte

COLUMNS, ROWS = 120, 40
QUIET = 0.5
SGR_GROUP = re.compile(rb"(?:(?:\x1b\(B)?\x1b\[[0-9;]*m)+")
PROBE_END = b"\x1b[H\x1b[2K"
# What curses writes last in every update: the terminal's own colours, then no attributes.
UPDATE_END = b"\x1b[39;49m\x1b(B\x1b[m"


def snapshot(screen):
    return [(c.data, c.fg, c.bg, c.bold, c.underscore, c.reverse)
            for y in range(ROWS) for c in (screen.buffer[y][x] for x in range(COLUMNS))]


def runs(cells):
    """Runs of one look in reading order: a blank (a space neither underlined nor reversed)
    looks as the cell before it when their backgrounds agree."""
    count, previous = 0, None
    for text, fg, bg, bold, underline, reverse in cells:
        look = (fg, bg, bold, underline, reverse)
        if previous is not None and text == " " and not underline and not reverse and previous[1] == bg \
                and not previous[3] and not previous[4]:
            look = previous
        if look != previous:
            count += 1
        previous = look
    return count


def main():
    program = sys.argv[sys.argv.index("--") + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(program[0], program, os.environ)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    screen = pyte.Screen(COLUMNS, ROWS)
    screen.write_process_input = lambda data: os.write(fd, data.encode())
    stream = pyte.ByteStream(screen)

    def read_until_quiet(complete=lambda received: bool(received)):
        """Reads until `complete` holds of what came and nothing more comes for QUIET (a quiet
        spell alone is not enough: a loaded machine may pause that long inside an update)."""
        received = bytearray()
        deadline = time.time() + 60
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], QUIET)
            if not ready:
                if complete(received):
                    break
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            received += chunk
            stream.feed(chunk)
        return bytes(received)

    def first_update(received):
        """Where the first frame starts and ends in `received`, or None before it has ended."""
        start = received.rfind(PROBE_END)
        end = received.find(UPDATE_END, start) if start >= 0 else -1
        return None if end < 0 else (start + len(PROBE_END), end + len(UPDATE_END))

    received = read_until_quiet(lambda received: first_update(received) is not None)
    start, end = first_update(received)
    first = received[start:end]
    # The screen as the first update left it, replayed on a terminal of its own.
    first_screen = pyte.Screen(COLUMNS, ROWS)
    first_screen.write_process_input = lambda data: None
    pyte.ByteStream(first_screen).feed(bytes(received[:end]))
    drawn = snapshot(first_screen)
    before = snapshot(screen)
    os.write(fd, b"\x1bOB")
    move = read_until_quiet(lambda received: UPDATE_END in received)
    after = snapshot(screen)
    changed = [b for a, b in zip(before, after) if a != b]
    os.write(fd, b"q")
    try:
        os.waitpid(pid, 0)
    except OSError:
        pass
    print(json.dumps({
        "firstFrame": {"bytes": len(first), "attributeChanges": len(SGR_GROUP.findall(first)), "runs": runs(drawn)},
        "move": {"bytes": len(move), "attributeChanges": len(SGR_GROUP.findall(move)), "runs": runs(changed),
                 "changedCells": len(changed)},
        "screen": ["".join(c[0] for c in drawn[y * COLUMNS:(y + 1) * COLUMNS]) for y in range(ROWS)],
    }))


main()
