"""Campaign writes. Every change to campaigns, crews, arsenals and ledgers goes through
these functions: each is one transaction that locks what it changes, re-checks the
rules under the lock, records what happened (ledger entries, arsenal events) and returns
a small result. Views, the API, Celery tasks and commands all call them."""
