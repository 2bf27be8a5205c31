# kbaudit — `make run` to try it, `make test` for the whole suite.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# The zero-setup defaults: SQLite, no Redis (tasks run in process), the offline judge.
RUN_ENV := DEBUG=1
TEST_ENV := SECRET_KEY=kbaudit-test-only
# `make run INSTALL= BIN=/path/to/venv/bin` (and serve) use an environment installed otherwise.
INSTALL ?= install

.PHONY: run serve test lint format bench install demo clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -e '.[dev]'
	touch $@

install: $(VENV)/.installed

# The login is printed once the server answers (kbaudit/lib/devserver.py).
run: $(INSTALL)
	$(RUN_ENV) $(BIN)/python manage.py migrate --no-input
	$(RUN_ENV) $(BIN)/python manage.py make_demo_data --no-login
	$(RUN_ENV) KBAUDIT_JUDGE=offline $(BIN)/python manage.py sweep --now --all --progress
	$(RUN_ENV) $(BIN)/python manage.py kb_scan --offline
	$(RUN_ENV) $(BIN)/python manage.py alerts_evaluate --replay-days 90 --every-hours 24
	$(RUN_ENV) $(BIN)/python -m kbaudit.lib.devserver $(HOST):$(PORT) \
		--ready "kbaudit on http://$(HOST):$(PORT)/ — log in as alice / kbaudit-demo (an editor; also bob, a writer, charlie, of another team, and admin; same password)"

# Production: web (gunicorn), worker and beat (Procfile) under honcho, against
# DATABASE_URL and REDIS_URL, after migrate and collectstatic.
SERVE_ENV := KBAUDIT_STATIC_MANIFEST=1 LOG_FORMAT=$${LOG_FORMAT:-json}

serve: $(INSTALL)
	@test -n "$$DATABASE_URL" -a -n "$$REDIS_URL" || { echo "make serve needs DATABASE_URL and REDIS_URL (README, Deploying)"; exit 2; }
	mkdir -p var
	$(SERVE_ENV) $(BIN)/python manage.py migrate --no-input
	$(SERVE_ENV) $(BIN)/python manage.py collectstatic --no-input -v0
	$(SERVE_ENV) PATH="$(abspath $(BIN)):$$PATH" exec $(BIN)/honcho start -f Procfile

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
