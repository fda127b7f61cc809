"""The French catalogue is complete and up to date with the code.

``makemessages`` runs on a throwaway copy (the apps linked, the catalogue copied), so the
committed catalogue is never touched: afterwards the copy must hold no untranslated and
no fuzzy message (a fuzzy one is a new or changed string that msgmerge guessed from an
old one), and exactly the messages the committed catalogue holds."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

BASE = Path(settings.BASE_DIR)
CATALOGUE = BASE / "locale" / "fr" / "LC_MESSAGES" / "django.po"
NOT_SCANNED = {"tests", "bench", "scripts", "docs", "locale", "staticfiles", "node_modules"}

pytestmark = pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext is needed")


def msgids(po: Path) -> set[str]:
    """The message ids of a catalogue (not the header, not obsolete entries)."""
    text = po.read_text(encoding="utf-8")
    ids = set()
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#")]
        joined, current = {}, None
        for line in lines:
            match = re.match(r'^(msgid|msgid_plural|msgctxt|msgstr(?:\[\d\])?) (".*")$', line)
            if match:
                current = match.group(1)
                joined[current] = json.loads(match.group(2))
            elif line.startswith('"') and current:
                joined[current] += json.loads(line)
        if joined.get("msgid"):
            ids.add(joined["msgid"])
    return ids


def statistics(po: Path) -> str:
    done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
                          capture_output=True, text=True, check=True)
    return done.stderr


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    """makemessages -l fr on a copy of the project: the apps linked, the catalogue copied."""
    copy = tmp_path_factory.mktemp("project")
    for entry in BASE.iterdir():
        if entry.name.startswith(".") or entry.name in NOT_SCANNED:
            continue
        if entry.is_dir():
            (copy / entry.name).symlink_to(entry)
    shutil.copytree(BASE / "locale", copy / "locale")
    subprocess.run(
        [sys.executable, str(BASE / "manage.py"), "makemessages", "-l", "fr", "--symlinks",
         "--no-obsolete", "-v", "0"],
        cwd=copy, check=True, capture_output=True, text=True,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "config.settings",
             "PYTHONPATH": str(BASE)},
    )
    return copy / "locale" / "fr" / "LC_MESSAGES" / "django.po"


def test_the_committed_catalogue_is_fully_translated():
    stats = statistics(CATALOGUE)
    assert "untranslated" not in stats and "fuzzy" not in stats, stats


def test_every_message_in_the_code_is_in_the_catalogue_and_translated(regenerated):
    stats = statistics(regenerated)
    assert "untranslated" not in stats and "fuzzy" not in stats, (
        f"The code has messages the French catalogue lacks ({stats.strip()}): run "
        "manage.py makemessages -l fr and translate them.")


def test_the_catalogue_holds_no_message_the_code_no_longer_has(regenerated):
    stale = msgids(CATALOGUE) - msgids(regenerated)
    assert not stale, f"Messages no longer in the code: {sorted(stale)[:10]}"


def test_the_compiled_catalogue_is_up_to_date():
    from config.translations import catalogues, stale

    assert CATALOGUE in catalogues()
    assert not stale(CATALOGUE), "locale/fr/LC_MESSAGES/django.mo is older than its .po"
