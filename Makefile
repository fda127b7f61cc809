# Shortcuts; the README's two commands are scripts/run and scripts/test.
.PHONY: run test ci bench bench-services load lint

run:
	scripts/run

test:
	scripts/test

ci:
	bash .ci/run

bench:
	VENV_EXTRAS=test bash -c 'source scripts/_venv.sh && .venv/bin/python -m bench.bench_odds \
	  && .venv/bin/python -m bench.bench_sheet && .venv/bin/python -m bench.bench_turnover \
	  && .venv/bin/python -m bench.bench_aftermath \
	  && .venv/bin/python -m bench.bench_standings && .venv/bin/python -m bench.bench_simulator \
	  && .venv/bin/python -m bench.bench_predict && .venv/bin/python -m bench.bench_hashers'

# The same figures on the machine's PostgreSQL and Redis (the turnover benchmark needs them).
bench-services:
	DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \
	  $(MAKE) bench

# 20 players for 60 s against gunicorn, PostgreSQL and Redis on loopback (bench/load/).
load:
	DATABASE_URL=$${LOAD_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/malifaux_load} \
	  REDIS_URL=$${LOAD_REDIS_URL:-redis://127.0.0.1:6379/3} \
	  VENV_EXTRAS=test bash -c 'source scripts/_venv.sh && .venv/bin/python -m bench.load.run'

lint:
	.venv/bin/python -m ruff check .
