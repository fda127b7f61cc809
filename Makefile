# Shortcuts; the README's two commands are scripts/run and scripts/test.
.PHONY: run test ci bench lint

run:
	scripts/run

test:
	scripts/test

ci:
	bash .ci/run

bench:
	VENV_EXTRAS=test bash -c 'source scripts/_venv.sh && .venv/bin/python -m bench.bench_odds \
	  && .venv/bin/python -m bench.bench_sheet'

lint:
	.venv/bin/python -m ruff check .
