# storefront: `make run` opens the app, `make test` runs every test. Both install the
# system packages they need first (Debian), so a fresh machine needs only Swift.

SWIFT ?= swift
DEB_PACKAGES := libncursesw5-dev libsqlite3-dev libssl-dev libutf8proc-dev libfribidi-dev openssl pkg-config tmux
CATALOG ?= catalog.json

# rsvg-convert and ffmpeg turn an animated recording into a GIF (scripts/animated-svg-to-gif).
BROWSER_PACKAGES := chromium librsvg2-bin ffmpeg

.PHONY: run test test-browser bench build deps clean

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

build: deps
	$(SWIFT) build -c release

run: build
	./.build/release/storefront --catalog $(CATALOG)

# The Swift tests (pure, frames, the loop, end to end in tmux), then the QA scenarios in
# Tests/Scenarios on the built binary, with a JUnit report for CI. Every layer runs whatever
# the one before it did, and the summary names each that failed before make exits non-zero.
test: deps
	$(SWIFT) build
	@failed=""; \
	$(SWIFT) test --skip BrowserTests || failed="$$failed swift-test"; \
	./.build/debug/storefront scenario Tests/Scenarios --quiet --jobs 2 --junit .build/scenarios.xml || failed="$$failed scenarios"; \
	if [ -n "$$failed" ]; then echo "make test: failed:$$failed"; exit 1; fi; \
	echo "make test: every layer passed"

# The pages an export writes, opened in headless Chromium (Debian's `chromium`, installed
# here when missing): the contact sheet's filters, the diff page, an animated recording.
test-browser: deps
	$(call install_missing,$(BROWSER_PACKAGES))
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter BrowserTests

bench: build
	STOREFRONT_COMMIT=$$(git rev-parse --short HEAD 2>/dev/null || echo unknown) \
	  ./.build/release/storefront bench --catalog $(CATALOG)

clean:
	rm -rf .build
