# Two commands for a fresh machine: `make serve` and `make test`. Both set everything up first.
# `make check` is the quick tier for every change (docs/testing.md).
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
STAMP = $(VENV)/.installed-stamp

.PHONY: setup serve play check test lint bench compile pure clean

# The rules' sources (and the server's patch diff, compiled too): the compiled build (below) is
# made again when one of them changes.
RULES := $(shell find src/ludi/engine src/ludi/bots src/ludi/games -name '*.py') src/ludi/server/patch.py
# when the rules were last compiled (or found not compilable here: tools/compile.py says why)
COMPILED = build/mypyc/compiled-stamp

$(STAMP): pyproject.toml Makefile package.json package-lock.json
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,postgres,research,peers,test,e2e,lab,cluster]'
	# the training extra, for the tests that compare a shipped policy with its trained network:
	# the CPU build of PyTorch first (2.13.0 is on these machines' disk; a bare `torch` would be
	# a CUDA build of several GB)
	$(BIN)/python -m pip install --quiet 'torch==2.13.0' && $(BIN)/python -m pip install --quiet -e '.[train]'
	sh scripts/install-browser.sh
	sh scripts/install-postgres.sh
	sh scripts/install-hosting.sh
	sh scripts/install-node.sh
	npm ci --no-audit --no-fund --loglevel=error
	touch $(STAMP)

# The rules compiled by mypyc beside their sources (docs/compiled.md), with a C compiler and
# Python's headers (installed if missing), made again when a rule's source changed; if the
# build fails the pure sources run, and the tool says why. A rule changed after the build runs
# pure until the next build (ludi/_purity.py), never the old compiled code.
$(COMPILED): $(STAMP) tools/compile.py $(RULES)
	sh scripts/install-compiler.sh $(BIN)/python
	nice -n 10 $(BIN)/python tools/compile.py
	mkdir -p $(dir $(COMPILED)) && touch $(COMPILED)

# Setup (and so test) compiles the rules by default, the whole suite then runs on the compiled
# build (docs/compiled.md); LUDI_COMPILE=0 keeps the pure sources (as a plain `pip install .`).
LUDI_COMPILE ?= 1
BUILD = $(if $(filter 1,$(LUDI_COMPILE)),$(COMPILED))

setup: $(STAMP) $(BUILD)

# compile again now; `make pure` removes the compiled modules (until the next setup)
compile: $(STAMP)
	nice -n 10 $(BIN)/python tools/compile.py
	mkdir -p $(dir $(COMPILED)) && touch $(COMPILED)

pure: $(STAMP)
	$(BIN)/python tools/compile.py --clean

# Game night: the server, with the lobby opened in the browser.
serve: $(STAMP)
	$(BIN)/ludi serve

# A game of Caesar! in the terminal against the strongest bot.
play: $(STAMP)
	$(BIN)/ludi play caesar --seats human,ismcts

# Python: ruff and strict mypy; the browser code: ESLint and Prettier (package.json).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	npm run --silent lint

# The whole suite: lint, strict types, the board kit's unit tests, and every test (both cores),
# on the compiled rules if they are built; then, if so, the conformance suite and the goldens
# again on the pure sources (LUDI_PURE=1) that a plain `pip install .` runs: both builds must
# play identically.
test: lint $(BUILD)
	npm run --silent test
	$(BIN)/pytest -n auto
	if [ -f src/ludi/_compiled.json ]; then LUDI_PURE=1 $(BIN)/pytest -n auto tests/conformance tests/golden; fi

# The quick tier, a few minutes on two cores and no compiled build needed: lint, strict types,
# the engine, every game's own tests, the goldens and the conformance suite with one match per
# configuration (tests marked `slow`, the rest of the suite, run in `make test`).
check: lint
	LUDI_CONFORMANCE_MATCHES=1 $(BIN)/pytest -n auto -m "not slow"

bench: $(STAMP)
	$(BIN)/ludi bench caesar

clean:
	-$(PYTHON) tools/compile.py --clean
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache node_modules build
