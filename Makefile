# The README's contract: `make run` and `make test` work on a fresh clone.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: install run test bench clean

install: $(STAMP)

# Rebuilt only when the project's dependency list changes (a no-op otherwise).
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: install
	$(VENV)/bin/lyss score examples/demo-crk.runcard.json

test: install
	$(PY) -m pytest -q

bench: install
	$(PY) -m bench

clean:
	rm -rf $(VENV) build *.egg-info
