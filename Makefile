# The two commands a newcomer types: `make serve` and `make test`.
# Everything they need is installed by the targets below.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000

.PHONY: serve test site setup lint bench clean

# Python tools (pytest, hypothesis, playwright, ruff) in a local virtual environment.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

setup: $(VENV)/.installed

lint: setup
	$(PY) -m ruff check .

test: setup
	$(PY) -m ruff check .
	$(PY) -m pytest

bench: setup
	$(PY) -m tablut perft 4
	$(PY) -m tablut bench

clean:
	rm -rf $(VENV) _site node_modules
