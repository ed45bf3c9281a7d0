#!/usr/bin/env bash
# `make fuzz`: builds the fuzz targets (Sources/Fuzzing) with libFuzzer and AddressSanitizer into
# .build/fuzz, runs each for FUZZ_SECONDS (60) from its seeds in Fuzz/corpus/TARGET, and fails on
# a crash, an AddressSanitizer error, an input over 10 s (libFuzzer's -timeout) or over 2 GB.
# A failing input is kept in .build/fuzz/findings/, minimized beside it (TARGET-minimized-*), to
# become a regression test. Then Fuzz/outside.py gives the seeds and mutations of them to the
# debug binary, as a user's bad files meet it. FUZZ_TARGETS names fewer targets.
set -u -o pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SECONDS_EACH=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-catalog storekit theme scenario redirect api}
BUILD=.build/fuzz
FUZZER=$BUILD/debug/storefront-fuzz
FINDINGS=$BUILD/findings

# A debug build: it takes a minute and a half from cold where the optimized one takes ten, on
# two cores shared with others. SwiftPM hands each sanitizer to the compiler as a flag of its
# own, in no fixed order, and the compiler keeps only the last: `-sanitize=fuzzer,address` in
# one flag, after them, keeps both, so libFuzzer's coverage counters are always there (each run
# checks). The gold linker warns once per ASan helper it cannot export; no concern of ours.
mkdir -p "$BUILD"
echo "make fuzz: building the fuzz targets (libFuzzer, AddressSanitizer) into $BUILD"
if ! $SWIFT build --product storefront-fuzz --sanitize=fuzzer --sanitize=address \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --build-path "$BUILD" > "$BUILD/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$BUILD/build.log"
    exit 1
fi

mkdir -p "$FINDINGS"
failed=""
for target in $TARGETS; do
    corpus=$BUILD/corpus/$target
    mkdir -p "$corpus"
    log=$BUILD/$target.log
    # Leaks are not findings (LeakSanitizer is off): a parser's input is read once by a command
    # that then ends (the API target's ledger lives until the process does; ASAN_OPTIONS keeps
    # LeakSanitizer from checking at exit too). Every other AddressSanitizer error fails the run.
    FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$FUZZER" "$corpus" "Fuzz/corpus/$target" \
        -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix="$FINDINGS/$target-" > "$log" 2>&1
    status=$?
    if ! grep -q "inline 8-bit counters" "$log"; then
        echo "fuzz $target: $FUZZER has no coverage counters, so libFuzzer cannot see what an input reached"
        failed="$failed $target"
        continue
    fi
    summary=$(grep -E "^#[0-9]+[[:space:]]+DONE" "$log" | tail -1)
    echo "fuzz $target: ${summary:-no final line (see $log)}"
    if [ $status -ne 0 ]; then
        failed="$failed $target"
        grep -E "ERROR: libFuzzer|ERROR: AddressSanitizer|Fatal error|Test unit written" "$log" | head -5
        for found in "$FINDINGS/$target"-crash-* "$FINDINGS/$target"-timeout-* "$FINDINGS/$target"-oom-*; do
            [ -f "$found" ] || continue
            case $found in *minimized*) continue ;; esac
            minimized=$FINDINGS/$target-minimized-$(basename "$found" | sed "s/^$target-//")
            FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$FUZZER" -minimize_crash=1 -max_total_time=60 \
                -timeout=10 -detect_leaks=0 -exact_artifact_path="$minimized" "$found" > "$log.minimize" 2>&1
            [ -f "$minimized" ] && echo "  minimized: $minimized ($(wc -c < "$minimized") bytes)"
        done
    fi
done

echo "make fuzz: the outside check (Fuzz/outside.py) on .build/debug/storefront"
$SWIFT build --product storefront > "$BUILD/build-storefront.log" 2>&1 || { cat "$BUILD/build-storefront.log"; exit 1; }
python3 Fuzz/outside.py .build/debug/storefront "${OUTSIDE_INPUTS:-6}" || failed="$failed outside"

if [ -n "$failed" ]; then
    echo "make fuzz: failed:$failed (inputs in $FINDINGS and $BUILD/outside)"
    exit 1
fi
echo "make fuzz: every target ran ${SECONDS_EACH}s without a crash or a hang; the outside check passed"
