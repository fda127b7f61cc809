"""One date format per language (issue 23): templates name DATE_FORMAT or
DATETIME_FORMAT (or ISO 'c' for machines), and each language defines them once."""

import datetime
import re
from pathlib import Path

from django.utils import translation
from django.utils.formats import date_format

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_templates_use_the_named_formats_only():
    literal = re.compile(r"""\|date:["'](?!c["']|DATE_FORMAT|DATETIME_FORMAT|SHORT_)""")
    found = [f"{p.relative_to(TEMPLATES)}: {m.group(0)}" for p in TEMPLATES.rglob("*.html")
             for m in literal.finditer(p.read_text())]
    assert not found, found


def test_each_language_has_its_own_format():
    day = datetime.date(2026, 11, 3)
    with translation.override("en-gb"):
        assert date_format(day, "DATE_FORMAT") == "Tue 3 Nov 2026"
    with translation.override("fr"):
        assert date_format(day, "DATE_FORMAT") == "mar 3 novembre 2026"
