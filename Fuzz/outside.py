#!/usr/bin/env python3
"""Fuzzing from outside, as a user's bad file meets the real binary: each seed of Fuzz/corpus and
mutations of it (deep nesting, huge numbers, long lines, runs of escapes, repeated slices, flipped
bytes, cut ends), given to `storefront lint --json` (catalogs, .storekit files, themes) and to
`storefront scenario` (scripts, read whole and then stopped at their first step; and
variants of the seeds that still read, with odd words or lines repeated, played for real), and
each redirect seed and mutations of it to `storefront open-url`. Each run must end within 10 s
with a sysexits code (0, or 64 to 78; a scenario also 1, a failed expectation), lint's standard
output must be one JSON document, every finding in it must have a line, a column and a JSON
path, and nothing printed, on standard output or standard error, may hold a hidden character
raw (a bidi control or mark, a zero-width or other format character, a line or paragraph
separator): the binary spells each out as \u202E.

  Fuzz/outside.py BINARY [INPUTS_PER_SEED]

Mutations are seeded (OUTSIDE_SEED, default 1), so a failure is found again by running again;
each failing input is kept in .build/fuzz/outside/ and named. Exit 1 when any run failed."""
import json
import os
import random
import struct
import subprocess
import sys
import tempfile
import unicodedata

HANG_SECONDS = 10
SYSEXITS = {0} | set(range(64, 79))
# Our own recipe format (Sources/Fuzzing/Amplifier.swift), twice as big, since the binary has no
# sanitizers: 128 KiB of errors (one every six bytes) is linted in two or three seconds by the
# debug build on a loaded machine; a quadratic loop over it would take minutes. Insertions stay
# about as big.
MAXIMUM_BYTES = 1 << 17
# What reorders or hides text on a terminal: the bidi embeddings, overrides, isolates and marks,
# and invisible format characters; a mutation puts them into inputs.
HIDDEN = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069',
          '\u200e', '\u200f', '\u061c', '\u200b', '\u2060', '\ufeff', '\u00ad', '\u2028', '\u2029', '\U000e0041']


def expand(data):
    if len(data) < 7 or data[0] != 1:
        return data
    count, head, length = struct.unpack('<HHH', data[1:7])
    text = data[7:]
    if length == 0 or head + length > len(text):
        return data
    repeats = max(1, min(count, (MAXIMUM_BYTES - len(text)) // length))
    return text[:head] + text[head:head + length] * repeats + text[head + length:]


def repeated(piece):
    return piece * max(1, MAXIMUM_BYTES // max(1, len(piece)))


def mutations(data, rng, count):
    """`count` variants of `data`, each one mutation: the kinds fuzzing from outside found hangs with."""
    makers = [
        lambda d, at: d[:at] + b'[' * 100_000 + d[at:],
        lambda d, at: d[:at] + b'{"a":' * 20_000 + d[at:],
        lambda d, at: d[:at] + b'9' * 120_000 + d[at:],
        lambda d, at: d[:at] + b'1e99999999999' + d[at:],
        lambda d, at: d[:at] + b'"' + b'\\u0000\\ud800' * 8_000 + b'"' + d[at:],
        lambda d, at: d[:at] + b'x' * 120_000 + d[at:],
        lambda d, at: d[:at] + repeated(d[at:at + rng.randint(1, 64)]) + d[at:],
        lambda d, at: d[:at],
        lambda d, at: bytes(b ^ (1 << rng.randint(0, 7)) if rng.random() < 0.01 else b for b in d),
        lambda d, at: d[:at] + bytes(rng.randint(0, 255) for _ in range(rng.randint(1, 16))) + d[at:],
        lambda d, at: d[:at] + b'\n' * 100_000 + d[at:],
        lambda d, at: d[:at] + b'\\' * 120_000 + d[at:],
        lambda d, at: d[:at] + ''.join(rng.choice(HIDDEN) for _ in range(rng.randint(1, 4))).encode() + d[at:],
    ]
    for _ in range(count):
        yield rng.choice(makers)(data, rng.randint(0, len(data)))


def hidden_characters(output):
    """The hidden characters `output` (bytes) holds raw, as U+XXXX, or None when there are none:
    format characters (Unicode's Cf) but the joiners and the signs of Arabic numbers, which draw
    or only shape, and the line and paragraph separators (as ControlCharacters.isHidden)."""
    found = []
    for character in output.decode('utf-8', errors='replace'):
        point = ord(character)
        if point in (0x200C, 0x200D) or 0x0600 <= point <= 0x0605 or point in (0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD):
            continue
        if unicodedata.category(character) == 'Cf' or point in (0x2028, 0x2029):
            found.append(f'U+{point:04X}')
    return ', '.join(sorted(set(found))) if found else None


def printed_raw(run):
    """What is wrong with a run's output as text on a terminal, or None."""
    for name, output in (('standard output', run.stdout), ('standard error', run.stderr)):
        hidden = hidden_characters(output)
        if hidden:
            return f'{name} holds {hidden} raw'
    return None


def check_lint(binary, path):
    """What is wrong with `lint --json` on the file, or None."""
    try:
        run = subprocess.run([binary, 'lint', path, '--json'], capture_output=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return f'lint ran over {HANG_SECONDS} s'
    if run.returncode not in SYSEXITS:
        return f'lint exited {run.returncode}, not a sysexits code: {run.stderr.decode(errors="replace")[-300:]}'
    raw = printed_raw(run)
    if raw:
        return f'lint: {raw}'
    try:
        report = json.loads(run.stdout)
    except ValueError as error:
        return f'lint --json printed what is not JSON ({error})'
    for finding in report.get('findings', []):
        if finding.get('line') is None or finding.get('column') is None or not str(finding.get('path', '')).startswith('$'):
            return f'a finding without its place: {finding}'
    return None


def play_scenario(binary, path, state):
    """A script played on the shipped catalog: an ending by a sysexits code (or 1), in time."""
    try:
        run = subprocess.run([binary, 'scenario', path, '--quiet', '--state-dir', state],
                             capture_output=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return f'a played scenario ran over {HANG_SECONDS} s'
    if run.returncode not in SYSEXITS | {1}:
        return f'a played scenario exited {run.returncode}: {run.stderr.decode(errors="replace")[-300:]}'
    raw = printed_raw(run)
    return f'a played scenario: {raw}' if raw else None


def check_scenario(binary, path, scratch):
    """The whole script is read before anything runs; a catalog that is not there then stops the
    run at its first step, so what is timed is the reading, not a long script's playing."""
    missing = os.path.join(scratch, 'no-such-catalog.json')
    try:
        run = subprocess.run([binary, 'scenario', path, '--quiet', '--catalog', missing,
                              '--state-dir', os.path.join(scratch, 'state')], capture_output=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return f'scenario ran over {HANG_SECONDS} s'
    if run.returncode not in SYSEXITS | {1}:
        return f'scenario exited {run.returncode}: {run.stderr.decode(errors="replace")[-300:]}'
    if run.returncode == 64 and b':' not in run.stdout + run.stderr:
        return 'a script error without its line'
    raw = printed_raw(run)
    return f'scenario: {raw}' if raw else None


def check_open_url(binary, data, state):
    """A redirect or deep link from outside, handed to `open-url` (kept for the next launch, as
    no app runs): refused or kept by a sysexits code, in time, its words escaped."""
    # An argument holds no NUL, and Linux takes at most 128 KiB in one (MAX_ARG_STRLEN).
    url = data.replace(b'\x00', b'')[:130_000].decode('utf-8', errors='replace')
    try:
        run = subprocess.run([binary, 'open-url', url, '--state-dir', state], capture_output=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        return f'open-url ran over {HANG_SECONDS} s'
    if run.returncode not in SYSEXITS:
        return f'open-url exited {run.returncode}: {run.stderr.decode(errors="replace")[-300:]}'
    raw = printed_raw(run)
    return f'open-url: {raw}' if raw else None


ODD_WORDS = ['0', '1', '-1', '99999999999999999999', '1e308', '0.0000001', '9999999w', '0ms', '1000x1000', '1x1',
             '0x0', '""', '"\\"', 'last', 'txn-000001', '%', '\u0000', 'é', 'on', 'off']


def played_variants(data, rng, count):
    """Scripts that still read but say odd things: a word made huge, zero, negative or strange, a
    line repeated or dropped. They are played for real, so what the runner does is checked too."""
    lines = data.decode(errors='replace').split('\n')
    for _ in range(count):
        changed = list(lines)
        at = rng.randrange(len(changed))
        words = changed[at].split(' ')
        choice = rng.random()
        if choice < 0.6 and len(words) > 1:
            words[rng.randrange(1, len(words))] = rng.choice(ODD_WORDS)
            changed[at] = ' '.join(words)
        elif choice < 0.8:
            changed[at:at] = [changed[at]] * rng.randint(1, 20)
        else:
            del changed[at]
        yield '\n'.join(changed).encode()


def keep_failure(path, data, problem):
    """Keeps the input that failed, for a regression test, and says why."""
    with open(path, 'wb') as file:
        file.write(data)
    print(f'{path}: {problem}')


def main():
    binary = sys.argv[1]
    per_seed = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    rng = random.Random(int(os.environ.get('OUTSIDE_SEED', '1')))
    kept = os.path.join('.build', 'fuzz', 'outside')
    played = os.path.join('.build', 'outside-play')
    os.makedirs(kept, exist_ok=True)
    os.makedirs(played, exist_ok=True)
    failures = 0
    runs = 0
    # The suffix picks the format for lint, as for a user: .storekit, or JSON (a theme by its shape).
    kinds = [('catalog', '.json'), ('storekit', '.storekit'), ('theme', '.json'), ('scenario', '.scenario'),
             ('redirect', '.txt')]
    with tempfile.TemporaryDirectory() as scratch:
        for kind, suffix in kinds:
            folder = os.path.join('Fuzz', 'corpus', kind)
            for name in sorted(os.listdir(folder)):
                seed = expand(open(os.path.join(folder, name), 'rb').read())
                inputs = [seed] + list(mutations(seed, rng, per_seed))
                if kind == 'scenario' and not name.startswith('x-'):
                    for number, data in enumerate(played_variants(seed, rng, per_seed)):
                        # Two folders below the root, as in Tests/Scenarios: `catalog ../../catalog.json` is the shipped one.
                        path = os.path.join(played, 'input.scenario')
                        with open(path, 'wb') as file:
                            file.write(data)
                        problem = play_scenario(binary, path, os.path.join(scratch, f'played-{runs}'))
                        runs += 1
                        if problem:
                            failures += 1
                            keep_failure(os.path.join(kept, f'played-{name}-{number}.scenario'), data, problem)
                for number, data in enumerate(inputs):
                    path = os.path.join(scratch, f'input{suffix}')
                    with open(path, 'wb') as file:
                        file.write(data)
                    if kind == 'redirect':
                        problem = check_open_url(binary, data, os.path.join(scratch, 'redirect-state'))
                    elif kind == 'scenario':
                        problem = check_scenario(binary, path, scratch)
                    else:
                        problem = check_lint(binary, path)
                    runs += 1
                    if problem:
                        failures += 1
                        keep_failure(os.path.join(kept, f'{kind}-{name}-{number}{suffix}'), data, problem)
    print(f'outside: {runs} runs of {binary}, {failures} failed')
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
