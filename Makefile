# The two commands of the README: `make run` plays, `make test` checks everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test system-packages bench bench-check golden clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# What the server needs, and what the whole test suite needs (dev tools, the RL, training,
# distributed and lab extras). torch first, pinned to its CPU build: the training example's test needs it,
# and an unpinned torch would fetch a CUDA build of several GB.
$(VENV)/.run-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet 'torch==2.13.0'
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,train,distributed,server,lab]'
	touch $@ $(VENV)/.run-installed

run: $(VENV)/.run-installed
	$(BIN)/headframe serve

# The linter and the type checker first (settings in pyproject.toml), then the suite on two
# workers: it plays thousands of whole games, and CI's machine has two cores.
# The 30 slowest tests are listed at the end, to keep the suite inside its 15 minutes.
test: $(VENV)/.test-installed system-packages
	$(BIN)/ruff check src tests bench examples
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 --durations=30

# Debian packages the suite drives: Chromium for the browser tests (never a browser of
# Playwright's own), PostgreSQL for the server's database test, and nginx, which the tests
# start in front of `headframe serve --workers` with a configuration of their own (Debian's
# nginx service is not needed). Installed with apt when missing, as root or through sudo.
system-packages:
	@missing=; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing="$$missing postgresql"; \
	[ -x /usr/sbin/nginx ] || missing="$$missing nginx"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=; \
	  elif command -v sudo >/dev/null; then sudo=sudo; \
	  else echo "the tests need Debian's$$missing: apt-get install$$missing (as root)" >&2; exit 1; fi; \
	  $$sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q $$missing; \
	  case "$$missing" in *nginx*) $$sudo systemctl disable --now nginx >/dev/null 2>&1 || true;; esac; \
	fi

bench: $(VENV)/.test-installed
	$(BIN)/python -m bench

# The engine benchmark against the last run kept in bench/results: fails on a >10% slowdown.
bench-check: $(VENV)/.test-installed
	$(BIN)/python -m bench --check

golden: $(VENV)/.test-installed
	$(BIN)/python -m tests.golden.regenerate

clean:
	rm -rf $(VENV) build src/*.egg-info
