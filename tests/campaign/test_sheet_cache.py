"""The arsenal sheet's cache: a hit costs almost nothing, every write shows at once, and no
viewer is ever served another viewer's view (``campaign.sheet_cache``)."""

import re

import pytest
from django.apps import apps
from django.core.cache import cache
from django.db import connection
from django.db import models as django_models
from django.test import Client, RequestFactory
from django.utils import translation

from campaign import sheet_cache
from campaign.models import (
    ArsenalEvent,
    ArsenalModel,
    ArsenalUpgrade,
    Crew,
    Fortification,
    HideOut,
    ScripEntry,
)
from campaign.selectors import sheet_crew_queryset
from campaign.services import arsenal, crews, scrip
from campaign.weeks import services as weeks
from catalogue.models import ModelCard
from tests.aftermath.conftest import aftermaths, play
from tests.campaign.factories import campaign_in_week_one, faction, member


@pytest.fixture
def week_one(roster):
    campaign, (alpha, bravo), organizer = campaign_in_week_one(roster)
    return campaign, alpha, bravo, organizer


def sheet(client, crew) -> str:
    response = client.get(crew.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()


def content(html: str) -> str:
    """The page's main part with CSRF tokens blanked (they are masked afresh each time)."""
    main = html.split('<main id="content">')[1].split("</main>")[0]
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", main)


def viewers(crew, organizer):
    """A client per kind of viewer, the crew's player first."""
    clients = {}
    for name, user in (("owner", crew.player), ("organizer", organizer),
                       ("other player", member(crew.campaign.league)), ("anonymous", None)):
        clients[name] = Client()
        if user is not None:
            clients[name].force_login(user)
    return clients


def version(crew) -> tuple:
    """What the crew's sheet must be rendered with to be served (the cache key)."""
    return sheet_cache._lookup(sheet_crew_queryset().get(pk=crew.pk), "view")[0]


def test_a_repeat_view_comes_from_the_cache_in_one_query(client, week_one, monkeypatch,
                                                          django_assert_num_queries):
    _campaign, alpha, _bravo, _organizer = week_one
    monkeypatch.setattr(sheet_cache, "CHECK_HITS", False)
    first = sheet(client, alpha)
    monkeypatch.setattr(sheet_cache, "render_body", lambda *a, **k: pytest.fail("rendered"))
    with django_assert_num_queries(1):  # the crew with its campaign and league
        assert content(sheet(client, alpha)) == content(first)


def _guard(crew):
    return crew.models.filter(card__name="Guard").first()


def _sergeant(crew):
    return crew.models.get(card__name="Sergeant")


# Each write goes through a service (or the admin's save) and returns the crew to look at
# and a text its sheet must now show (None: the fresh render is compared, nothing more).
WRITES = {
    "scrip gained": lambda c, a, b, o: (a, scrip.gain_scrip(a, 4, week=1, reason="Found a purse")
                                        and "Found a purse"),
    "scrip spent": lambda c, a, b, o: (a, scrip.spend_scrip(a, 1, week=1, reason="A round")
                                       and "A round"),
    "organizer's adjustment": lambda c, a, b, o: (
        a, scrip.adjust_scrip(a, 2, week=1, reason="Fixed at the table", actor=o)
        and "Fixed at the table"),
    "injury": lambda c, a, b, o: (a, arsenal.add_injury(
        model=_guard(a), actor=a.player, key="hearing-voices", name="Hearing Voices",
        stat_effects={"wp": -2}) and "Hearing Voices"),
    "skill": lambda c, a, b, o: (a, arsenal.add_skill(
        model=_sergeant(a), actor=a.player, key="quick-draw", name="Quick Draw")
        and "Quick Draw"),
    "change of station": lambda c, a, b, o: (a, arsenal.change_station(
        model=_sergeant(a), actor=o, station="henchman") and None),
    "model annihilated": lambda c, a, b, o: (a, arsenal.annihilate_model(
        model=_sergeant(a), actor=a.player, why="lost") and "Sergeant (week 1)"),
    "leader annihilated, a successor leads": lambda c, a, b, o: (a, arsenal.annihilate_model(
        model=a.leader, actor=a.player, why="lost") and "Annihilated"),
    "upgrade moved": lambda c, a, b, o: (a, crews.attach_upgrade(
        crew=a, actor=a.player, upgrade=a.upgrades.get(name="Badge"), model=_sergeant(a))
        and None),
    "crew started anew": lambda c, a, b, o: (a, crews.start_anew(
        crew=a, actor=a.player, name="Phoenix", faction=faction()) and None),
    "week turned over": lambda c, a, b, o: (a, weeks.turn_over(c, 2) and "week 2"),
    "game confirmed, Aftermath opened": lambda c, a, b, o: (
        b, aftermaths(play(c, a, b, vp=(6, 2))) and "open the Aftermath"),
    "player renamed": lambda c, a, b, o: (a, _rename(a.player) and "Renamed Player"),
    "card renamed in the catalogue": lambda c, a, b, o: (a, _rename_card("Guard") and "Watchman"),
    "campaign ended (QuerySet.update)": lambda c, a, b, o: (
        a, type(c).objects.filter(pk=c.pk).update(status="ended") and "read-only"),
}


def _rename(user):
    user.display_name = "Renamed Player"
    user.save()
    return True


def _rename_card(name):
    card = ModelCard.objects.get(name=name)
    card.name = "Watchman"
    card.save()
    return True


@pytest.mark.parametrize("write", list(WRITES))
def test_every_write_shows_at_once_to_every_viewer(week_one, write):
    campaign, alpha, bravo, organizer = week_one
    clients = {crew.pk: viewers(crew, organizer) for crew in (alpha, bravo)}
    before = {pk: {name: sheet(c, Crew.objects.get(pk=pk)) for name, c in cs.items()}
              for pk, cs in clients.items()}
    keys = {pk: version(Crew.objects.get(pk=pk)) for pk in clients}
    crew, expected = WRITES[write](campaign, alpha, bravo, organizer)
    crew = Crew.objects.get(pk=crew.pk)
    assert version(crew) != keys[crew.pk]
    for name, client in clients[crew.pk].items():
        html = sheet(client, crew)  # a stale hit raises StaleSheet (CHECK_HITS)
        assert content(html) != content(before[crew.pk][name]), name
        if expected:
            assert expected in html, name


def test_a_row_moved_to_another_crew_changes_both_sheets(week_one):
    _campaign, alpha, bravo, _organizer = week_one
    badge = ArsenalUpgrade.objects.get(crew=alpha, name="Badge")
    keys = (version(alpha), version(bravo))
    badge.crew, badge.attached_to = bravo, None
    badge.save(update_fields=["crew", "attached_to"])
    assert version(alpha) != keys[0] and version(bravo) != keys[1]


def test_hide_out_rows_and_deletions_change_the_version(week_one):
    _campaign, alpha, _bravo, _organizer = week_one
    key = version(alpha)
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="den", name="Den")
    assert version(alpha) != key
    key = version(alpha)
    Fortification.objects.create(hide_out=hide_out, key="wall", name="Wall", built_week=1)
    assert version(alpha) != key
    key = version(alpha)
    ArsenalEvent.objects.filter(crew=alpha).first().delete()
    assert version(alpha) != key


def test_writes_that_send_no_signal_show_at_once(client, week_one):
    """QuerySet.update, bulk_create and bulk_update go through SheetRowsQuerySet."""
    _campaign, alpha, _bravo, _organizer = week_one
    sheet(client, alpha)
    ArsenalUpgrade.objects.filter(crew=alpha, name="Badge").update(name="Star")
    assert "Star" in sheet(client, alpha)  # a stale hit would raise StaleSheet
    ArsenalModel.objects.filter(crew=alpha).update(misses_next_game=True)  # Knocked Out
    assert "Knocked Out" in sheet(client, alpha)
    ScripEntry.objects.bulk_create([ScripEntry(crew=alpha, week=1, kind="adjustment",
                                               amount=0, reason="Bulk line")])
    assert "Bulk line" in sheet(client, alpha)
    guard = _guard(alpha)
    guard.station = "enforcer"
    ArsenalModel.objects.bulk_update([guard], ["station"])
    assert content(sheet(client, alpha))


def test_raw_sql_is_caught_in_tests_and_touch_fixes_it(client, week_one):
    _campaign, alpha, _bravo, _organizer = week_one
    sheet(client, alpha)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE campaign_arsenalupgrade SET name = %s WHERE crew_id = %s "
                       "AND name = %s", ["Star", alpha.pk, "Badge"])
    with pytest.raises(sheet_cache.StaleSheet):
        sheet(client, alpha)
    sheet_cache.touch([alpha.pk])
    assert "Star" in sheet(client, alpha)


def test_every_watched_model_writes_through_the_sheet_queryset():
    for label in sheet_cache.WATCHED:
        manager = apps.get_model(label)._default_manager
        assert isinstance(manager.all(), sheet_cache.SheetRowsQuerySet), label


def test_each_language_gets_its_own_body(week_one):
    _campaign, alpha, _bravo, _organizer = week_one
    crew = sheet_crew_queryset().get(pk=alpha.pk)
    request = RequestFactory().get("/")
    for language in ("en-gb", "de"):
        with translation.override(language):
            sheet_cache.sheet_body(request, crew, can_edit=False)
    assert cache.get(f"sheet:body:{crew.pk}:view:en-gb")
    assert cache.get(f"sheet:body:{crew.pk}:view:de")


def test_each_viewer_gets_their_own_view_and_csrf_token(week_one):
    _campaign, alpha, _bravo, organizer = week_one
    clients = viewers(alpha, organizer)
    for client in clients.values():
        client.handler.enforce_csrf_checks = True
    pages = {name: sheet(client, alpha) for name, client in clients.items()}
    assert "Move Badge" in pages["owner"] and "Move Badge" in pages["organizer"]
    assert "Move Badge" not in pages["other player"] and "Move Badge" not in pages["anonymous"]
    assert all(sheet_cache.CSRF_PLACEHOLDER not in html for html in pages.values())
    for name in ("owner", "organizer"):  # each form posts with its own viewer's token
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', pages[name]).group(1)
        action = re.search(r'<form method="post" action="([^"]+/move/)"', pages[name]).group(1)
        response = clients[name].post(action, {"csrfmiddlewaretoken": token,
                                               "model": str(_sergeant(alpha).pk)})
        assert response.status_code == 302, name


def test_every_model_pointing_at_a_crew_is_watched_or_not_on_the_sheet():
    """A new model that belongs to a crew must be placed here: on the sheet (watched) or not."""
    not_on_sheet = {
        "campaign.NewHires", "campaign.ConstructionEntry", "campaign.BulletDraw",
        "campaign.PitFight", "campaign.PitFightEntry", "encounters.Side", "nights.CheckIn",
        "nights.Pairing",
    }
    pointing = {
        model._meta.label for model in apps.get_models()
        for field in model._meta.concrete_fields
        if isinstance(field, django_models.ForeignKey) and field.related_model is Crew
    }
    assert not_on_sheet <= pointing
    unplaced = pointing - set(sheet_cache.WATCHED) - not_on_sheet
    assert not unplaced, f"Add to sheet_cache.WATCHED or to not_on_sheet: {sorted(unplaced)}"


def test_production_never_caches_sheets_in_one_process_memory(client, week_one, settings,
                                                               monkeypatch):
    """Another gunicorn worker's write could not reach a process-local cache."""
    _campaign, alpha, _bravo, _organizer = week_one
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    settings.PRODUCTION = True
    assert not sheet_cache.enabled()
    monkeypatch.setattr(sheet_cache, "_lookup", lambda *a: pytest.fail("looked up the cache"))
    assert "Alpha" in sheet(client, alpha)
