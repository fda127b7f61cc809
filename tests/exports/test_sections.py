"""The archive covers every model that hangs off an archived row, so a new model in any
app (aftermath, nights, standings...) fails here until it is given a section."""

import pytest
from django.apps import apps

from exports.archive.sections import plan, section_for, sections

#: Models deliberately left out, and why.
NOT_ARCHIVED = {
    "exports.ExportJob": "a copy of the archive itself, not campaign data",
    "league.Invitation": "join links are secrets of the exporting site",
    "encounters.LinkedSeries": "Linked Games series are not part of any campaign",
    "malediction.Event": "a Malediction event has its own archive (malediction/archive.py)",
    "malediction.Round": "a round is in its event's archive; its league night link is not "
                         "carried (the night belongs to the league's campaigns)",
}


def test_every_model_pointing_at_an_archived_model_has_a_section():
    archived = {s.model for s in sections()}
    missing = []
    for model in apps.get_models():
        label = model._meta.label
        if model in archived or label in NOT_ARCHIVED:
            continue
        if any(f.is_relation and f.many_to_one and f.related_model in archived
               and f.related_model._meta.app_label != "accounts"
               for f in model._meta.concrete_fields):
            missing.append(label)
    assert missing == [], f"add archive sections for {missing} (exports.archive.sections)"


def test_every_section_can_be_planned():
    for section in sections():
        assert plan(section)  # raises for a pointer no section holds
        assert section_for(section.model) is section


@pytest.mark.parametrize("key", ["games", "bounties"])
def test_ids_inside_json_are_declared(key):
    section = next(s for s in sections() if s.key == key)
    assert section.json_refs
