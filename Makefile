# Shortcuts; the README's two commands are scripts/run and scripts/test.
.PHONY: run test ci bench bench-services lint

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
	  && .venv/bin/python -m bench.bench_standings'

# The same figures on the machine's PostgreSQL and Redis (the turnover benchmark needs them).
bench-services:
	DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \
	  $(MAKE) bench

lint:
	.venv/bin/python -m ruff check .
