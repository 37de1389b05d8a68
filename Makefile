# The two commands a newcomer types: `make serve` and `make test`.
# Everything they need is installed by the targets below.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
LOCK   := requirements.lock
# How many processes `make test` runs the tests in (pytest-xdist): one a core of the
# two-core machines it is timed on. Each test file stays in one process, so a module's
# shared page is loaded once.
TEST_WORKERS ?= 2
# The tool that writes $(LOCK); it runs in a throwaway virtual environment.
UV_VERSION := 0.13.9

.PHONY: serve test site setup browser lint bench lock clean

# Python tools (pytest, hypothesis, pytest-playwright, ruff, python-chess) in a local
# virtual environment: exactly the versions and files pinned, with their hashes, in
# $(LOCK); made anew whenever the lock changes. The engine and the page's modules are
# put on its path (a .pth file), not built and installed.
$(VENV)/.installed: $(LOCK)
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --require-hashes -r $(LOCK)
	$(PY) -c 'import pathlib, sysconfig; pathlib.Path(sysconfig.get_paths()["purelib"], "tablut-source.pth").write_text("$(CURDIR)\n")'
	touch $@

setup: $(VENV)/.installed

# The browser runtime (Pyodide, PyScript) pinned in package-lock.json; `npm ci` again
# whenever the lock file changes.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The static site in _site/: the page, the engine, the UI and the runtime; no CDN.
site: setup node_modules/.package-lock.json
	$(PY) tools/build_site.py

# Play at http://127.0.0.1:$(PORT)/ (PORT=8001 make serve for another port).
serve: site
	@echo "Serving _site/ at http://127.0.0.1:$(PORT)/"
	$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1 --directory _site

# Chromium for the end-to-end tests. Playwright cannot download its own browser here, so
# as root on Debian we install Debian's: only what the browser needs (none of the
# recommended extras: printing, desktop notifications, Perl...), and fonts-dejavu-core
# for the page's text. Elsewhere run `.venv/bin/playwright install chromium` once; the
# tests use /usr/bin/chromium when it exists, or the browser TABLUT_CHROMIUM names
# (tests/e2e/harness.py).
browser:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			--no-install-recommends chromium fonts-dejavu-core; \
	fi

lint: setup
	$(PY) -m ruff check .

# Every test, the end-to-end ones (tests/e2e/) against the freshly built site included;
# the slow ones (the reference move generator's count to depth 4, minutes) are for
# `make bench`. The tests run in $(TEST_WORKERS) processes, but those marked `alone`
# (what the page does in real time, which a test alongside would slow), by themselves after.
test: setup browser site
	$(PY) -m ruff check .
	$(PY) -m pytest -m "not slow and not alone" -n $(TEST_WORKERS) --dist loadfile
	$(PY) -m pytest -m "alone and not slow"

# Speed figures, each against a baseline measured in the same run: perft against the
# reference generator and python-chess; the search against the engine of a pinned commit
# (time to a fixed depth, positions per second); 9x9 perft and search against the engine
# from before the board's shape became data; the engine in Pyodide against CPython.
bench: setup node_modules/.package-lock.json
	$(PY) -m pytest -m slow
	$(PY) tools/bench.py
	$(PY) -m tablut perft 4
	$(PY) -m tablut perft 4 --rules ashton
	$(PY) tools/bench_search.py --nodes 20000
	$(PY) tools/bench_nine.py
	$(PY) tools/pyodide_engine.py

# Pin the Python tools again after changing pyproject.toml's optional dependencies (or
# to take newer releases): every platform and Python 3.11+, with hashes.
lock:
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(PYTHON) -m venv "$$tmp" && \
	"$$tmp/bin/pip" install --quiet --disable-pip-version-check uv==$(UV_VERSION) && \
	"$$tmp/bin/uv" pip compile pyproject.toml --extra test --extra bench --extra site --universal \
		--python-version 3.11 --generate-hashes --custom-compile-command "make lock" \
		--output-file $(LOCK)

clean:
	rm -rf $(VENV) _site node_modules
