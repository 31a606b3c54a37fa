# Two entry points for a fresh machine: `make demo` and `make test`.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
export NO_MKDOCS_2_WARNING := 1
DEMO_ADDR ?= 127.0.0.1:8000

.PHONY: demo demo-build demo-zensical test lint typecheck clean venv system-deps gallery goldens \
	fuzz soak bench bench-micro bench-example bench-zipf bench-longtail bench-longtail2 \
	bench-longtail7 bench-zensical bench-explorer bench-sections schema docs docs-build dist

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

# The example site on Zensical: a copy (the example's docs/ stays as it is), `tagindex init`,
# `tagindex build`, `zensical-i18n build`, then `tagindex build --watch` beside `zensical-i18n serve`.
demo-zensical: venv
	rm -rf build/demo-zensical && mkdir -p build && cp -r example_site build/demo-zensical
	cd build/demo-zensical && ../../$(PY) -m mkdocs_tagindex init && ../../$(PY) -m mkdocs_tagindex build
	cd build/demo-zensical && ../../$(VENV)/bin/zensical-i18n build
	cd build/demo-zensical && (../../$(PY) -m mkdocs_tagindex build --watch & trap "kill $$!" EXIT; \
	  ../../$(VENV)/bin/zensical-i18n serve -a $(DEMO_ADDR))

lint: venv
	$(VENV)/bin/ruff check mkdocs_tagindex tests bench
	$(VENV)/bin/ruff format --check mkdocs_tagindex tests bench

typecheck: venv
	$(VENV)/bin/mypy

# Two workers (pytest-xdist), one per core: the suite is mostly single-threaded builds. The
# browser tests stay together on one of them (tests/browser/conftest.py: their shared sites).
test: venv system-deps lint typecheck
	$(PY) -m pytest -n 2 --dist loadgroup

# The properties of tests/unit/test_fuzz.py for a long run (make test runs 300 examples of each,
# derandomized): TAGINDEX_FUZZ_EXAMPLES of each with a random seed, Hypothesis' statistics
# (what was generated, which warnings were said) and every failure, shrunk. Then init/clean's
# config edits (tests/build/test_config_edits.py): a tenth as many generated configs, each an
# init, the author's lines and a clean; and the kill test at every write, folders too. `nice`:
# it is long.
TAGINDEX_FUZZ_EXAMPLES ?= 20000
# Then tests/build/test_lifecycle.py's state machine over a repository's life (make test runs
# 20 derandomized sequences of 15+ steps): random seed, failures shrunk, each fault reported.
TAGINDEX_LIFECYCLE_EXAMPLES ?= 200
TAGINDEX_LIFECYCLE_STEPS ?= 30
fuzz: venv
	TAGINDEX_FUZZ_EXAMPLES=$(TAGINDEX_FUZZ_EXAMPLES) nice $(PY) -m pytest tests/unit/test_fuzz.py \
	  -q -p no:cacheprovider --hypothesis-show-statistics --hypothesis-seed=$${SEED:-$$RANDOM}
	TAGINDEX_FUZZ_EXAMPLES=$$(( $(TAGINDEX_FUZZ_EXAMPLES) / 10 )) nice $(PY) -m pytest \
	  tests/build/test_config_edits.py -k "whatever or killed" -q -p no:cacheprovider \
	  --hypothesis-show-statistics --hypothesis-seed=$${SEED:-$$RANDOM}
	TAGINDEX_LIFECYCLE_EXAMPLES=$(TAGINDEX_LIFECYCLE_EXAMPLES) TAGINDEX_LIFECYCLE_STEPS=$(TAGINDEX_LIFECYCLE_STEPS) \
	  nice $(PY) -m pytest tests/build/test_lifecycle.py -q -s -p no:cacheprovider \
	  --hypothesis-seed=$${SEED:-$$RANDOM}

# Regenerate tests/goldens/, tagindex's parts of the output of every fixture site plus one whole
# page per theme, which tests/build/test_goldens.py compares: each site is built twice and
# nothing is written unless both builds agree. A change that means to change output runs
# `make goldens` and the diff is reviewed.
# One site: `$(PY) tests/build/goldens.py interop/blog`.
goldens: venv
	$(PY) tests/build/goldens.py

# The soak of tests/build/test_soak.py, longer: 400 edits under `mkdocs serve` and `--dirty`;
# `tagindex build` killed before each of its writes (SIGKILL, SIGINT, SIGTERM; a first build and
# a rebuild), not a sample; and tests/build/test_zensical_incremental.py's random edits, 100
# steps per seed instead of 12;
# and test_published.py: the invariant on every fixture built with Zensical, the rules against
# Zensical on 40 generated trees, 200 sequences of edits and builds.
soak: venv
	TAGINDEX_SOAK_EDITS=$${TAGINDEX_SOAK_EDITS:-400} $(PY) -m pytest tests/build/test_soak.py -q -s -p no:cacheprovider
	TAGINDEX_KILL_ALL=1 $(PY) -m pytest tests/build/test_command_ownership.py -q -s -p no:cacheprovider -k killed
	TAGINDEX_INCREMENTAL_STEPS=$${TAGINDEX_INCREMENTAL_STEPS:-100} $(PY) -m pytest tests/build/test_zensical_incremental.py -q -p no:cacheprovider
	TAGINDEX_ALL_FIXTURES=1 TAGINDEX_PUBLISHED_EXAMPLES=$${TAGINDEX_PUBLISHED_EXAMPLES:-40} \
	  TAGINDEX_PUBLISHED_SEQUENCES=$${TAGINDEX_PUBLISHED_SEQUENCES:-200} $(PY) -m pytest tests/build/test_published.py -q -p no:cacheprovider

# `make bench` runs every set of bench/run.py, the Zensical command's timings and the tag
# explorer's in Chromium (bench/explorer.py, about a minute); each set also runs on its own.
# BENCH_ROUNDS: builds per variant of the generated sites (default: each set's own,
# bench/run.py's SITE_SETS). The long-tail sites (both) take about 45 minutes on 2 cores.
BENCH := $(PY) bench/run.py $(if $(BENCH_ROUNDS),--rounds $(BENCH_ROUNDS)) --sets

# The documentation site (mkdocs.yml at the root, docs/), built with tagindex itself; the
# configuration reference is written at build time from the option classes (docs/hooks/).
DOCS_ADDR ?= 127.0.0.1:8001
docs-build: venv
	$(VENV)/bin/mkdocs build --strict

docs: docs-build
	@echo "Serving the documentation at http://$(DOCS_ADDR)/"
	$(VENV)/bin/mkdocs serve -a $(DOCS_ADDR)

# schema.json (editors' completion and validation of `- tagindex:` options) from the option
# classes of mkdocs_tagindex/core/options.py: inside the package (shipped in the wheel) and at the
# root. tests/unit/test_schema.py fails when either is not what this writes.
schema: venv
	$(PY) -m mkdocs_tagindex.schema

# The wheel and sdist of a release, in dist/: built from a clean dist/, their metadata and
# README checked as PyPI will read them (twine check --strict), and the wheel installed into a
# fresh virtual environment outside the repository, where it builds the example site with
# --strict (the plugin must come from the wheel: templates, label tables and schema.json).
TWINE ?= $(PY) -m twine
DIST_CHECK := $(shell mktemp -d -u /tmp/tagindex-dist.XXXXXX)
dist: venv
	rm -rf dist
	$(PY) -m mkdocs_tagindex.schema --check
	$(PY) -m build --outdir dist .
	$(TWINE) check --strict dist/*
	python3 -m venv $(DIST_CHECK)/venv
	$(DIST_CHECK)/venv/bin/pip install -q dist/*.whl
	cp -r example_site $(DIST_CHECK)/site
	rm -rf $(DIST_CHECK)/site/site
	cd $(DIST_CHECK)/site && env -u PYTHONPATH NO_MKDOCS_2_WARNING=1 \
	  $(DIST_CHECK)/venv/bin/python -m mkdocs build --strict
	test -f $(DIST_CHECK)/site/site/tags/grpo/index.html
	cd $(DIST_CHECK)/site && env -u PYTHONPATH $(DIST_CHECK)/venv/bin/python -c "import mkdocs_tagindex as m, pathlib as p; \
	  assert '$(DIST_CHECK)' in m.__file__, m.__file__; \
	  assert p.Path(m.__file__).with_name('schema.json').is_file(); print('wheel', m.__version__, 'OK')"
	rm -rf $(DIST_CHECK)

bench: venv system-deps
	$(BENCH) micro example zipf longtail
	$(PY) bench/zensical.py --n 1000
	$(PY) bench/zensical.py --n 1000 --layers
	nice $(PY) bench/explorer.py
	nice $(PY) bench/explorer.py --sections 3 --json build/bench-explorer-sections.json
	$(PY) bench/sections.py --n 1000

# Tags on sections (issue 41): a site with three tagged sections per article beside the same site
# without, build CPU and the tag pages' weight per card.
bench-sections: venv
	$(PY) bench/sections.py --n 1000

bench-micro bench-example bench-zipf bench-longtail bench-longtail2 bench-longtail7: venv
	$(BENCH) $(@:bench-%=%)

# The command's timings beside Zensical's own build, then each cache layer of the command turned
# off alone (command/caches/layers.py): a layer stays only while it saves over 10 % of a workload.
bench-zensical: venv
	$(PY) bench/zensical.py --n 1000
	$(PY) bench/zensical.py --n 1000 --layers

# The tag explorer of the all-tags page in Debian's Chromium (issues 35, 40): its weight (explorer on
# minus `explorer: false`), the first choice's fetches and time (loopback, Fast 4G), every later
# change (p95) and long tasks, Ctrl-F over every tag name, each against its target, at
# EXPLORER_SIZES (articles x tags); JSON in build/bench-explorer.json. Sites are cached under
# build/bench-explorer/ (keyed by the generator's arguments and the plugin's code): the first
# 10,000-article build takes minutes, a rerun on the same code none. EXPLORER_ARGS: more options
# (--fresh, --steps N, --trials N, --seed N, --sections N: N tagged sections per article, issue 41).
# `nice`: the browser shares the machine.
EXPLORER_SIZES ?= 1000x1200,10000x12000
bench-explorer: venv system-deps
	nice $(PY) bench/explorer.py --sizes $(EXPLORER_SIZES) $(EXPLORER_ARGS)

# The pictures of docs/gallery.md (and the README's) and its contrast table, from the browser tests.
gallery: venv system-deps
	TAGINDEX_GALLERY=1 $(PY) -m pytest tests/browser/test_theme.py tests/browser/test_zensical_looks.py \
	  tests/browser/test_explorer_gallery.py -q

clean:
	rm -rf $(VENV) dist build site example_site/site tests/artifacts
