"""The community card data importer on our own invented fixtures in the crew builder's
shape: the JS is read without running it, every card's defects are reported, the
organizer imports the rest (page with preview/confirm, and a management command)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from catalogue.community.convert import read_damage, read_range, read_stat, read_tn, text_of
from catalogue.community.js_data import JsDataError, read_assignments
from catalogue.community.service import import_good_cards, preview
from catalogue.models import ContentPack, ModelCard
from tests.catalogue.factories import organizer
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent / "fixtures" / "community"


def fixture_files() -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(FIXTURES.glob("*.js"))}


# --- Reading JavaScript without running it ----------------------------------------------


def test_js_literals_are_read_with_bare_keys_comments_and_trailing_commas():
    found = read_assignments(
        "// data\nvar cards = {c1: {name: 'It\\'s', n: -2, ok: true, none: undefined,},};\n"
        "/* more */ export const actions = [1, \"two\", `three`]; window.triggers = {};")
    assert found == {"cards": {"c1": {"name": "It's", "n": -2, "ok": True, "none": None}},
                     "actions": [1, "two", "three"], "triggers": {}}


@pytest.mark.parametrize("code", [
    "var cards = {a: alert(1)};",
    "var cards = {a: `${document.cookie}`};",
    "var cards = {a: 1 + 2};",
    "var cards = {a: function () { return 1; }};",
    "var cards = {a: 'never closed};",
    "alert(1);",
])
def test_code_is_refused_never_run(code):
    with pytest.raises(JsDataError):
        read_assignments(code)


@settings(max_examples=60, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True), inner, max_size=4),
    max_leaves=12))
def test_any_json_value_reads_back_as_itself(value):
    import json

    assert read_assignments(f"var cards = {json.dumps({'v': value})};")["cards"] == {"v": value}


@pytest.mark.parametrize(("raw", "expected"), [
    (":melee2", 'melee 2"'), (":ranged12", '12"'), ("6", '6"'), (":aura3", 'Aura 3"'),
    (":pulse6", 'Pulse 6"'), ("", "self"),
])
def test_builder_ranges(raw, expected):
    assert read_range(raw) == expected


def test_builder_stats_tns_damage_and_tokens():
    assert read_stat("Ml 6:mask") == {"stat": "Ml", "value": 6, "suits": ["masks"]}
    assert read_tn("14:tome") == {"tn": 14, "tn_suits": ["tomes"]}
    assert read_damage("2/3:blast/4:blast:blast") == "2/3b/4bb"
    assert text_of("Gains :+fate on :ram duels; :blast") == "Gains + on Ram duels; Blast"


# --- Converting: every defect per card ------------------------------------------------


def test_preview_reports_each_defective_card_and_writes_nothing():
    conversion = preview(fixture_files(), name="Fixture Pack", slug="fixture-pack")
    assert not conversion.problems
    assert sorted(c.name for c in conversion.good) == ["Fixture Lamplighter",
                                                        "Fixture Wick Hound"]
    defects = {c.name: " | ".join(c.defects) for c in conversion.defective}
    assert "a Henchman without a Soulstone cache" in defects["Fixture Soot Sister"]
    assert "trigger 'Loose Grip' has no suit" in defects["Fixture Ember Imp"]
    assert "ability 'a9' does not exist" in defects["Fixture Lost Lantern"]
    assert "no station" in defects["Fixture Lost Lantern"]
    assert "range ':sideways9'" in defects["Fixture Squint Gunner"]
    assert "action 'x99' does not exist" in defects["Fixture Squint Gunner"]
    assert not ContentPack.objects.exists()


def test_import_the_rest_keeps_everything_the_card_prints_and_reads_the_texts():
    conversion = preview(fixture_files(), name="Fixture Pack", slug="fixture-pack")
    result = import_good_cards(conversion)
    assert result.ok, [str(e) for e in result.errors]
    assert ModelCard.objects.count() == 2
    master = ModelCard.objects.get(name="Fixture Lamplighter")
    assert master.station == "master" and master.cost is None and master.cache == 3
    assert master.is_unique and master.characteristics == ["Living"]
    pole, flare, trim, smoke = master.actions
    assert pole["range"] == 'melee 2"' and pole["suits"] == ["masks"] and "ap" not in pole
    scorch, shove = pole["triggers"]
    assert scorch["timing"] == "after_damaging" and scorch["suits"] == ["rams"]
    assert scorch["effects"] == [{"kind": "gain_condition", "name": "burning", "value": 1}]
    assert shove["effects"][0]["kind"] == "move"
    assert flare["ap"] == 2 and flare["resist"] == "Df or Wp" and flare["damage"] == "1/2b/3bb"
    assert flare["triggers"][0]["suits"] == ["tomes", "masks"]
    assert trim["ap"] == 0 and trim["tn"] == 12 and trim["tn_suits"] == ["tomes"]
    assert smoke["ap"] == 3 and smoke["range"] == 'Aura 3"'
    # What the parser cannot read stays text, listed as unread.
    assert master.abilities[0]["unread"] == [
        "Damage flips against this model suffer -."]
    hound = ModelCard.objects.get(name="Fixture Wick Hound")
    assert hound.station == "minion" and hound.rare == 3
    assert hound.abilities[0]["kind"] == "defensive_trigger"
    assert hound.abilities[0]["suits"] == ["crows"]
    assert ContentPack.objects.get().format_version == 2


# --- The command ------------------------------------------------------------------------


def test_command_refuses_defects_unless_told_to_import_the_rest(capsys):
    with pytest.raises(CommandError, match="--import-rest"):
        call_command("import_community_data", str(FIXTURES), "--name", "Fx", "--slug", "fx")
    assert not ContentPack.objects.exists()
    assert "Fixture Soot Sister: a Henchman without a Soulstone cache" in capsys.readouterr().err
    call_command("import_community_data", str(FIXTURES), "--name", "Fx", "--slug", "fx",
                 "--import-rest")
    assert ModelCard.objects.count() == 2


# --- The page -----------------------------------------------------------------------------


def uploads():
    return [SimpleUploadedFile(name, body, "text/javascript")
            for name, body in fixture_files().items()]


def test_page_is_for_organizers_only(client):
    url = reverse("catalogue:community-import")
    assert client.get(url).status_code in (302, 403)
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    assert client.post(reverse("catalogue:community-confirm"), {"token": "x"}).status_code == 403


def test_page_previews_then_imports_the_rest_on_confirm(client):
    client.force_login(organizer())
    response = client.post(reverse("catalogue:community-import"),
                           {"files": uploads(), "name": "Fixture Pack", "slug": "fixture-pack"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Fixture Soot Sister" in html and "a Henchman without a Soulstone cache" in html
    assert not ContentPack.objects.exists()
    token = response.context["token"]
    response = client.post(reverse("catalogue:community-confirm"), {"token": token})
    assert response.status_code == 302
    assert ModelCard.objects.count() == 2
    # The preview is used once.
    response = client.post(reverse("catalogue:community-confirm"), {"token": token})
    assert response.status_code == 302 and ModelCard.objects.count() == 2


def test_page_shows_unreadable_files_not_a_500(client):
    client.force_login(organizer())
    bad = SimpleUploadedFile("cards.js", b"var cards = {a: fetch('x')};", "text/javascript")
    response = client.post(reverse("catalogue:community-import"),
                           {"files": [bad], "name": "X", "slug": "x"})
    assert response.status_code == 200
    assert "cards.js: line 1" in response.content.decode()
    assert client.post(reverse("catalogue:community-import"), {}).status_code == 200
