"""Gunicorn settings for production: ``gunicorn -c gunicorn.conf.py config.wsgi``.

Sync workers, ``2 x cores + 1`` of them (gunicorn's own starting point): each worker
answers one request at a time and takes a new connection only when it is free, so a login
spending a tenth of a second hashing its password (Argon2, on every core) holds up no
page: the other workers take them. Threaded workers (gthread, the setting before issue
26) shared one interpreter lock per worker: two requests in one worker took turns, and a
page making a dozen database round trips waited for the lock after each one (up to 5 ms
each) while its neighbour ran; kept-alive connections also stayed on the worker that took
them, however busy. One request per process leaves the scheduling to the kernel.
Each worker warms up as it starts (``config/warmup.py``): views imported, templates
compiled, translations and rule tables loaded, the hasher's library imported, its
database and cache connections opened. Each worker holds one database connection.
``bench/load/`` measures this. ``GUNICORN_WORKER_CLASS=gthread`` (with
``GUNICORN_THREADS``) brings threads back, for slow clients without a buffering proxy.
"""

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", str(2 * (os.cpu_count() or 1) + 1)))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "sync")
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5  # gthread only: sync workers close each connection after its response
# Recycle workers now and then so a slow leak never grows for ever.
max_requests = 2000
max_requests_jitter = 200
# The HTTPS proxy in front sets X-Forwarded-Proto; trust it from these addresses only.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = os.environ.get("GUNICORN_ACCESSLOG") or None
errorlog = "-"


def post_worker_init(worker):
    """Do the first request's one-off work now (config/warmup.py), not in that request."""
    from config.warmup import warm_up

    worker.log.info("Worker warmed up: %s", warm_up())
