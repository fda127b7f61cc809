"""One date format per language (issue 23): templates name DATE_FORMAT or
DATETIME_FORMAT (or ISO 'c' for machines), and each language defines them once."""

import datetime
import re
from pathlib import Path

import pytest
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


@pytest.mark.django_db
def test_dates_inside_messages_use_the_languages_format():
    """Dates a sentence carries (a night refused, a list deadline on the home page) read in
    the language's DATE_FORMAT/DATETIME_FORMAT, not ISO."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from league.models import League
    from malediction.models import Event, Registration
    from malediction.selectors import home_needs
    from nights import services
    from tests.nights.conftest import running_campaign

    campaign, _crews, organizer = running_campaign(2)
    night = services.open_night(campaign=campaign, actor=organizer,
                                date=datetime.date(2026, 11, 3))
    with translation.override("fr"), pytest.raises(services.NightError) as refused:
        services.open_night(campaign=campaign, actor=organizer)
    assert "mar 3 novembre 2026" in str(refused.value) and night.date.isoformat() not in str(
        refused.value)

    player = get_user_model().objects.create_user("lister", password="x")
    deadline = timezone.make_aware(datetime.datetime(2026, 12, 24, 18, 30))
    event = Event.objects.create(league=League.objects.get(pk=campaign.league_id),
                                 name="Relic Night", created_by=organizer,
                                 list_deadline=deadline)
    Registration.objects.create(event=event, player=player)
    with translation.override("en-gb"):
        sentence = next(n[1] for n in home_needs(player) if n[0] == "malediction_list")
    assert sentence == "Submit your war band list before Thu 24 Dec 2026, 18:30.", sentence
