"""What the simulator plays, per card and per pack (pages and API), and the organizer's
correction of a card's structured effects (validated, all or nothing)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from catalogue.coverage import model_coverage
from catalogue.effects_editing import correct_effects
from catalogue.importer import import_pack
from catalogue.models import ContentPack, ModelCard
from tests.catalogue.factories import master_row, model_row, organizer, pack_document
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

SHOVE = "The target gains Slow."
UNREADABLE = "This model may borrow the target's shadow until the moon sets."


def load_pack():
    row = model_row(name="Doc Shover", abilities=[{"name": "Odd Habit", "text": UNREADABLE}],
                    actions=[{"name": "Shove Off", "stat": "Ml", "value": 5, "range": "melee 1",
                              "resist": "Df", "damage": "1/2/3",
                              "triggers": [{"suits": ["rams"], "name": "Heave",
                                            "timing": "after_succeeding", "text": SHOVE},
                                           {"suits": ["masks"], "name": "Mumble",
                                            "text": UNREADABLE}]},
                             {"name": "Ponder", "ap": 2, "range": "self",
                              "text": UNREADABLE}])
    document = pack_document(models=[master_row(), row])
    document["format"] = 2
    assert import_pack(document).ok
    return ModelCard.objects.get(name="Doc Shover")


def test_every_element_the_simulator_cannot_play_is_listed_with_a_reason():
    card = load_pack()
    coverage = model_coverage(card)
    by_label = {e.label: e for e in coverage.elements}
    assert by_label["action Shove Off"].status == "played"
    assert by_label["ability Odd Habit"].status == "not_modelled"
    assert by_label["trigger Mumble of Shove Off"].status == "not_modelled"
    assert by_label["action Ponder"].status == "not_modelled"
    not_played = {e.label for e in coverage.not_played}
    assert {"ability Odd Habit", "trigger Mumble of Shove Off", "action Ponder"} <= not_played
    assert all(e.reasons for e in coverage.not_played)
    assert coverage.status == "partly"


def test_card_page_shows_badge_and_both_lists(client):
    card = load_pack()
    html = client.get(reverse("catalogue:model", args=[card.pack.slug, card.slug])).content
    html = html.decode()
    assert 'id="coverage"' in html and 'class="coverage-badge coverage-partly"' in html
    assert "trigger Mumble of Shove Off" in html.split('id="coverage-not-played"')[1]
    assert "action Shove Off" in html.split('id="coverage-played"')[1]
    assert "(2) Ponder" in html  # the AP cost is shown as printed
    assert 'id="correct-effects"' not in html  # only for organizers


def test_card_coverage_api_lists_every_element():
    from rest_framework.test import APIClient

    card = load_pack()
    body = APIClient().get(f"/api/rules/models/{card.pk}/coverage/").json()
    assert body["card"] == "Doc Shover" and body["status"] == "partly"
    lines = [e.get("line", "") for e in body["elements"]]
    assert any(line.startswith("ability Odd Habit (text not read") for line in lines), lines
    assert {e["status"] for e in body["elements"]} == {"played", "not_modelled"}


def test_pack_coverage_page_and_api_give_shares(client, django_assert_max_num_queries):
    card = load_pack()
    url = reverse("catalogue:pack-coverage", args=[card.pack.slug])
    with django_assert_max_num_queries(12):
        response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 200 and 'id="coverage-shares"' in html
    assert "Doc Shover" in html and 'data-role="trigger"' in html
    from rest_framework.test import APIClient

    body = APIClient().get(f"/api/rules/packs/{card.pack.slug}/coverage/").json()
    assert body["summary"]["cards"] == 2
    assert 0 < body["summary"]["by_role"]["trigger"]["played"] < 1
    assert [c["card"] for c in body["cards"]] == ["Doc Master", "Doc Shover"]


# --- Correcting effects ----------------------------------------------------------------


def test_organizer_corrects_effects_and_coverage_follows(client):
    card = load_pack()
    client.force_login(organizer())
    url = reverse("catalogue:model-effects", args=[card.pack.slug, card.slug])
    page = client.get(url)
    assert page.status_code == 200 and "(read from the text)" in page.content.decode()
    corrected = json.dumps({"effects": [{"kind": "twist", "sign": 1, "flip": "duel",
                                         "scope": {"who": "self"}}]})
    response = client.post(url, {"actions-0-triggers-1": corrected})
    assert response.status_code == 302
    card.refresh_from_db()
    mumble = card.actions[0]["triggers"][1]
    assert mumble["effects"] == [{"kind": "twist", "sign": 1, "scope": {"who": "self"}}]
    assert mumble["text"] == UNREADABLE  # the printed text stays
    # Clearing the box reads the text again.
    assert client.post(url, {"actions-0-triggers-1": ""}).status_code == 302
    card.refresh_from_db()
    assert "effects" not in card.actions[0]["triggers"][1]


def test_bad_corrections_are_all_reported_and_nothing_is_saved(client):
    card = load_pack()
    before = card.actions
    client.force_login(organizer())
    url = reverse("catalogue:model-effects", args=[card.pack.slug, card.slug])
    response = client.post(url, {
        "actions-0": json.dumps({"effects": [{"kind": "heal", "amount": 0}]}),
        "abilities-0": "{not json",
        "actions-0-triggers-0": json.dumps([{"kind": "heal", "amount": 1}]),
    })
    assert response.status_code == 400
    html = response.content.decode()
    assert "effects[0].amount: must be 1 or more" in html and "is not valid JSON" in html
    card.refresh_from_db()
    assert card.actions == before


def test_correcting_effects_is_for_organizers_only(client):
    card = load_pack()
    url = reverse("catalogue:model-effects", args=[card.pack.slug, card.slug])
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403
    assert client.post(url, {"actions-0": "[]"}).status_code == 403


def test_unknown_element_keys_are_refused_by_the_service():
    card = load_pack()
    result = correct_effects(card_id=card.pk, corrections={"actions-9": "[]"})
    assert not result.ok and "actions-9" in result.errors


def test_admin_form_validates_effects_json(client):
    from catalogue.forms import ModelCardAdminForm

    card = load_pack()
    data = {field: getattr(card, field) for field in ("name", "slug", "station", "cost", "wk",
                                                     "cg", "ht", "wp", "df", "wd", "base_size")}
    actions = json.loads(json.dumps(card.actions))
    actions[0]["effects"] = [{"kind": "summon", "model": ""}]
    data.update(pack=card.pack.pk, factions=list(card.factions.values_list("pk", flat=True)),
                characteristics=json.dumps(card.characteristics),
                abilities=json.dumps(card.abilities), actions=json.dumps(actions))
    form = ModelCardAdminForm(data=data, instance=card)
    assert not form.is_valid()
    assert "effects[0].model" in str(form.errors)
    assert ContentPack.objects.count() == 1
