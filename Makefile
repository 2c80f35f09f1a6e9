# Two entry points, each setting up its own virtual environment on a fresh machine:
#   make demo   install kubegap (every part: kubegap[all]) and audit the embedded demo cluster
#   make test   install kubegap with its test dependencies, build the real Kubernetes programs the tests
#               run (make tools), and run the whole test suite
#               (the browser tests need Chromium: system-deps installs Debian's
#               package when /usr/bin/chromium is missing; Playwright drives it, it never downloads one;
#               axe-core, which the accessibility tests run in every page, comes from npm with npm ci)
#   make tools  build kube-apiserver, etcd, kubectl and helm from Go modules (tools/) into
#               ~/.cache/kubegap-tools: the first build takes long (see docs/INTERNALS.md), later ones a second or two;
#               without Go it says so and the tests that need them skip
#   make lint   ruff (lint and format) and mypy, as CI runs them (.ci/run)
#   make test-fast  the tests that need no browser, API server or shared corpus: a quick loop while editing
#   make docs   regenerate docs/checks.md (the check reference), the demo cluster (scripts/demo_cluster.py) and the
#               generated parts of README.md (scripts/readme.py)
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium
AXE := tests/web/axe/node_modules/axe-core/axe.min.js
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test test-fast lint tools peers system-deps docs bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[all]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/kubegap audit --demo --fail-on none

system-deps:
	@test -x $(CHROMIUM) || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }
	@command -v npm >/dev/null || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y npm; }

$(AXE): tests/web/axe/package.json tests/web/axe/package-lock.json
	npm ci --prefix tests/web/axe --no-audit --no-fund --silent
	touch $@

tools:
	$(PYTHON) tools/build.py

# The tests' programs and kube-score, which make bench runs beside kubegap.
peers:
	$(PYTHON) tools/build.py --peers

test: system-deps tools $(VENV)/.installed-test $(AXE)
	$(BIN)/python -m pytest

lint: $(VENV)/.installed-test
	$(BIN)/ruff check src tests scripts tools benchmarks
	$(BIN)/ruff format --check src tests scripts tools benchmarks
	$(BIN)/mypy

test-fast: $(VENV)/.installed-test
	$(BIN)/python -m pytest -m "not browser and not live and not corpus"

docs: $(VENV)/.installed
	$(BIN)/kubegap checks docs --output-file docs/checks.md
	$(BIN)/python scripts/demo_cluster.py
	$(BIN)/python scripts/readme.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache test-artifacts tests/web/axe/node_modules

# Cluster-scale benchmarks (a quarter of an hour: generates 6k/21k/60k/150k-pod snapshots, runs Checkov
# beside kubegap, collects 150k pods from the test API server, audits a fleet of 20; the 150k-pod parse
# floor alone needs about 12 GiB of memory); writes benchmarks/RESULTS.md. KUBEGAP_SHARED points at the
# shared corpus when it is not ../shared.
bench: peers $(VENV)/.installed
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/envelope.py
