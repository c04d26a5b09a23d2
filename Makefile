# Two commands for a fresh machine: `make play` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
STAMP = $(VENV)/.installed-stamp

.PHONY: setup serve play test lint bench compile pure clean

$(STAMP): pyproject.toml Makefile package.json package-lock.json
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,postgres,research,test,e2e,lab,cluster]'
	sh scripts/install-browser.sh
	sh scripts/install-postgres.sh
	sh scripts/install-node.sh
	npm ci --no-audit --no-fund --loglevel=error
	touch $(STAMP)

setup: $(STAMP)

# The rules compiled by mypyc beside their sources (docs/compiled.md); without a C compiler, or
# if the build fails, the pure sources run (the tool says why). `make pure` removes them.
compile: $(STAMP)
	nice -n 10 $(BIN)/python tools/compile.py

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

# The whole suite: lint, strict types, the board kit's unit tests, and every test (both cores).
test: lint
	npm run --silent test
	$(BIN)/pytest -n auto

bench: $(STAMP)
	$(BIN)/ludi bench caesar

clean:
	-$(PYTHON) tools/compile.py --clean
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache node_modules build
