# Two entry points, each setting up its own virtual environment on a fresh machine:
#   make demo   install kubegap and audit the embedded demo cluster
#   make test   install kubegap with its test dependencies and run the whole test suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test clean bench

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

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache test-artifacts

# Cluster-scale benchmarks (minutes: generates 6k/20k/60k-pod snapshots, runs Checkov beside kubegap);
# writes benchmarks/RESULTS.md. KUBEGAP_SHARED points at the shared corpus when it is not ../shared.
bench: $(VENV)/.installed
	$(BIN)/python benchmarks/run.py
