# kbaudit — `make run` to try it, `make test` for the whole suite.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# The zero-setup defaults: SQLite, no Redis (tasks run in process), the offline judge.
RUN_ENV := DEBUG=1
TEST_ENV := SECRET_KEY=kbaudit-test-only

.PHONY: run test lint format bench install demo clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[dev]'
	touch $@

install: $(VENV)/.installed

run: install
	$(RUN_ENV) $(BIN)/python manage.py migrate --no-input
	$(RUN_ENV) $(BIN)/python manage.py make_demo_data
	$(RUN_ENV) KBAUDIT_JUDGE=offline $(BIN)/python manage.py sweep --now --all
	$(RUN_ENV) $(BIN)/python manage.py kb_scan --offline
	$(RUN_ENV) $(BIN)/python manage.py alerts_evaluate --replay-days 90 --every-hours 24
	@echo "kbaudit on http://$(HOST):$(PORT)/ — log in as alice / kbaudit-demo"
	$(RUN_ENV) $(BIN)/python manage.py runserver $(HOST):$(PORT)

test: install
	$(TEST_ENV) $(BIN)/pytest $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: install
	$(TEST_ENV) $(BIN)/python bench/run.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV) db.sqlite3 var bench/out tests/artifacts
