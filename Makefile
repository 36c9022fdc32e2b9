# The project's commands. Each target sets up what it needs in .venv (and sdk-ts/node_modules) first.
#   make         set up .venv and build the TypeScript client's npm package (sdk-ts/tabletop-arena-sdk-<version>.tgz)
#   make serve   set up and run the server (a real Redis server is started for it)
#   make test    set up and run every check: lint, types, generated-code drift, tests (installs Chromium and npm if missing)
#   make lock    refresh both Python locks after changing a pyproject.toml's dependencies (keeps other pins)
#   make upgrade move every pin of both locks to the newest allowed release, reinstall, run make test
# The interpreter of .venv: Debian's python3.11 where it is installed with its venv module (the package
# python3.11-venv), else python3. Debian builds it with profile-guided and link-time optimisation; the
# engine's tests took 17% less CPU on it than on a python3.11 built without them (pyenv's default build).
DEBIAN_PYTHON := /usr/bin/python3.11
ifeq ($(origin PYTHON),undefined)
PYTHON := $(shell $(DEBIAN_PYTHON) -c 'import ensurepip' 2>/dev/null && echo $(DEBIAN_PYTHON) || echo python3)
endif
# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE): the tests start
# hundreds of Python processes (servers, workers, bots), and without it each compiles our modules
# afresh, and pytest rewrites every test module's asserts afresh in each xdist worker (about 6% of the
# suite's CPU on this machine).
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Every Python environment installs from a lock, pinned with hashes (pip-compile): the development and
# test environment from requirements/dev.lock, the Docker image from docker/requirements.lock.
DEV_LOCK := requirements/dev.lock
DOCKER_LOCK := docker/requirements.lock
PIP_COMPILE := CUSTOM_COMPILE_COMMAND="make lock" $(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe \
	--all-build-deps --strip-extras --no-emit-index-url --no-emit-find-links
# The TypeScript client: its dependencies (npm ci, from package-lock.json) and its npm pack tarball.
TS := sdk-ts
TS_MODULES := $(TS)/node_modules/.package-lock.json
TS_VERSION := $(shell sed -n 's/^  "version": "\(.*\)",$$/\1/p' $(TS)/package.json)
TS_TARBALL := $(TS)/tabletop-arena-sdk-$(TS_VERSION).tgz
TS_SOURCES := $(shell find $(TS)/src -name '*.ts') $(TS)/package.json $(TS)/tsconfig.json $(TS)/README.md
# Its tests compiled (tests/e2e/test_sdk_ts.py runs them with node, and rebuilds only what is older than its sources).
TS_TESTS := $(TS)/build-test/.built

.DEFAULT_GOAL := all
.PHONY: all serve test suite soak lint generate lock upgrade bench clean chromium postgresql

all: $(STAMP) $(TS_TARBALL)

# A new lock makes a new .venv (--clear), so nothing outside the lock stays installed. uv installs the
# lock (uv pip sync: exactly its pins, each checked against its hashes); pip first installs uv itself from
# the lock's own entry for it, with its hashes. pip took 20 s here and uv 3: pip fetches every package
# again for each new .venv, and uv keeps what it fetched. The project and the SDK install on top without
# dependencies or build isolation: everything they need, setuptools included, came from the lock.
# Modules are compiled to bytecode when first imported, not at install (most of them nothing imports).
UV := $(BIN)/uv
$(STAMP): pyproject.toml sdk/pyproject.toml $(DEV_LOCK)
	$(PYTHON) -m venv --clear $(VENV)
	sed -n '/^uv==/,/^    #/p' $(DEV_LOCK) > $(VENV)/uv.txt
	$(BIN)/pip install --quiet --no-deps --require-hashes -r $(VENV)/uv.txt
	$(UV) pip sync --quiet --python $(BIN)/python --require-hashes $(DEV_LOCK)
	$(UV) pip install --quiet --python $(BIN)/python --no-deps --no-build-isolation -e .
	# compat: the SDK on sys.path through a .pth file, which type checkers follow (mypy cannot see
	# through setuptools' default editable import hook), so `mypy --strict bot.py` finds it
	$(UV) pip install --quiet --python $(BIN)/python --no-deps --no-build-isolation -e ./sdk \
		--config-settings editable_mode=compat
	$(UV) pip check --quiet --python $(BIN)/python
	touch $(STAMP)

# Without lifecycle scripts: the package's own `prepare` (tsc, for a user's npm pack or install from git)
# would build dist/ before the recipe below builds it again, and esbuild's install script only swaps its
# launcher for the binary, which scripts/bundle-web.mjs finds without it. tsc then runs once per build.
$(TS_MODULES): $(TS)/package.json $(TS)/package-lock.json
	cd $(TS) && npm ci --ignore-scripts --no-audit --no-fund
	touch $@

$(TS_TARBALL): $(TS_MODULES) $(TS_SOURCES)
	rm -rf $(TS)/dist $(TS)/*.tgz
	cd $(TS) && node_modules/.bin/tsc -p tsconfig.json && npm pack --ignore-scripts --silent >/dev/null

$(TS_TESTS): $(TS_TARBALL) $(shell find $(TS)/test -name '*.ts') $(TS)/tsconfig.test.json
	cd $(TS) && node_modules/.bin/tsc -p tsconfig.test.json
	touch $@

serve: $(STAMP)
	$(BIN)/arena serve

lint: $(STAMP) $(TS_TESTS)
	$(LINT_NICE) $(BIN)/ruff check .
	$(LINT_NICE) $(BIN)/ruff format --check .
	$(LINT_NICE) $(BIN)/mypy
	$(LINT_NICE) $(BIN)/lint-imports --no-cache
	$(LINT_NICE) scripts/generate.sh --check

# make test runs two jobs at a time: .venv is built beside the TypeScript client, and the lint runs
# beside the tests, in the CPU the tests leave idle while they wait on servers and clocks: at a lower
# priority (nice), so it takes none from the tests when they keep both cores busy, as while both test
# processes import and collect the suite at the start. A failed lint fails make test once the tests end.
test: chromium
	@$(MAKE) --no-print-directory --jobs=2 lint suite LINT_NICE="nice -n 10"

# Three test processes on two cores: while one waits on a live test's servers, clocks and launched
# programs, the others use the CPU. On this machine the tests took 386 s with three against 463-472 s with
# two (each test a fifth slower, three at a time). Four ran no faster than two on an earlier machine and
# made timing-bound live tests flakier. A browser test's click that moved nothing, twice with three and
# once with two at earlier commits, was the page redrawing between the press and the release (fixed: a
# page holds its redraws while a pointer is pressed).
# loadgroup: the tests of one xdist_group share a worker (the SDK-only venv is built once, with no
# worker waiting for another's).
suite: $(STAMP) $(TS_TESTS)
	$(BIN)/pytest -n 3 --dist loadgroup -q --durations=30

# A tournament of 1,000 matches between launched programs riding out three outages of each kind (the
# server, its Redis, the runner, a worker; tests/e2e/test_tournament_soak.py, marked `soak`, which the
# suite leaves out), and the outage tests at full length: a runner killed, a webhook receiver down, the server under the
# README's bot killed (SIGKILL) and started again, the server and then its Redis under a running
# tournament, and the whole arena down while a seat's clock runs (no timeout scored), for a real
# minute each (the suite's outages are shorter, to keep it under 15 minutes).
soak: $(STAMP)
	ARENA_OUTAGE_SECONDS=60 $(BIN)/pytest -n 2 -q -m "" --durations=0 \
		tests/e2e/test_tournament_soak.py \
		tests/e2e/test_tournament_runner.py::test_a_runner_killed_for_a_while_loses_no_match_to_the_outage \
		tests/e2e/test_tournament_host.py::test_the_runner_rides_out_a_killed_server_and_a_stopped_redis \
		tests/e2e/test_sdk_outage.py::test_the_readme_loop_rides_out_a_killed_and_restarted_server \
		tests/webhooks/test_webhooks_live.py::test_a_receiver_down_for_a_while_then_back_gets_every_event \
		tests/e2e/test_outages_live.py

# tests/web drive Debian's Chromium through Playwright (whose own browser downloads are not used): its
# headless shell for the pages, the desktop browser for web notifications, which the shell lacks. They
# check pages with axe-core, which tests/web/conftest.py installs from tests/web/axe/package-lock.json
# with Debian's npm.
chromium:
	@test -x /usr/bin/chromium -a -x /usr/bin/chromium-headless-shell || (apt-get update && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-headless-shell)
	@test -x /usr/bin/npm || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y npm)

# bench/peer's durable peer keeps its matches in a Postgres cluster it makes and removes itself, with
# Debian's PostgreSQL programs.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql)

generate: $(STAMP) $(TS_MODULES)
	scripts/generate.sh

# make lock: after a pyproject.toml's dependencies change; pins that still fit are kept.
# make upgrade: on purpose, every pin to the newest release its range allows, then the whole suite.
# The image's lock is compiled within the dev lock's pins, so the image runs the versions the tests ran.
# The tournaments extra requires the SDK, which is not on an index: the resolver finds it as a wheel built
# from ./sdk, and the lock leaves it out as pip-compile leaves out an "unsafe" package (the list named
# replaces the default one, so setuptools and pip are pinned as before); make installs ./sdk itself.
SDK_WHEELS := $(VENV)/sdk-wheel
lock: $(STAMP)
	rm -rf $(SDK_WHEELS) && $(BIN)/pip wheel --quiet --no-deps --no-build-isolation --wheel-dir $(SDK_WHEELS) ./sdk
	$(subst --allow-unsafe,--unsafe-package tabletop-arena-sdk,$(PIP_COMPILE)) $(LOCK_FLAGS) --find-links $(SDK_WHEELS) \
		--extra dev --extra embedded --extra envs --extra tournaments \
		--output-file $(DEV_LOCK) pyproject.toml sdk/pyproject.toml
	$(PIP_COMPILE) $(LOCK_FLAGS) --constraint $(DEV_LOCK) --output-file $(DOCKER_LOCK) pyproject.toml

upgrade:
	$(MAKE) lock LOCK_FLAGS=--upgrade
	$(MAKE) test

bench: $(STAMP) postgresql
	$(BIN)/python -m bench.engine_bench
	$(BIN)/python -m bench.http_bench
	$(BIN)/python -m bench.bots_bench --matches 500
	$(BIN)/python -m bench.slow_clients_bench
	$(BIN)/python -m bench.waiters_bench
	$(BIN)/python -m bench.referee_bench
	$(BIN)/python -m bench.bot_requests_bench
	$(BIN)/python -m bench.evaluation_bench
	$(BIN)/python -m bench.server_cpu_bench
	$(BIN)/python -m bench.peer
	$(BIN)/python -m bench.redis_client_bench
	$(BIN)/python -m bench.capacity_bench
	$(BIN)/python -m bench.replay_bench
	$(BIN)/python -m bench.compaction_bench
	$(BIN)/python -m bench.tournament_overhead_bench
	$(BIN)/python -m bench.tournament_workers_bench
	$(BIN)/python -m bench.webhooks_bench

clean:
	rm -rf $(VENV) .arena-data .mypy_cache .ruff_cache .pytest_cache
	rm -rf $(TS)/node_modules $(TS)/dist $(TS)/build-test $(TS)/*.tgz
