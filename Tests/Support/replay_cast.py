"""Replays an asciinema v2 cast into pyte, a terminal emulator, and prints its last screen.

Usage: replay_cast.py FILE.cast

Checks the format as a player reads it (a header object with version 2, width, height; then
one JSON array a line: [seconds, "o", data] or [seconds, "r", "WxH"], in time order) and prints
one JSON object: the header, the number of events, and the screen's rows with trailing
blanks trimmed. Exit 65 with a line saying what is wrong when the file is not a valid cast.
"""
import json
import sys

try:
    import pyte
except ImportError:
    print("pyte is not installed in this Python; run `make pyte` (a virtualenv under .build)", file=sys.stderr)
    sys.exit(69)


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(65)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    with open(sys.argv[1], encoding="utf-8") as cast:
        lines = cast.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        fail("empty file: no header")
    try:
        header = json.loads(lines[0])
    except ValueError as error:
        fail(f"line 1: the header is not JSON ({error})")
    if not isinstance(header, dict) or header.get("version") != 2:
        fail("line 1: the header is not an object with version 2")
    for field in ("width", "height"):
        if not isinstance(header.get(field), int) or header[field] <= 0:
            fail(f"line 1: the header's {field} is not a positive whole number")
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    last_time = 0.0
    outputs = resizes = 0
    for number, line in enumerate(lines[1:], start=2):
        try:
            event = json.loads(line)
        except ValueError as error:
            fail(f"line {number}: not JSON ({error})")
        if not (isinstance(event, list) and len(event) == 3 and isinstance(event[0], (int, float))
                and event[1] in ("o", "r") and isinstance(event[2], str)):
            fail(f"line {number}: not an event [seconds, \"o\" or \"r\", text]")
        if event[0] < last_time:
            fail(f"line {number}: time {event[0]} is before the event above it ({last_time})")
        last_time = event[0]
        if event[1] == "o":
            outputs += 1
            stream.feed(event[2])
        else:
            resizes += 1
            try:
                width, height = (int(part) for part in event[2].split("x"))
            except ValueError:
                fail(f"line {number}: a resize is WxH, not {event[2]!r}")
            screen.resize(lines=height, columns=width)
    print(json.dumps({
        "header": header,
        "outputs": outputs,
        "resizes": resizes,
        "duration": last_time,
        "width": screen.columns,
        "height": screen.lines,
        "lines": [row.rstrip() for row in screen.display],
    }, ensure_ascii=False))


main()
