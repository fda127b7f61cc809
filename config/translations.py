"""The compiled translation catalogues (.mo) are built from the committed .po files, never
committed themselves: scripts/run and scripts/test compile them (``manage.py
compilemessages``, which needs GNU gettext's msgfmt), and the test session compiles any
that are missing or older than their .po, so a French page never runs on a stale catalogue.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from django.conf import settings


def catalogues() -> list[Path]:
    return sorted(po for path in settings.LOCALE_PATHS for po in Path(path).rglob("*.po"))


def stale(po: Path) -> bool:
    mo = po.with_suffix(".mo")
    return not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime


def compile_stale() -> list[Path]:
    """Compile each catalogue whose .mo is missing or out of date; returns those compiled."""
    todo = [po for po in catalogues() if stale(po)]
    if todo and not shutil.which("msgfmt"):
        raise RuntimeError("msgfmt not found: install GNU gettext (apt-get install gettext) "
                           "to compile the translations.")
    for po in todo:
        subprocess.run(["msgfmt", "--check-format", "-o", str(po.with_suffix(".mo")), str(po)],
                       check=True, capture_output=True, text=True)
    return todo
