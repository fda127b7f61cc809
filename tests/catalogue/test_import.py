"""Importing and exporting content packs: every rule of the format, all-or-nothing
imports, replacing a pack, JSON and CSV round trips, the commands and the sample pack."""

from __future__ import annotations

import copy
import io
import json
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils.text import slugify

from catalogue.csv_format import csv_from_document, document_from_csv, write_zip
from catalogue.exporter import export_pack_csv, export_pack_json, export_pack_zip
from catalogue.importer import import_pack, import_upload, read_upload
from catalogue.models import ContentPack, Faction, ModelCard, UpgradeCard
from catalogue.sample import load_sample_pack, sample_document
from catalogue.schema import RowError, validate_document
from tests.catalogue.factories import master_row, model_row, pack_document, upgrade_row

pytestmark = pytest.mark.django_db

FACTION_CODES = {
    "arcanists", "gremlins", "guild", "neverborn", "outcasts", "resurrectionists", "ten-thunders",
}  # fmt: skip


def nothing_imported() -> bool:
    return not (
        ContentPack.objects.exists() or ModelCard.objects.exists() or UpgradeCard.objects.exists()
    )


def error_texts(result) -> list[str]:
    return [str(e) for e in result.errors]


# --- A valid pack -------------------------------------------------------------------------


def test_valid_pack_is_imported_with_factions_and_counts():
    document = pack_document(
        models=[
            master_row(factions=["guild", "outcasts"]),
            model_row(name="Doc Totem", is_totem=True, totem_of="Doc Master", cost=3),
            model_row(name="Doc Merc", is_mercenary=True, rare=2, cg="-"),
        ],
        upgrades=[
            upgrade_row(),
            upgrade_row(name="Doc Any", factions=[], stations=["enforcer", "master"]),
        ],
        description="Two of each.",
    )
    result = import_pack(document)
    assert result.ok, error_texts(result)
    assert result.created and result.models == 3 and result.upgrades == 2
    pack = ContentPack.objects.get(slug="doc-pack")
    assert pack.description == "Two of each." and not pack.is_sample
    master = pack.models.get(slug="doc-master")
    assert master.cost is None and master.cache == 3
    assert sorted(master.factions.values_list("code", flat=True)) == ["guild", "outcasts"]
    merc = pack.models.get(name="Doc Merc")
    assert merc.cg is None and merc.rare == 2 and merc.is_mercenary
    assert pack.models.get(name="Doc Totem").totem_of == "Doc Master"
    any_faction = pack.upgrades.get(name="Doc Any")
    assert any_faction.stations == ["master", "enforcer"]  # canonical order
    assert not any_faction.factions.exists()


def test_values_are_normalized_the_way_spreadsheets_write_them():
    row = model_row(
        station="Minion", cost="5", wk=" 5 ", is_unique="yes", factions="guild|neverborn",
        actions=[{"name": "Hex", "stat": "ca", "value": "6", "suits": ["T"], "tn": "12",
                  "damage": " 1 / 2 / 3 ", "resist": "wp"}],
    )  # fmt: skip
    result = import_pack(pack_document(models=[row]))
    assert result.ok, error_texts(result)
    card = ModelCard.objects.get()
    assert card.station == "minion" and card.cost == 5 and card.wk == 5 and card.is_unique
    assert card.actions == [
        {"name": "Hex", "stat": "Ca", "value": 6, "suits": ["tomes"], "resist": "Wp", "tn": 12,
         "damage": "1/2/3"}
    ]  # fmt: skip


# --- Every rule, rejected with the row and field named, nothing imported --------------

MODEL_CASES = [
    ({"station": "wizard"}, "station", "'wizard' is not a station"),
    ({"station": ""}, "station", "is required"),
    ({"name": ""}, "name", "is required"),
    ({"station": "master", "cost": 5, "cache": 2}, "cost", "never hired for Soulstones"),
    ({"station": "master", "cost": None}, "cache", "needs a Soulstone cache"),
    ({"cost": None}, "cost", "needs a Soulstone cost"),
    ({"station": "henchman", "cost": 8}, "cache", "needs a Soulstone cache"),
    ({"cache": 2}, "cache", "only Masters and Henchmen"),
    ({"rare": 0}, "rare", "use 1 or more"),
    ({"is_unique": True, "rare": 2}, "rare", "already limited to one"),
    ({"totem_of": "Doc Master"}, "totem_of", "only a Totem names its Master"),
    ({"base_size": 35}, "base_size", "not a base size"),
    ({"wk": -1}, "wk", "use 0 or more"),
    ({"df": "abc"}, "df", "'abc' is not a whole number"),
    ({"wd": 0}, "wd", "use 1 or more"),
    ({"ht": None}, "ht", "is required"),
    ({"cost": 2.5}, "cost", "is not a whole number"),
    ({"is_mercenary": "maybe"}, "is_mercenary", "not true or false"),
    ({"factions": []}, "factions", "needs at least one faction"),
    ({"factions": ["guild", "pirates"]}, "factions", "'pirates' is not a faction code"),
    ({"characteristics": "Living|"}, None, None),  # a trailing separator is fine
    ({"characteristics": [3]}, "characteristics", "3 is not text"),
    ({"stattion": "minion"}, "stattion", "is not a field"),
    ({"abilities": [{"text": "no name"}]}, "abilities", "ability 1 needs a name"),
    ({"abilities": "Tough"}, "abilities", "must be a list"),
    ({"actions": [{"stat": "Ml", "value": 5}]}, "actions", "action 1 needs a name"),
    ({"actions": [{"name": "Zap", "stat": "Xx", "value": 5}]}, "actions", "'Xx' is not a stat"),
    ({"actions": [{"name": "Zap", "stat": "Ml", "value": "six"}]}, "actions", "value"),
    ({"actions": [{"name": "Zap", "stat": "Ml"}]}, "actions", "stat and its value together"),
    ({"actions": [{"name": "Zap", "tn": "high"}]}, "actions", "tn: 'high' is not"),
    ({"actions": [{"name": "Zap", "resist": "Luck"}]}, "actions", "resist"),
    ({"actions": [{"name": "Zap", "damage": "2-3-4"}]}, "actions", "weak/moderate/severe"),
    ({"actions": [{"name": "Zap", "range": 6}]}, "actions", "range: 6 is not text"),
    ({"actions": [{"name": "Zap", "dmg": "2/3/4"}]}, "actions", "'dmg' is not a known key"),
    (
        {"actions": [{"name": "Zap", "triggers": [{"suits": ["stars"], "name": "Shine"}]}]},
        "actions", "'stars' is not a suit",
    ),
    (
        {"actions": [{"name": "Zap", "triggers": [{"suits": ["rams"]}]}]},
        "actions", "trigger 1 needs a name",
    ),
    (
        {"actions": [{"name": "Zap", "triggers": [{"suits": [], "name": "Push"}]}]},
        "actions", "needs at least one suit",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("change", "field", "message"), MODEL_CASES)
def test_each_model_rule_names_row_and_field_and_imports_nothing(change, field, message):
    bad = model_row(name="Doc Second", **change) if "name" not in change else model_row(**change)
    result = import_pack(pack_document(models=[master_row(), bad]))
    if field is None:
        assert result.ok, error_texts(result)
        return
    assert not result.ok
    texts = error_texts(result)
    assert any(t.startswith(f"models row 2, field '{field}'") and message in t for t in texts), (
        texts
    )
    assert nothing_imported()


UPGRADE_CASES = [
    ({"stations": ["minion"]}, "stations", "a Minion may not take upgrades"),
    ({"stations": ["wizard"]}, "stations", "'wizard' is not a station"),
    ({"factions": ["pirates"]}, "factions", "'pirates' is not a faction code"),
    ({"cost": None}, "cost", "is required"),
    ({"cost": 99}, "cost", "use at most 20"),
    ({"rare": 0}, "rare", "use 1 or more"),
    ({"limited": "sometimes"}, "limited", "not true or false"),
    ({"is_avatar": True, "stations": ["henchman"]}, "stations", "Avatar upgrade is for Masters"),
    ({"effect": 5}, "effect", "is not text"),
]


@pytest.mark.parametrize(("change", "field", "message"), UPGRADE_CASES)
def test_each_upgrade_rule_names_row_and_field_and_imports_nothing(change, field, message):
    bad = upgrade_row(name="Doc Second", **change)
    result = import_pack(pack_document(upgrades=[upgrade_row(), bad]))
    texts = error_texts(result)
    assert any(t.startswith(f"upgrades row 2, field '{field}'") and message in t for t in texts), (
        texts
    )
    assert nothing_imported()


def test_upgrades_may_list_no_faction_meaning_any():
    result = import_pack(pack_document(upgrades=[upgrade_row(factions=[])]))
    assert result.ok
    assert not UpgradeCard.objects.get().factions.exists()


@pytest.mark.parametrize(
    ("section", "rows", "field", "message"),
    [
        ("models", [model_row(), model_row()], "slug", "'doc-minion' is already used by row 1"),
        ("models", [model_row(), model_row(name="Other", slug="doc-minion")], "slug", "row 1"),
        ("models", [model_row(), model_row(slug="other")], "name", "'Doc Minion' is already used"),
        ("upgrades", [upgrade_row(), upgrade_row()], "slug", "already used by row 1"),
    ],
)
def test_duplicates_are_errors(section, rows, field, message):
    document = pack_document(**{section: rows})
    texts = error_texts(import_pack(document))
    assert any(t.startswith(f"{section} row 2, field '{field}'") and message in t for t in texts)
    assert nothing_imported()


def test_a_totem_naming_a_model_of_the_pack_must_name_a_master():
    rows = [
        model_row(name="Doc Boss"),
        model_row(name="Doc Pet", is_totem=True, totem_of="Doc Boss"),
    ]
    texts = error_texts(import_pack(pack_document(models=rows)))
    assert texts == ["models row 2, field 'totem_of': 'Doc Boss' is not a Master"]


@pytest.mark.parametrize(
    ("pack", "expected"),
    [
        ({"name": ""}, "pack, field 'name': is required"),
        ({"slug": "has space"}, "pack, field 'slug': 'has space' may hold only"),
        ({"slug": "import"}, "pack, field 'slug': 'import' is reserved"),
        ({"is_sample": "perhaps"}, "pack, field 'is_sample'"),
        ({"colour": "red"}, "pack, field 'colour': is not a field"),
    ],
)
def test_pack_metadata_rules(pack, expected):
    texts = error_texts(import_pack(pack_document(**pack)))
    assert any(t.startswith(expected) for t in texts), texts
    assert nothing_imported()


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ([1, 2], "document: must be an object"),
        ({"pack": {"name": "X", "slug": "x"}, "models": {"a": 1}}, "models: must be a list"),
        ({"pack": {"name": "X", "slug": "x"}, "models": [7]}, "models row 1: must be an object"),
        ({"pack": {"name": "X", "slug": "x"}, "extras": []}, "document, field 'extras'"),
        ({"pack": {"name": "X", "slug": "x"}, "format": 3}, "document, field 'format'"),
        ({"models": []}, "pack: must be an object"),
    ],
)
def test_malformed_documents_are_reported_not_raised(document, expected):
    texts = error_texts(import_pack(document))
    assert any(t.startswith(expected) for t in texts), texts
    assert nothing_imported()


def test_every_bad_row_is_reported_in_order_in_one_pass():
    document = pack_document(
        models=[model_row(station="wizard"), model_row(name="Fine"), model_row(name="B", wk=-2)],
        upgrades=[upgrade_row(stations=["peon"])],
        name="",
    )
    result = import_pack(document)
    sections = [(e.section, e.row) for e in result.errors]
    assert sections == [("pack", None), ("models", 1), ("models", 3), ("upgrades", 1)]
    assert str(result.errors[1]) == (
        "models row 1, field 'station': 'wizard' is not a station "
        "(use master, henchman, enforcer, minion or peon)"
    )
    assert result.summary() == "Nothing was imported: 4 problems found."


def test_validation_never_touches_the_database(django_assert_num_queries):
    with django_assert_num_queries(0):
        clean = validate_document(pack_document(), FACTION_CODES)
    assert not clean.errors and clean.models[0]["slug"] == "doc-minion"


# --- Existing packs and replace ---------------------------------------------------------


def test_existing_slug_is_refused_without_replace_and_left_untouched():
    import_pack(pack_document())
    changed = pack_document(models=[model_row(cost=8)], name="Renamed")
    result = import_pack(changed)
    assert error_texts(result) == [
        "pack, field 'slug': a pack with slug 'doc-pack' already exists: import with replace "
        "to update it"
    ]
    assert ContentPack.objects.get().name == "Doc Pack"
    assert ModelCard.objects.get().cost == 5


def test_replace_updates_in_place_adds_and_removes_cards():
    import_pack(pack_document(models=[model_row(), model_row(name="Old Timer")]))
    kept = ModelCard.objects.get(slug="doc-minion")
    document = pack_document(
        models=[model_row(cost=8, factions=["neverborn"]), model_row(name="Newcomer")],
        upgrades=[],
        version="2",
    )
    result = import_pack(document, replace=True)
    assert result.ok and not result.created
    assert (result.models, result.upgrades, result.removed) == (2, 0, 2)
    assert result.summary().endswith("2 cards removed.")
    card = ModelCard.objects.get(slug="doc-minion")
    assert card.pk == kept.pk and card.cost == 8  # ids survive, so references do too
    assert list(card.factions.values_list("code", flat=True)) == ["neverborn"]
    assert sorted(ModelCard.objects.values_list("name", flat=True)) == ["Doc Minion", "Newcomer"]
    assert not UpgradeCard.objects.exists()
    assert ContentPack.objects.get().version == "2"


def test_replace_creates_a_pack_that_does_not_exist_yet():
    result = import_pack(pack_document(), replace=True)
    assert result.ok and result.created


def test_a_name_used_by_another_pack_is_refused():
    import_pack(pack_document())
    result = import_pack(pack_document(slug="other-slug"))
    assert error_texts(result) == ["pack, field 'name': 'Doc Pack' is the name of another pack"]
    assert ContentPack.objects.count() == 1


def test_cards_of_other_packs_are_untouched_by_a_replace():
    import_pack(pack_document())
    import_pack(pack_document(name="Other", slug="other"))
    import_pack(pack_document(models=[], upgrades=[]), replace=True)
    assert ModelCard.objects.filter(pack__slug="other").count() == 1
    assert ModelCard.objects.get().factions.count() == 1


# --- Round trips ----------------------------------------------------------------------


def _fresh_database():
    ContentPack.objects.all().delete()
    assert nothing_imported()


def test_json_round_trip_into_an_empty_database_reproduces_the_cards():
    load_sample_pack()
    pack = ContentPack.objects.get(slug="sample-pack")
    exported = export_pack_json(pack)
    text = json.dumps(exported)  # what a file on disk holds
    _fresh_database()
    result = import_pack(json.loads(text))
    assert result.ok, error_texts(result)
    assert export_pack_json(result.pack) == exported


def test_csv_round_trip_into_an_empty_database_reproduces_the_cards():
    load_sample_pack()
    exported = export_pack_json(ContentPack.objects.get(slug="sample-pack"))
    files = export_pack_csv(ContentPack.objects.get(slug="sample-pack"))
    assert set(files) == {"pack.csv", "models.csv", "upgrades.csv"}
    _fresh_database()
    result = import_pack(files)
    assert result.ok, error_texts(result)
    assert export_pack_json(result.pack) == exported


def test_zip_round_trip_through_an_upload():
    import_pack(pack_document(models=[master_row(), model_row(cg=None)]))
    pack = ContentPack.objects.get()
    exported, data = export_pack_json(pack), export_pack_zip(pack)
    _fresh_database()
    result = import_upload(data)
    assert result.ok, error_texts(result)
    assert export_pack_json(result.pack) == exported


def test_sample_document_matches_its_own_export():
    """The shipped file is already in export form, so a diff of an export is meaningful."""
    result = load_sample_pack()
    exported = export_pack_json(result.pack)
    shipped = sample_document()
    for section in ("models", "upgrades"):
        by_slug = {row["slug"]: row for row in exported[section]}
        for row in shipped[section]:
            assert {k: v for k, v in by_slug[row.get("slug") or _slug(row)].items()
                    if k in row} == row  # fmt: skip


def _slug(row):
    return slugify(row["name"])


# --- CSV specifics --------------------------------------------------------------------


def _csv_files(document):
    return csv_from_document(copy.deepcopy(document))


def test_csv_list_cells_and_json_cells_are_decoded():
    files = {
        "pack.csv": "name,slug\nCSV Pack,csv-pack\n",
        "models.csv": (
            "name,factions,station,cost,wk,cg,ht,wp,df,wd,base_size,actions\n"
            'Two Face,guild|neverborn,minion,5,5,-,2,5,5,6,30,"[{""name"": ""Poke""}]"\n'
        ),
    }
    result = import_pack(files)
    assert result.ok, error_texts(result)
    card = ModelCard.objects.get()
    assert sorted(card.factions.values_list("code", flat=True)) == ["guild", "neverborn"]
    assert card.cg is None and card.actions == [{"name": "Poke"}]


def test_csv_errors_name_the_row_and_field():
    files = _csv_files(pack_document(models=[model_row(), model_row(name="Bad", wk=5)]))
    lines = files["models.csv"].splitlines()
    lines[2] = lines[2].replace("minion", "wizard", 1)
    files["models.csv"] = "\n".join(lines) + "\n"
    texts = error_texts(import_pack(files))
    assert texts[0].startswith("models row 2, field 'station': 'wizard' is not a station")
    assert nothing_imported()


def test_csv_bad_json_cell_and_unknown_column_are_reported():
    files = {
        "pack.csv": "name,slug,colour\nCSV Pack,csv-pack,red\n",
        "models.csv": "name,factions,station,cost,wk,ht,wp,df,wd,base_size,actions\n"
        "Broken,guild,minion,5,5,2,5,5,6,30,[{name: Poke}]\n",
    }
    texts = error_texts(import_pack(files))
    assert "pack, field 'colour': is not a column of this format" in texts
    assert any(t.startswith("models row 1, field 'actions': is not valid JSON") for t in texts)
    assert nothing_imported()


def test_csv_needs_a_pack_file_with_one_row():
    texts = error_texts(import_pack({"models.csv": "name\nX\n"}))
    assert "file: pack.csv is missing" in texts
    _document, errors = document_from_csv({"pack.csv": "name,slug\nA,a\nB,b\n"})
    assert [str(e) for e in errors] == [
        "pack: pack.csv needs exactly one row under its header, found 2"
    ]


def test_csv_blank_lines_keep_row_numbers_like_a_spreadsheet():
    files = _csv_files(pack_document(models=[model_row(), model_row(name="Late", cost=None)]))
    lines = files["models.csv"].splitlines()
    files["models.csv"] = "\n".join([lines[0], lines[1], "", lines[2], "", ""]) + "\n"
    texts = error_texts(import_pack(files))
    assert texts == [
        "models row 2: is empty: remove it",
        "models row 3, field 'cost': a Minion needs a Soulstone cost",
    ]


def test_uploads_that_are_not_packs_are_reported():
    assert str(read_upload(b"{not json")[1][0]).startswith("file: is not valid JSON")
    assert str(read_upload(b"\xff\xfe\x00")[1][0]) == "file: is neither a zip file nor UTF-8 JSON"
    assert str(read_upload(b"PK\x03\x04garbage")[1][0]) == "file: is not a readable zip file"
    empty_zip = write_zip({"readme.txt": "hello"})
    assert "holds none of pack.csv" in str(read_upload(empty_zip)[1][0])
    assert import_upload(b"[]").errors[0].section == "document"
    assert "nested too deeply" in str(read_upload(b"[" * 100_000)[1][0])


def test_zip_members_in_a_folder_are_found():
    files = _csv_files(pack_document())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(f"my-pack/{name}", text)
    assert import_upload(buffer.getvalue()).ok


# --- Management commands --------------------------------------------------------------


def test_import_command_reads_json_and_exits_non_zero_with_row_errors(tmp_path, capsys):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(pack_document()))
    call_command("import_content_pack", str(good))
    assert "Created Doc Pack: 1 models, 1 upgrades." in capsys.readouterr().out

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(pack_document(slug="bad", name="Bad", models=[model_row(wk=-1)])))
    with pytest.raises(CommandError, match="Nothing was imported: 1 problem found"):
        call_command("import_content_pack", str(bad))
    assert "models row 1, field 'wk'" in capsys.readouterr().err
    with pytest.raises(CommandError, match="Nothing was imported"):
        call_command("import_content_pack", str(good))
    assert "already exists: import with replace" in capsys.readouterr().err
    call_command("import_content_pack", str(good), "--replace")
    assert "Updated Doc Pack" in capsys.readouterr().out


def test_export_command_writes_json_csv_folder_and_zip(tmp_path, capsys):
    import_pack(pack_document())
    call_command("export_content_pack", "doc-pack")
    assert json.loads(capsys.readouterr().out) == export_pack_json(ContentPack.objects.get())

    folder, archive = tmp_path / "csv", tmp_path / "pack.zip"
    call_command("export_content_pack", "doc-pack", "--format", "csv", "--output", str(folder))
    call_command("export_content_pack", "doc-pack", "--format", "csv", "--output", str(archive))
    assert sorted(p.name for p in folder.iterdir()) == ["models.csv", "pack.csv", "upgrades.csv"]
    _fresh_database()
    call_command("import_content_pack", str(folder))
    call_command("import_content_pack", str(archive), "--replace")
    assert ModelCard.objects.count() == 1

    with pytest.raises(CommandError, match="give --output"):
        call_command("export_content_pack", "doc-pack", "--format", "csv")
    with pytest.raises(CommandError, match="No content pack with slug 'nope'"):
        call_command("export_content_pack", "nope")


def test_import_command_refuses_missing_paths_and_empty_folders(tmp_path):
    with pytest.raises(CommandError, match="neither a file nor a folder"):
        call_command("import_content_pack", str(tmp_path / "missing.json"))
    with pytest.raises(CommandError, match="holds none of"):
        call_command("import_content_pack", str(tmp_path))
    (tmp_path / "models.csv").write_text("name\n")
    with pytest.raises(CommandError, match="give their folder or a zip"):
        call_command("import_content_pack", str(tmp_path / "models.csv"))


# --- The sample pack ------------------------------------------------------------------


def test_sample_pack_loads_idempotently_keeping_ids(capsys):
    first = load_sample_pack()
    ids = dict(ModelCard.objects.values_list("slug", "pk"))
    call_command("load_sample_pack")
    assert "Updated Sample Pack" in capsys.readouterr().out
    assert ContentPack.objects.count() == 1
    assert dict(ModelCard.objects.values_list("slug", "pk")) == ids
    pack = first.pack
    pack.refresh_from_db()
    assert pack.is_sample and "sample data" in pack.name.lower()


def test_sample_pack_uses_invented_names_only():
    load_sample_pack()
    names = list(ModelCard.objects.values_list("name", flat=True))
    names += list(UpgradeCard.objects.values_list("name", flat=True))
    assert all(name.startswith("Sample ") for name in names)


def test_sample_pack_gives_every_faction_enough_to_run_campaigns():
    load_sample_pack()
    assert set(Faction.objects.values_list("code", flat=True)) == FACTION_CODES
    for faction in Faction.objects.all():
        models = list(faction.model_cards.all())
        by_station = Counter(m.station for m in models if not m.is_totem)
        assert by_station["master"] >= 1, faction
        assert by_station["henchman"] >= 2 and by_station["enforcer"] >= 3, faction
        assert by_station["minion"] >= 4 and by_station["peon"] >= 2, faction
        masters = [m for m in models if m.station == "master"]
        for master in masters:
            assert 2 <= master.cache <= 4 and master.cost is None
            totems = ModelCard.objects.filter(is_totem=True, totem_of=master.name)
            assert totems.filter(factions=faction).exists(), master
            avatars = UpgradeCard.objects.filter(is_avatar=True, model_name=master.name)
            assert avatars.filter(stations=["master"]).exists(), master
        henchmen = [m for m in models if m.station == "henchman"]
        assert any(h.cost == 0 and h.cache for h in henchmen), faction
        assert all(1 <= h.cache <= 3 for h in henchmen)
        assert all(7 <= h.cost <= 12 for h in henchmen if h.cost)
        minions = [m for m in models if m.station == "minion" and not m.is_totem]
        assert {2, 3} <= {m.rare for m in minions} and any(m.is_unique for m in minions)
        _assert_costs(models)
        upgrades = list(faction.upgrade_cards.all())
        assert len(upgrades) >= 4
        assert any(u.limited for u in upgrades) and any(u.rare == 1 for u in upgrades)
        assert any(u.stations and not u.is_avatar for u in upgrades)
        assert any(u.leader_name or (u.model_name and not u.is_avatar) for u in upgrades)
    mercenaries = ModelCard.objects.filter(is_mercenary=True).prefetch_related("factions")
    assert mercenaries.count() >= 4
    assert len({f.code for m in mercenaries for f in m.factions.all()}) >= 3
    assert UpgradeCard.objects.filter(factions=None).count() >= 2


def _assert_costs(models):
    ranges = {"minion": (4, 8), "enforcer": (7, 10), "peon": (2, 4)}
    for model in models:
        if model.station in ranges and not model.is_totem:
            low, high = ranges[model.station]
            assert low <= model.cost <= high, model
        assert any(a.get("damage") for a in model.actions), model


def test_row_error_reads_like_the_documentation():
    error = RowError("models", 3, "station", "'wizard' is not a station")
    assert str(error) == "models row 3, field 'station': 'wizard' is not a station"
    assert error.as_dict()["text"] == str(error)


def _doc_block(language: str) -> str:
    text = (Path(__file__).resolve().parents[2] / "docs" / "content-packs.md").read_text()
    return text.split(f"```{language}\n", 1)[1].split("```", 1)[0]


def test_the_documented_examples_import():
    result = import_pack(json.loads(_doc_block("json")))
    assert result.ok, error_texts(result)
    files = {"pack.csv": "name,slug\nCSV Example,csv-example\n", "models.csv": _doc_block("csv")}
    result = import_pack(files)
    assert result.ok, error_texts(result)
    assert ModelCard.objects.filter(name="Lantern Warden").count() == 2
