# The two commands a newcomer types: `make serve` and `make test`.
# Everything they need is installed by the targets below.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000

.PHONY: serve test site setup browser lint bench clean

# Python tools (pytest, hypothesis, playwright, ruff) in a local virtual environment.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

setup: $(VENV)/.installed

# The browser runtime (Pyodide, PyScript) pinned in package-lock.json; `npm ci` again
# whenever the lock file changes.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The static site in _site/: the page, the engine, the UI and the runtime; no CDN.
site: node_modules/.package-lock.json
	$(PYTHON) tools/build_site.py

# Play at http://127.0.0.1:$(PORT)/ (PORT=8001 make serve for another port).
serve: site
	@echo "Serving _site/ at http://127.0.0.1:$(PORT)/"
	$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1 --directory _site

# Chromium for the end-to-end tests. Playwright cannot download its own browser here, so
# as root on Debian we install Debian's; elsewhere run `.venv/bin/playwright install
# chromium` once (tests/e2e/conftest.py uses /usr/bin/chromium when it exists).
browser:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	fi

lint: setup
	$(PY) -m ruff check .

# Every test, the end-to-end ones (tests/e2e/) against the freshly built site included.
test: setup browser site
	$(PY) -m ruff check .
	$(PY) -m pytest

# Speed figures: perft against the reference generator and python-chess, in one run.
bench: setup
	$(PY) -m pip install --quiet chess
	$(PY) tools/bench.py
	$(PY) -m tablut perft 4

clean:
	rm -rf $(VENV) _site node_modules
