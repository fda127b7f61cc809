"""Work a fresh server process does once, before its first request rather than during it.

Without it, the first request a gunicorn worker answers imports every view (the URL
configuration), compiles the templates it touches and loads the translation catalogues:
about half a second on the reference machine, which the load benchmark saw as that
request's p95. ``gunicorn.conf.py`` calls :func:`warm_up` as each worker starts.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings


def warm_up() -> dict[str, int]:
    """Import the URL configuration, compile the project's templates and load translations.
    Returns what was done, by part, for the log."""
    from django.template import engines
    from django.urls import get_resolver
    from django.utils import translation

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
    return {"urls": len(resolver.url_patterns), "templates": templates}


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
