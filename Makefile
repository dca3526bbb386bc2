# The two commands of the README: `make run` plays, `make test` checks everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test chromium bench golden clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# What the server needs, and what the whole test suite needs (dev tools, the RL and distributed extras).
$(VENV)/.run-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,distributed,server]'
	touch $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(BIN)/headframe serve

# Two workers: the suite plays thousands of whole games, and CI's machine has two cores.
test: $(VENV)/.test-installed chromium
	$(BIN)/python -m pytest -n 2

# The browser tests drive Debian's Chromium: installed with apt when missing
# (as root, or through sudo), never a browser of Playwright's own.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=; \
	  elif command -v sudo >/dev/null; then sudo=sudo; \
	  else echo "the browser tests need /usr/bin/chromium: apt-get install chromium (as root)" >&2; exit 1; fi; \
	  $$sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q chromium; \
	fi

bench: $(VENV)/.test-installed
	$(BIN)/python -m bench

golden: $(VENV)/.test-installed
	$(BIN)/python -m tests.golden.regenerate

clean:
	rm -rf $(VENV) build src/*.egg-info
