# Two entry points for a fresh machine: `make demo` and `make test`.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
export NO_MKDOCS_2_WARNING := 1
DEMO_ADDR ?= 127.0.0.1:8000

.PHONY: demo demo-build test lint typecheck bench bench-micro bench-example bench-zipf \
	bench-longtail bench-longtail2 bench-longtail7 clean venv system-deps gallery goldens

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[test]'
	touch $@

venv: $(VENV)/.installed

# Debian's Chromium and CJK fonts for the browser tests; Playwright never downloads a browser here.
system-deps:
	@if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi "noto sans cjk"; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y chromium fonts-noto-cjk; \
	fi

demo-build: venv
	$(VENV)/bin/mkdocs build --strict -f example_site/mkdocs.yml

demo: demo-build
	@echo "Serving the example site at http://$(DEMO_ADDR)/"
	$(VENV)/bin/mkdocs serve -f example_site/mkdocs.yml -a $(DEMO_ADDR)

lint: venv
	$(VENV)/bin/ruff check mkdocs_tagindex tests bench
	$(VENV)/bin/ruff format --check mkdocs_tagindex tests bench

typecheck: venv
	$(VENV)/bin/mypy

test: venv system-deps lint typecheck
	$(PY) -m pytest

# Regenerate tests/goldens/, the output of every fixture site that tests/build/test_goldens.py
# compares byte for byte: each site is built twice and nothing is written unless both builds
# agree. A change that means to change output runs `make goldens` and the diff is reviewed.
# One site: `$(PY) tests/build/goldens.py interop/blog`.
goldens: venv
	$(PY) tests/build/goldens.py

# `make bench` runs every set of bench/run.py; each set also runs on its own. BENCH_ROUNDS: builds
# per variant of the generated sites (default: each set's own, bench/run.py's SITE_SETS). The
# long-tail sites (both) take about 45 minutes on 2 cores.
BENCH := $(PY) bench/run.py $(if $(BENCH_ROUNDS),--rounds $(BENCH_ROUNDS)) --sets

bench: venv
	$(BENCH) micro example zipf longtail

bench-micro bench-example bench-zipf bench-longtail bench-longtail2 bench-longtail7: venv
	$(BENCH) $(@:bench-%=%)

# The pictures of docs/gallery.md (and the README's) and its contrast table, from the browser tests.
gallery: venv system-deps
	TAGINDEX_GALLERY=1 $(PY) -m pytest tests/browser/test_theme.py -q

clean:
	rm -rf $(VENV) dist build example_site/site tests/artifacts
