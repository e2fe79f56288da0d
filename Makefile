# make serve  -> the lessons on http://127.0.0.1:8866
# make test   -> ruff, pytest (engine and browser tests), nbval on the lessons
# make test-fast -> ruff and the tests without a browser, fewer random hands (about 50 s)
# make test-languages -> the page pass with every page in every language (about 6 min)
# make site   -> _site/: every lesson as static files that run in the browser (no server)
# make site-serve -> _site/ on http://127.0.0.1:8867
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866
# pytest-xdist workers: make test, one more than the cores (the browser tests wait on kernels
# and pages: on 2 workers the CPU sat idle 27% of their time, on 3 about 5%; issue #37);
# make test-fast, one a core.
CORES  := $(shell $(PYTHON) -c 'import os; print(os.cpu_count() or 2)' 2>/dev/null || echo 2)
WORKERS ?= $(shell echo $$(( $(CORES) + 1 )))
FAST_WORKERS ?= $(CORES)
# make serve HOST=0.0.0.0: reachable from other devices (class mode: the learners' phones)
HOST   ?= 127.0.0.1

# The "tutor" Voila template (named in voila.json) lives in share/jupyter; an editable install
# does not copy it, so Voila, the tests and the screenshot script find it on JUPYTER_PATH.
export JUPYTER_PATH := $(CURDIR)/share/jupyter$(if $(JUPYTER_PATH),:$(JUPYTER_PATH))
# Python keeps the bytecode it compiles (__pycache__, ignored by git), whatever the machine's
# PYTHONDONTWRITEBYTECODE says: with it set, every pytest worker rewrote the asserts of every
# test module on each run and every process compiled what it imported again (make test-fast:
# 146 -> 120 CPU s; issue #37).
export PYTHONDONTWRITEBYTECODE :=
export PATH := $(CURDIR)/$(BIN):$(PATH)

MAX_KERNELS ?=  # e.g. make serve MAX_KERNELS=40: at most 40 pages open at once (voila.json: 80)

VOILA_ARGS := lessons --port=$(PORT) --Voila.ip=$(HOST) --Voila.port_retries=0 --no-browser \
	$(if $(MAX_KERNELS),--TutorKernelManager.max_kernels=$(MAX_KERNELS))

.PHONY: serve test test-fast test-languages lint messages site site-serve bench bench-suite bench-pages bench-load bench-soak bench-class bench-coach screenshots \
	cards-css

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The package alone (serve, bench); a stamp that is newer than pyproject.toml skips the install.
$(VENV)/.stamp: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --no-compile -e .
	touch $@

# The package with its test tools (test, lint, screenshots).
$(VENV)/.stamp-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --no-compile -e '.[test]'
	touch $@ $(VENV)/.stamp

serve: $(VENV)/.stamp
	@echo "Trick Tutor: open http://$(if $(filter 0.0.0.0,$(HOST)),<this computer's address>,$(HOST)):$(PORT)"
	$(BIN)/python -m voila $(VOILA_ARGS)

# The static site (deploy/static/build.sh): Voici builds every page of lessons/ with the tutor
# as a wheel and Pyodide self-hosted, so the site needs no server and makes no request to any
# other host.  Its tools go in .venv-site; it needs python3 and npm.
SITE      ?= _site
SITE_PORT ?= 8867
site:
	bash deploy/static/build.sh $(SITE)

site-serve:
	@[ -f $(SITE)/index.html ] || $(MAKE) site
	@echo "Trick Tutor, the static site: open http://$(HOST):$(SITE_PORT)"
	$(PYTHON) -m http.server --bind $(HOST) --directory $(SITE) $(SITE_PORT)

# Every test and the notebooks' own check (nbval) in one run on both cores (pytest-xdist;
# WORKERS=1 for one): tests/conftest.py keeps together what shares a costly fixture (a server
# of a test module's own settings, the static site, a notebook's cells) and hands the browser
# tests out first, the longest; each worker has its own Voila and Chromium.  The run ends with
# its 15 slowest tests and its total.
test: $(VENV)/.stamp-test
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n $(WORKERS) --dist loadgroup --durations=15 --nbval-lax tests lessons

# The page pass with every page in every language (the pseudo-language and the five: 144
# pages, about six minutes on two cores: the 120 more in one tab per language, page after
# page); make test opens each page in one of them in turn.
test-languages: $(VENV)/.stamp-test
	TUTOR_PAGE_LANGUAGES=all $(BIN)/python -m pytest -q -n $(WORKERS) --dist loadgroup \
		tests/browser/test_page_pass.py

# While developing (the goal: under a minute): no browser, no slow test, both cores, 40
# random hands per conformance setting (make test: 400; the same seeds).
test-fast: $(VENV)/.stamp-test
	$(BIN)/ruff check .
	TUTOR_CONFORMANCE_HANDS=40 $(BIN)/python -m pytest -q -n $(FAST_WORKERS) --dist loadgroup \
		-m "not slow and not browser"

lint: $(VENV)/.stamp-test
	$(BIN)/ruff check .

# The message catalog: tutor/locale/tutor.pot extracted from the code, then every language's
# tutor.po updated from it (scripts/messages.py; the README's "Languages" says how to add one).
messages: $(VENV)/.stamp
	$(BIN)/python scripts/messages.py

bench: $(VENV)/.stamp
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/questions.py

# Where make test's CPU goes: the whole suite with bench/suite_cpu.py charging each test the
# processor time of its worker and every process below it; the dearest tests and modules.
bench-suite: $(VENV)/.stamp-test
	rm -f test-artefacts/suite-cpu.jsonl
	-PYTHONPATH=bench $(BIN)/python -m pytest -p suite_cpu -q -n $(WORKERS) --dist loadgroup \
		--nbval-lax tests lessons
	$(BIN)/python bench/suite_cpu.py report test-artefacts/suite-cpu.jsonl

# Every lesson page against a bare one-button page: time to the first widget and kernel
# memory, from a real Voila and Chromium, without and with preheated kernels.
bench-pages: $(VENV)/.stamp-test
	$(BIN)/python bench/voila_pages.py --no-preheat
	$(BIN)/python bench/voila_pages.py --preheat

# A class of 60 opening pages at once; 1,000 board Loads and 500 questions in one page.
bench-load: $(VENV)/.stamp-test
	$(BIN)/python bench/load.py

# A class of 30, then 60, answering one question within 5 s (class mode's store: SQLite).
bench-class: $(VENV)/.stamp-test
	$(BIN)/python bench/class_load.py --learners 30 60 --pages 6

# The coach: advice latency, the strong tutor against the bot in duplicate, textbook situations.
bench-coach: $(VENV)/.stamp
	$(BIN)/python bench/coach.py
	$(BIN)/python bench/coach.py --situations

bench-soak: $(VENV)/.stamp-test
	$(BIN)/python bench/soak.py --loads 1000 --questions 500

screenshots: $(VENV)/.stamp-test
	$(BIN)/python scripts/screenshots.py

# The card faces' stylesheet, made from tutor/ui/cards.py (tests/test_ui_cards.py checks that
# the committed file is what this makes).  -W: runpy's warning that tutor.ui imports cards.
CARDS_CSS := share/jupyter/voila/templates/tutor/static/tutor-cards.css
cards-css: $(VENV)/.stamp
	$(BIN)/python -W ignore::RuntimeWarning -m tutor.ui.cards --css > $(CARDS_CSS).tmp
	mv $(CARDS_CSS).tmp $(CARDS_CSS)
