"""Work a fresh server process does once, before its first request rather than during it.

Without it, the first request a gunicorn worker answers imports every view (the URL
configuration), compiles the templates it touches and loads the translation catalogues:
about half a second on the reference machine, which the load benchmark saw as that
request's p95. The first login imported the password hasher's library (argon2) and the
cache's client (redis), and the first game or week page read and validated the rule
tables: tens of milliseconds each, paid once per worker by whichever visitor came first
(with 20 logins in a load run, two slow first logins are its p95). ``gunicorn.conf.py``
calls :func:`warm_up` as each worker starts.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings


def warm_up() -> dict[str, int]:
    """Import the URL configuration, compile the project's templates, load translations,
    the rule tables, the password hasher's library, and open the cache and database
    connections. Returns what was done, by part, for the log."""
    from django.template import engines
    from django.urls import get_resolver
    from django.utils import formats, translation

    resolver = get_resolver()
    resolver.reverse_dict  # noqa: B018 - imports every view and builds the reverse map
    templates = 0
    for engine in engines.all():
        for name in _project_templates(engine):
            engine.get_template(name)
            templates += 1
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Log in")
            formats.get_format("DATETIME_FORMAT")  # imports the language's format module
    return {"urls": len(resolver.url_patterns), "templates": templates,
            "rule tables": _rule_tables(), "hasher": _password_hasher(),
            "connections": _connections()}


def _rule_tables() -> int:
    """The rule tables and the data read from them on the game, week and sheet pages."""
    import rules.log_lines
    import rules.table_only  # noqa: F401
    from campaign.services.one_use import one_use_keys
    from rules import tables
    from rules.encounter_tables import encounter_tables
    from rules.summaries import french
    from rules.wording import rule_names

    loaded = tables.load_all()
    encounter_tables()
    rule_names()
    french()
    one_use_keys()
    return loaded


def _password_hasher() -> int:
    """Import the default hasher's library (argon2) now, not in the first login."""
    from django.contrib.auth.hashers import get_hasher

    hasher = get_hasher()
    if getattr(hasher, "library", None):
        hasher._load_library()
        return 1
    return 0


def _connections() -> int:
    """Open this thread's database and cache connections (the cache's client library is
    imported on first use). Under sync workers this thread answers every request."""
    from django.core.cache import cache
    from django.db import connection

    connection.ensure_connection()
    cache.get("warm-up")
    return 2


def _project_templates(engine) -> list[str]:
    """Every template in the project's own template folders (not the libraries')."""
    root = Path(settings.BASE_DIR).resolve()
    names = []
    for folder in getattr(engine, "template_dirs", ()):
        folder = Path(folder).resolve()
        if root not in folder.parents or ".venv" in folder.parts:
            continue
        names += [path.relative_to(folder).as_posix() for path in sorted(folder.rglob("*.html"))]
    return names
