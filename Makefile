# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench clean native chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[native]'
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev,native]'
	touch $@ $(VENV)/.installed

# The compiled scoring path (mjsim/native.py), rebuilt when a compiled source changed.  Without a C
# compiler the build fails, says why, and mjsim runs as Python: hence the leading '-'.
native: $(VENV)/.installed
	-$(BIN)/python -m mjsim.native_build --if-stale

run: native
	$(BIN)/mjsim run experiments/quickstart.toml --resume

# The browser tests (tests/browser) drive Debian's chromium through Playwright; install it when missing. Where it
# cannot be installed (no apt-get, no root) the tests skip and say why.
chromium:
	@[ -x /usr/bin/chromium ] || (apt-get update -qq && apt-get install -y chromium) || \
		(sudo -n apt-get update -qq && sudo -n apt-get install -y chromium) || \
		echo "make: could not install chromium; the browser tests will skip"

test: $(VENV)/.installed-dev native chromium
	$(BIN)/ruff check mjsim variants tests benchmarks
	HYPOTHESIS_PROFILE=$${HYPOTHESIS_PROFILE:-ci} $(BIN)/pytest

bench: $(VENV)/.installed-dev native
	$(BIN)/mjsim bench hand

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
