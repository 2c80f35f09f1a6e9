# Two entry points, each setting up its own virtual environment on a fresh machine:
#   make demo   install kubegap and audit the embedded demo cluster
#   make test   install kubegap with its test dependencies and run the whole test suite
#   make docs   regenerate docs/checks.md, the check reference
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/kubegap audit --demo --fail-on none

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest

docs: $(VENV)/.installed
	$(BIN)/kubegap checks docs --output-file docs/checks.md

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache test-artifacts
