"""``export_campaign <id> > file.json`` and ``import_campaign file.json``."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from campaign.models import Campaign
from tests.exports.snapshot import snapshot

pytestmark = pytest.mark.django_db


def test_export_then_import_with_the_commands(full_campaign, tmp_path):
    campaign, _ = full_campaign
    out = io.StringIO()
    call_command("export_campaign", campaign.pk, stdout=out)
    path = tmp_path / "archive.json"
    path.write_text(out.getvalue())
    assert json.loads(out.getvalue())["sections"]["campaign"][0]["slug"] == campaign.slug

    with pytest.raises(CommandError, match="already exists"):
        call_command("import_campaign", str(path), stdout=io.StringIO())
    call_command("import_campaign", str(path), "--league-slug", "restored", stdout=io.StringIO())
    copy = Campaign.objects.get(league__slug="restored")
    assert snapshot(copy) == snapshot(campaign)
