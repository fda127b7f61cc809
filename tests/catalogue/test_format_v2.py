"""Pack format 2: everything a printed card holds, every problem reported per element,
format 1 packs unchanged, and the simulator reading what format 2 stores."""

from __future__ import annotations

import pytest

from autoresolve.inputs import card_dict
from catalogue.csv_format import document_from_csv
from catalogue.exporter import export_pack_csv, export_pack_json
from catalogue.importer import import_pack
from catalogue.models import ContentPack, ModelCard
from catalogue.sample import sample_document
from rules.engine.simulation import ModelInput
from rules.engine.simulation.crews import build_profile, parse_actions
from tests.catalogue.factories import master_row, model_row, pack_document

pytestmark = pytest.mark.django_db

FULL_ACTIONS = [
    {"name": "Twin Hooks", "ap": 1, "kind": "attack", "stat": "Ml", "value": 6,
     "suits": ["masks"], "range": "melee 2", "resist": "Df", "damage": "2/3/4",
     "triggers": [
         {"suits": ["rams"], "name": "Hook In", "timing": "after_damaging",
          "text": "Push the target up to 2\" towards this model."},
         {"suits": ["masks"], "name": "Feint", "timing": "when_declaring",
          "text": "This attack ignores cover."}]},
    {"name": "Scatter Charge", "ap": 2, "stat": "Sh", "value": 5, "range": "10\"",
     "resist": ["Df", "Wp"], "damage": "2/3b/4bb", "text": "A loud bang."},
    {"name": "Stand Fast", "ap": 0, "stat": "Wp", "value": 5, "tn": 12, "tn_suits": ["T"],
     "range": "self", "text": "This model gains Shielded +1.",
     "effects": [{"kind": "gain_condition", "name": "shielded", "value": 1}]},
    {"name": "Wail", "ap": 3, "stat": "Ca", "value": 5, "range": "Aura 3\"", "resist": "Wp",
     "text": "Enemies in range gain Slow."},
    {"name": "Ring Out", "stat": "Ca", "value": 5, "range": "pulse 6", "resist": "Wp",
     "damage": "1/2/3"},
]  # fmt: skip


def v2_document(**changes):
    changes.setdefault("actions", FULL_ACTIONS)
    row = model_row(name="Doc Hooker", abilities=[
        {"name": "Hard to Kill", "text": "Cannot be killed while it has 2 or more Wd."},
        {"name": "Counterblow", "kind": "defensive_trigger", "suits": ["crows"],
         "text": "After this model is damaged by a melee attack, it deals 1 damage to the "
                 "attacker."},
    ], **changes)
    document = pack_document(models=[master_row(), row])
    document["format"] = 2
    document["conditions"] = [
        {"name": "Soaked", "text": "This model suffers -1 Wk.",
         "effects": [], "unread": ["This model suffers -1 Wk."]},
    ]
    return document


def test_v2_card_keeps_ap_ranges_resists_blasts_tn_suits_triggers_and_conditions():
    result = import_pack(v2_document())
    assert result.ok, [str(e) for e in result.errors]
    pack = ContentPack.objects.get()
    assert pack.format_version == 2
    assert pack.conditions == [{"name": "Soaked", "text": "This model suffers -1 Wk.",
                                "effects": [], "unread": ["This model suffers -1 Wk."]}]
    card = ModelCard.objects.get(name="Doc Hooker")
    hooks, scatter, stand, wail, ring = card.actions
    assert "ap" not in hooks  # 1 AP is the default, stored as the simulator reads it
    assert hooks["range"] == 'melee 2"' and hooks["suits"] == ["masks"]
    assert [t["timing"] for t in hooks["triggers"]] == ["after_damaging", "when_declaring"]
    assert scatter["ap"] == 2 and scatter["resist"] == "Df or Wp"
    assert scatter["damage"] == "2/3b/4bb"
    assert stand["ap"] == 0 and stand["tn_suits"] == ["tomes"] and stand["range"] == "self"
    assert stand["effects"] == [{"kind": "gain_condition", "name": "shielded", "value": 1}]
    assert wail["ap"] == 3 and wail["range"] == 'Aura 3"'
    assert ring["range"] == 'Pulse 6"'
    defensive = card.abilities[1]
    assert defensive["kind"] == "defensive_trigger" and defensive["suits"] == ["crows"]


def test_v2_export_imports_back_identically_in_json_and_csv():
    assert import_pack(v2_document()).ok
    first = export_pack_json(ContentPack.objects.get())
    assert first["format"] == 2
    csv_files = export_pack_csv(ContentPack.objects.get())
    ContentPack.objects.all().delete()
    document, errors = document_from_csv(csv_files)
    assert not errors
    assert import_pack(document).ok
    assert export_pack_json(ContentPack.objects.get()) == first


def test_simulator_reads_v2_cards_and_honours_ap_cost():
    assert import_pack(v2_document()).ok
    data = card_dict(ModelCard.objects.prefetch_related("factions").get(name="Doc Hooker"))
    profile = build_profile(ModelInput(id="a1", card=data))
    by_name = {a.name: a for a in profile.actions}
    assert by_name["Twin Hooks"].ap == 1 and by_name["Twin Hooks"].kind == "close"
    assert by_name["Twin Hooks"].range == 2.0
    assert by_name["Scatter Charge"].ap == 2
    assert by_name["Stand Fast"].ap == 0 and by_name["Stand Fast"].kind == "self"
    assert by_name["Wail"].ap == 3
    assert by_name["Ring Out"].kind == "pulse"
    # A "Df or Wp" attack is played since simulator 1.6: the target resists with the
    # better of the two.
    assert by_name["Scatter Charge"].modelled
    assert by_name["Scatter Charge"].resists == ("df", "wp")


def test_blast_damage_reaches_the_simulator_track():
    [action] = parse_actions({"name": "Bang", "stat": "Sh", "value": 5, "range": '10"',
                              "resist": "Df", "damage": "2/3b/4bb"}, "test")
    assert action.damage.blasts == (0, 1, 2)


def test_every_problem_is_reported_per_trigger_naming_card_element_and_field():
    bad = [
        {"name": "Claw", "ap": 5, "stat": "Ml", "value": 6, "range": "touch", "resist": "Luck",
         "triggers": [
             {"name": "Rend", "suits": [], "timing": "sometimes"},
             {"name": "Gouge", "suits": ["stars"]},
             {"suits": ["rams"]},
         ]},
        {"name": "Spit", "tn_suits": ["rams"], "effects": [{"value": 2}, "burn"]},
    ]
    document = v2_document(actions=bad)
    result = import_pack(document)
    assert not result.ok
    texts = [str(e) for e in result.errors]
    expected = [
        "action 1 ('Claw'): ap: 5 is out of range",
        "action 1 ('Claw'): range: 'touch' is not a range",
        "action 1 ('Claw'): resist: 'Luck' is not a stat",
        "action 1 ('Claw'), trigger 1 ('Rend'): suits: needs at least one suit",
        "action 1 ('Claw'), trigger 1 ('Rend'): timing: 'sometimes' is not a trigger timing",
        "action 1 ('Claw'), trigger 2 ('Gouge'): suits: 'stars' is not a suit",
        "action 1 ('Claw'), trigger 3 needs a name",
        "action 2 ('Spit'): tn_suits: give the TN too",
        "action 2 ('Spit'): effects[0].kind: None is not an effect kind",
        "action 2 ('Spit'): effects[1]: must be an object",
    ]
    for message in expected:
        assert any(t.startswith("models row 2, field 'actions': ") and message in t
                   for t in texts), (message, texts)
    assert all(e.card == "Doc Hooker" for e in result.errors)
    assert result.errors[0].as_dict()["card"] == "Doc Hooker"
    assert not ContentPack.objects.exists()


def test_format_one_rejects_format_two_keys_and_blasts_with_a_hint():
    row = model_row(name="Doc Old", actions=[{"name": "Bang", "ap": 2, "damage": "1/2b/3"}])
    result = import_pack(pack_document(models=[master_row(), row]))
    texts = [str(e) for e in result.errors]
    assert any("'ap' is not a known key (a format 2 key" in t for t in texts), texts
    assert any("Blasts need format 2" in t for t in texts), texts


def test_format_one_sample_pack_imports_unchanged():
    document = sample_document()
    assert document.get("format", 1) == 1
    assert import_pack(document).ok
    for row in document["models"]:
        card = ModelCard.objects.get(slug=row.get("slug") or None) if row.get("slug") else (
            ModelCard.objects.get(name=row["name"]))
        assert card.actions == row.get("actions", [])
        assert card.abilities == row.get("abilities", [])
    assert ContentPack.objects.get().format_version == 1


def test_csv_without_a_format_column_is_format_one():
    files = {"pack.csv": "name,slug\nOld,old\n",
             "models.csv": "name,factions,station,cost,wk,ht,wp,df,wd,base_size,actions\n"
                           'Odd,guild,minion,4,5,2,5,5,6,30,"[{""name"": ""Wave"", '
                           '""range"": ""across the table""}]"\n'}
    document, errors = document_from_csv(files)
    assert not errors and document["format"] == 1
    result = import_pack(document)
    assert result.ok, [str(e) for e in result.errors]
    assert ModelCard.objects.get().actions == [{"name": "Wave", "range": "across the table"}]


def test_import_page_lists_every_trigger_problem_with_the_card(client):
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from tests.catalogue.factories import organizer

    bad = [{"name": "Claw", "triggers": [{"name": "Rend", "suits": []},
                                         {"name": "Gouge", "suits": ["stars"]}]}]
    client.force_login(organizer())
    upload = SimpleUploadedFile("pack.json", json.dumps(v2_document(actions=bad)).encode())
    html = client.post(reverse("catalogue:pack-import"), {"file": upload}).content.decode()
    assert html.count("<strong>Doc Hooker</strong>") == 2
    assert "trigger 1 (&#x27;Rend&#x27;): suits: needs at least one suit" in html
    assert "trigger 2 (&#x27;Gouge&#x27;): suits: &#x27;stars&#x27; is not a suit" in html


def test_pack_api_says_which_format_a_pack_came_in():
    from rest_framework.test import APIClient

    assert import_pack(v2_document()).ok
    body = APIClient().get(f"/api/rules/packs/{ContentPack.objects.get().slug}/").json()
    assert body["format_version"] == 2
