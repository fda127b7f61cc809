"""The exporters this app ships: the full campaign archive (JSON)."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.translation import gettext_lazy

from exports import registry
from exports.archive.exporter import export_campaign


def archive_bytes(campaign, progress) -> tuple[str, str, bytes]:
    document = export_campaign(campaign, progress)
    body = json.dumps(document, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
    filename = f"{campaign.league.slug}-{campaign.slug}-archive.json"
    return filename, "application/json", body.encode()


registry.register(
    "archive", archive_bytes, format="json", label=gettext_lazy("full campaign archive")
)
