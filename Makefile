# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench clean native chromium

$(BIN)/python:
	@echo "make: creating $(VENV) ($(PYTHON) -m venv)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	@echo "make: installing mjsim and its dependencies into $(VENV) (pip; a minute or two the first time)"
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-native: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[native]'
	touch $@ $(VENV)/.installed

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev,native]'
	touch $@ $(VENV)/.installed $(VENV)/.installed-native

# The compiled scoring path (mjsim/native.py), rebuilt when a compiled source changed.  Without a C
# compiler the build fails, says why, and mjsim runs as Python: hence the leading '-'.
native: $(VENV)/.installed-native
	@echo "make: compiling the hot modules with mypyc into $(VENV)/mjsim-native (about 4.5 minutes of CPU when stale)"
	-$(BIN)/python -m mjsim.native_build --if-stale

# `make run` answers first: it plays the flagship experiment on pure Python and builds nothing. The compiled build
# costs about 4.5 minutes of CPU, more than all of this experiment's games take as Python (600 human games, 2.4
# CPU-minutes measured on 2026-12-07), so here pure Python wins; `make native` (or `make test`, `make bench`) builds
# it, and a current build is used when there is one. --until-ci: more games until the first dealer's points under
# Tenhou's rules are known to +-2,000 (experiments/quickstart.toml says why).
run: $(VENV)/.installed
	@echo "make: playing experiments/quickstart.toml (progress every 10 s; the answer, then where the files are)"
	$(BIN)/mjsim run experiments/quickstart.toml --resume --until-ci 2000

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
