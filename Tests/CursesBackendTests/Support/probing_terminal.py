#!/usr/bin/env python3
"""A terminal for one test: runs a program in a pseudo-terminal and answers its start-up probe
as a terminal of a chosen kind would, then reports what the program drew after the probe.

  probing_terminal.py KIND WIDTHS -- PROGRAM ARGS...

KIND is `graphemes` (mode 2027 permanently set, and each sample advances as WIDTHS says:
comma-separated columns, one per sample in the order the program draws them), `dsr-only`
(answers cursor-position reports but not DECRQM) or `silent` (answers nothing). It waits for the
program's first frame to show WAIT_FOR (an environment variable, UTF-8 text), presses `q`, and
prints one JSON line: {"frame_seen": bool, "after_probe": "<what was drawn after the probe>"}.
"""
import fcntl, json, os, pty, select, struct, sys, termios, time

def main():
    kind, widths = sys.argv[1], [int(w) for w in sys.argv[2].split(",") if w]
    program = sys.argv[sys.argv.index("--") + 1:]
    wait_for = os.environ.get("WAIT_FOR", "").encode()
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(program[0], program, os.environ)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    seen = b""
    probe_done_at = None
    samples_answered = 0
    asked_mode = False
    deadline = time.time() + 60
    quit_sent = False
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        # The probe: DECRQM for mode 2027 with a DSR after it, then a sample and a DSR each.
        if not asked_mode and b"\x1b[?2027$p\x1b[6n" in seen:
            asked_mode = True
            if kind == "graphemes":
                os.write(fd, b"\x1b[?2027;3$y\x1b[1;1R")
            elif kind == "dsr-only":
                os.write(fd, b"\x1b[1;1R")
        if asked_mode and kind != "silent" and probe_done_at is None:
            after_mode = seen.split(b"\x1b[?2027$p\x1b[6n", 1)[1]
            reports_asked = after_mode.count(b"\x1b[6n")
            while samples_answered < reports_asked:
                column = 1 + (widths[samples_answered] if samples_answered < len(widths) else 1)
                os.write(fd, b"\x1b[1;%dR" % column)
                samples_answered += 1
        if probe_done_at is None and asked_mode:
            marker = seen.find(b"\x1b[H\x1b[2K", seen.find(b"\x1b[?2027$p"))
            if marker >= 0:
                probe_done_at = marker + len(b"\x1b[H\x1b[2K")
        if probe_done_at is not None and not quit_sent and wait_for and wait_for in seen[probe_done_at:]:
            time.sleep(0.3)  # the rest of the frame's bytes
            quit_sent = True
            os.write(fd, b"q")
    try:
        os.kill(pid, 9) if not quit_sent else None
        os.waitpid(pid, 0)
    except OSError:
        pass
    after = seen[probe_done_at:] if probe_done_at is not None else b""
    print(json.dumps({"frame_seen": bool(wait_for) and wait_for in after,
                      "after_probe": after.decode("utf-8", "replace")}))

main()
