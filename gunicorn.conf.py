"""Gunicorn settings for production: ``gunicorn -c gunicorn.conf.py config.wsgi``.

Threaded workers (gthread): a login spends a tenth of a second of CPU hashing its
password (Argon2 releases the GIL), and with sync workers every page queued behind it.
Each worker warms up as it starts (``config/warmup.py``): views imported, templates
compiled, translations loaded.
Two processes (one per core on the reference machine) with a few threads each keep pages
flowing while logins hash. Each thread holds its own database connection, so
``workers * threads`` connections are open at most. ``bench/load/`` measures this.
"""

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", str(os.cpu_count() or 2)))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
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
