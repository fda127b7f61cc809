"""The one writer of standings settings: an organizer sets the campaign's tie-breaks."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from campaign.models import Campaign
from campaign.services.access import require_campaign_manager
from campaign.services.errors import CampaignError
from standings import metrics
from standings.models import StandingsConfig


@transaction.atomic
def set_tie_breaks(*, campaign: Campaign, actor, keys: list[str] | None) -> StandingsConfig:
    """Store the ordered tie-breaks; ``None`` goes back to the book's defaults."""
    require_campaign_manager(actor, campaign)
    if campaign.is_read_only:
        raise CampaignError(gettext("This campaign has ended; its standings settings are final."))
    if keys is not None:
        found = metrics.problems(keys)
        if found:
            raise ValidationError({"tie_breaks": found})
    config, _ = StandingsConfig.objects.select_for_update().get_or_create(campaign=campaign)
    config.tie_breaks = list(keys or [])
    config.updated_by = actor
    config.save()
    return config
