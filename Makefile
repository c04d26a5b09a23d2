# Two commands for a fresh machine: `make play` and `make test`. Both set everything up first.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
STAMP = $(VENV)/.installed-stamp

.PHONY: setup serve play test lint bench clean

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,research,test,e2e]'
	sh scripts/install-browser.sh
	touch $(STAMP)

setup: $(STAMP)

# Game night: the server, with the lobby opened in the browser.
serve: $(STAMP)
	$(BIN)/ludi serve

# A game of Caesar! in the terminal against the strongest bot.
play: $(STAMP)
	$(BIN)/ludi play caesar --seats human,ismcts

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The whole suite: lint, strict types, and every test (on both cores).
test: lint
	$(BIN)/pytest -n auto

bench: $(STAMP)
	$(BIN)/ludi bench caesar

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
