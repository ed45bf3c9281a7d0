# storefront: `make run` opens the app, `make test` runs every test. Both install the
# system packages they need first (Debian), so a fresh machine needs only Swift.

SWIFT ?= swift
DEB_PACKAGES := libncursesw5-dev libsqlite3-dev libssl-dev libutf8proc-dev libfribidi-dev libmicrohttpd-dev libcurl4-openssl-dev openssl pkg-config tmux python3
CATALOG ?= catalog.json

# rsvg-convert and ffmpeg turn an animated recording into a GIF (`--record demo.gif`); ffmpeg
# also reads the pictures' pixels, and the Noto fonts draw the CJK and Arabic pictures the
# browser tests compare (without them, both renderers draw boxes, each its own).
BROWSER_PACKAGES := chromium librsvg2-bin ffmpeg fonts-noto-cjk fonts-noto-core
# `storefront export --formats png` draws each SVG with rsvg-convert; the tests export PNGs for real.
PNG_PACKAGES := librsvg2-bin
# `--record demo.gif|demo.mp4` joins rsvg-convert's pictures with ffmpeg; the tests record both.
VIDEO_PACKAGES := ffmpeg

# pyte (PyPI), the terminal emulator the recording tests replay casts in, asciinema, whose
# own reader must take every cast, cryptography, with which a test verifies Google Play's
# SHA1withRSA signatures as an Android app would, Apple's app-store-server-library, which
# verifies the App Store's signed data and calls its server API as a backend does, and Google's
# google-api-python-client and google-auth, which call the Google Play Developer API with a
# service account as a backend does, in a virtualenv of their own under
# .build: nothing is installed into the system's Python.
PYTE_PACKAGES := python3 python3-venv
PYTE_VENV := .build/pyte-venv

.PHONY: run test test-browser bench fuzz crash-test property-test build deps deps-png deps-video pyte themes clean

# Installs what is missing of PACKAGES (Debian), or says how when not root.
define install_missing
	@missing=""; \
	for package in $(1); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    echo "Installing system packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq$$missing || exit 1; \
	  else \
	    echo "Missing system packages:$$missing"; \
	    echo "Install them with:  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi
endef

deps:
	$(call install_missing,$(DEB_PACKAGES))
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "swift is not on PATH; install Swift 6 (swift.org) first."; exit 1; }

deps-png:
	$(call install_missing,$(PNG_PACKAGES))

deps-video: deps-png
	$(call install_missing,$(VIDEO_PACKAGES))

# On Linux the release binary carries the Swift runtime and Foundation in itself: a launch then
# skips the dynamic loader's relocation of a dozen shared libraries, which cut the first frame
# by about a sixth and its peak memory by 6.5 MB (docs/performance.md). It is linked with the
# toolchain's lld, which (unlike the system's default linker) does not repeat glibc's link-time
# warning about a mktemp inside the static Foundation. macOS ships the runtime in the system,
# where neither flag applies.
RELEASE_FLAGS ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib -Xswiftc -use-ld=lld)

build: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS)

# ARGS go to the app after the catalog: `make run ARGS="--state-dir /tmp/x"` starts on a state
# directory of its own instead of the user's (~/.local/state/storefront).
ARGS ?=

run: build
	./.build/release/storefront --catalog $(CATALOG) $(ARGS)

# The built-in themes are Themes/*.json carried in the binary: after editing a theme file, this
# writes its copy (Sources/TerminalUI/Theme/BuiltInThemeFiles.swift); a test fails until it is run.
themes:
	./scripts/generate-builtin-themes

# The debug builds the tests run on carry no debug information: it was a fifth of a cold build's
# time (docs/performance.md, "make test on two cores"). `swift build` and `swift test` alone
# build with it, for a debugger, into the same .build/debug; going from one to the other
# rebuilds everything once.
TEST_BUILD_FLAGS ?= -debug-info-format none

# The Swift tests (pure, frames, the loop, end to end in tmux, 20 trials of the crash matrix,
# 1,000 cases of each property test), the QA scenarios in Tests/Scenarios on the built binary,
# with a JUnit report for CI, and the shipped demos in Demos/ as scenarios (their expect lines
# keep them true). scripts/test-layers runs them in two lanes side by side, the end-to-end tests
# in one, the rest in the other; every layer runs whatever another did, and the summary names
# each that failed before make exits non-zero.
test: deps deps-png deps-video pyte
	$(SWIFT) build --build-tests $(TEST_BUILD_FLAGS)
	SWIFT="$(SWIFT)" SWIFT_BUILD_FLAGS="$(TEST_BUILD_FLAGS)" CRASH_TRIALS=20 PROPERTY_CASES=1000 ./scripts/test-layers

# The pages an export writes, opened in headless Chromium (Debian's `chromium`, installed
# here when missing): the contact sheet's filters, the diff page, an animated recording, and
# each picture format of three scripts drawn by rsvg-convert and Chromium, compared.
test-browser: deps
	$(call install_missing,$(BROWSER_PACKAGES))
	$(SWIFT) build --build-tests $(TEST_BUILD_FLAGS)
	$(SWIFT) test --skip-build $(TEST_BUILD_FLAGS) --filter BrowserTests

pyte: $(PYTE_VENV)/installed-pyte-asciinema-cryptography-app-store-server-library-google-api-python-client

# The marker is made last, so a pip that failed halfway is tried again on the next run; it names
# every package, so a virtualenv made before one was added is made again with it.
$(PYTE_VENV)/installed-pyte-asciinema-cryptography-app-store-server-library-google-api-python-client:
	$(call install_missing,$(PYTE_PACKAGES))
	rm -rf $(PYTE_VENV)
	python3 -m venv $(PYTE_VENV)
	$(PYTE_VENV)/bin/pip install --quiet --disable-pip-version-check pyte asciinema cryptography app-store-server-library \
	  google-api-python-client google-auth
	touch $@

# The first frame and the bytes on the wire are measured through a pty read by pyte, against
# Bench/floor/first-frame.c, a bare ncurses program drawing the same screen (compiled here).
# The floor of the first frame is a C program; the C compiler is the system's, else the Swift toolchain's clang.
# So is the API's: Bench/floor/api-responder.c, a bare libmicrohttpd server answering a fixed body;
# and the notifications' receiver, Bench/floor/notification-receiver.c, answering 204 (or hanging;
# Xsolla's webhooks checked with libcrypto's SHA-1).
bench: build pyte .build/first-frame-floor .build/api-responder-floor .build/notification-receiver
	STOREFRONT_COMMIT=$$(git rev-parse --short HEAD 2>/dev/null || echo unknown) \
	  ./.build/release/storefront bench --catalog $(CATALOG)

.build/first-frame-floor: Bench/floor/first-frame.c
	@mkdir -p .build
	$$(command -v cc || command -v clang) -O2 -o $@ $< $$(pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw)

.build/api-responder-floor: Bench/floor/api-responder.c
	@mkdir -p .build
	$$(command -v cc || command -v clang) -O2 -o $@ $< $$(pkg-config --cflags --libs libmicrohttpd)

.build/notification-receiver: Bench/floor/notification-receiver.c
	@mkdir -p .build
	$$(command -v cc || command -v clang) -O2 -o $@ $< $$(pkg-config --cflags --libs libmicrohttpd libcrypto)

# libFuzzer on the parsers (catalog, .storekit, theme, scenario, redirect URL), each for
# FUZZ_SECONDS (60) from the seeds in Fuzz/corpus, then the outside check of the binary's exit
# codes, JSON and places (Fuzz/run.sh; docs/reliability.md, "Fuzzing"). Fails on any finding.
fuzz: deps
	./Fuzz/run.sh

# The crash matrix (docs/reliability.md, "Crash matrix"): CRASH_TRIALS purchases (200) on the
# built binary, headless, each killed with SIGKILL at a named step or a random commit, relaunched
# and checked; the kill points follow from CRASH_SEED (printed; a new one each run unless given).
CRASH_TRIALS ?= 200
CRASH_SEED ?= $(shell date +%s)
crash-test: deps
	$(SWIFT) build --build-tests $(TEST_BUILD_FLAGS)
	CRASH_TRIALS=$(CRASH_TRIALS) CRASH_SEED=$(CRASH_SEED) $(SWIFT) test --skip-build $(TEST_BUILD_FLAGS) --filter CrashMatrixTests

# The property and mutation tests at their full size: 10,000 random purchase sequences on real
# ledgers, 10,000 mutated catalog.json files and 10,000 mutated .storekit files (PROPERTY_CASES
# each; `make test` runs the first 1,000 of each, which keeps it inside ten minutes on two cores).
PROPERTY_CASES ?= 10000
property-test: deps
	$(SWIFT) build --build-tests $(TEST_BUILD_FLAGS)
	PROPERTY_CASES=$(PROPERTY_CASES) $(SWIFT) test --skip-build $(TEST_BUILD_FLAGS) \
	  --filter "LifecyclePropertyTests|CatalogMutationTests|StoreKitMutationTests"

clean:
	rm -rf .build
