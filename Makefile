# Set up a virtual environment in .venv and run the demo or the checks.
# `make demo` and `make test` are the README's two commands; .ci/run calls `make test`.
# The tests run on two processes (pytest-xdist): the suite takes 5 min on 2 cores, 9 on one.
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup demo board test typecheck

$(BIN)/playable: pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

setup: $(BIN)/playable

demo: setup
	$(BIN)/playable deal thegame --players 3 --seed 1 | $(BIN)/playable show -
	# exit code 1 is the greedy bot losing the deal (TG-7), not a failure of the demo
	$(BIN)/playable play examples/thegame-3p.deal.txt || [ $$? -eq 1 ]
	$(BIN)/playable solve examples/thegame-3p.deal.txt --seconds 60

# The web board on a small example library (The Game and UNO puzzles, made once).
BOARD := $(VENV)/board.sqlite
board: setup
	test -f $(BOARD) || { \
	  $(BIN)/playable generate thegame --difficulty easy --count 3 --db $(BOARD).new && \
	  $(BIN)/playable generate uno --kind ending --difficulty easy --count 3 --db $(BOARD).new && \
	  mv $(BOARD).new $(BOARD); }
	$(BIN)/playable serve --db $(BOARD)

# mypy has no package-dir mapping: give it the installed layout (playable.solver, ...)
# as links to the source folders, so errors still name the files you edit.
typecheck: setup
	rm -rf $(VENV)/typecheck && mkdir -p $(VENV)/typecheck/playable
	for f in playable/*.py solver puzzles cli web; do ln -s $(CURDIR)/$$f $(VENV)/typecheck/playable/; done
	MYPYPATH=$(VENV)/typecheck $(BIN)/mypy

test: setup typecheck
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest -n 2
