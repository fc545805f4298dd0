# The dev loop: `make dev check` on a fresh machine; `make check` after that.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin

.PHONY: install dev lint test check corpus

# An editable install leaves rulesbot's own modules uncompiled; where
# PYTHONDONTWRITEBYTECODE is set, every command would compile them again (about 25 ms
# of a cold ask), so compile them once here.
install:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	$(BIN)/python -m compileall -q rulesbot

# torch==2.13.0 first: the CPU build on this machine's disk; left to sentence-transformers,
# an unpinned torch would be a multi-GB CUDA build.
dev:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[dev,st]'
	$(BIN)/python -m compileall -q rulesbot

lint:
	$(BIN)/ruff check rulesbot tests
	$(BIN)/ruff format --check rulesbot tests
	$(BIN)/mypy rulesbot

test:
	$(BIN)/pytest

check: lint test

corpus:
	$(BIN)/rulesbot corpus build
