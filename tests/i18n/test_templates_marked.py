"""Every user-visible string in the templates is inside a translate tag.

Parses each template (the project's and the apps' own) with ``template_text``; the few
strings allowed to stay as they are (names that are the same in every language) are listed
in EXEMPT with their template."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from tests.i18n.template_text import untranslated

#: File formats and Malediction's stat names (ACC, DEF, HP are printed so on every card, in
#: every language) are the same words in French.
EXEMPT: dict[str, set[str]] = {
    "templates/malediction/_card.html": {"ACC ·", "· DEF · HP"},
    "templates/malediction/pack_detail.html": {"JSON", "CSV"},
    "templates/malediction/pack_list.html": {"JSON", "CSV"},
    "templates/malediction/standings.html": {"CSV", "XLSX", "PDF"},
    "templates/malediction/war_band_detail.html": {"PDF"},
}


def templates() -> list[Path]:
    roots = [Path(d) for d in settings.TEMPLATES[0]["DIRS"]]
    roots += [p for p in Path(settings.BASE_DIR).glob("*/templates") if p.is_dir()]
    return sorted(p for root in roots for p in root.rglob("*")
                  if p.suffix in (".html", ".txt") and ".venv" not in p.parts)


def test_there_are_templates_to_check():
    assert len(templates()) > 50


@pytest.mark.parametrize("path", templates(), ids=lambda p: str(p.relative_to(settings.BASE_DIR)))
def test_template_text_is_marked_for_translation(path: Path):
    allowed = EXEMPT.get(str(path.relative_to(settings.BASE_DIR)), set())
    found = [u for u in untranslated(path.read_text(encoding="utf-8")) if u.text not in allowed]
    assert not found, f"Text not inside {{% translate %}} in {path}:\n" + "\n".join(
        map(str, found))


@pytest.mark.parametrize("source, expected", [
    ("<p>Hello there</p>", ["Hello there"]),
    ("<h1>{{ crew }} has the bye</h1>", ["has the bye"]),
    ('<input type="submit" value="Send">', ["Send"]),
    ('<a title="Open the sheet" href="/x/">{{ crew }}</a>', ["Open the sheet"]),
    ('<td data-label="Scrip">{{ crew.scrip }}</td>', ["Scrip"]),
    ("{% block title %}Standings{% endblock %}", ["Standings"]),
])
def test_the_scanner_finds_unmarked_text(source, expected):
    assert [u.text for u in untranslated(source)] == expected


@pytest.mark.parametrize("source", [
    '{% load i18n %}<p>{% translate "Hello there" %}</p>',
    "<p>{% blocktranslate with n=crew %}{{ n }} has the bye{% endblocktranslate %}</p>",
    '<td data-label="{% translate \'Scrip\' %}">{{ crew.scrip }}</td>',
    "<p>{{ crew }} · {{ crew.scrip }} — 6-3</p>",
    "<script>var x = 'not prose';</script><code>Authorization: Bearer</code>",
    "{# a comment #}<!-- another --><p>&nbsp;&middot;</p>",
    '<a href="{% url \'home\' %}" class="button wide">{{ label }}</a>',
])
def test_the_scanner_accepts_marked_or_wordless_text(source):
    assert untranslated(source) == []
