"""Creating, configuring and starting campaigns (league organizers only)."""

from __future__ import annotations

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext

from campaign.models import Campaign, Crew
from campaign.services.access import require_campaign_manager
from campaign.services.errors import CampaignError

#: Settings that shape arsenals already built; they are fixed once the campaign runs.
LOCKED_WHEN_RUNNING = ("starting_arsenal_size", "masters_from_start")


def _unique_slug(league, name: str) -> str:
    base = slugify(name)[:120] or "campaign"
    slug, n = base, 2
    while Campaign.objects.filter(league=league, slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


@transaction.atomic
def create_campaign(*, league, actor, content_packs=(), **settings) -> Campaign:
    require_campaign_manager(actor, _Unsaved(league))
    campaign = Campaign(league=league, created_by=actor, **settings)
    campaign.slug = _unique_slug(league, campaign.name)
    campaign.full_clean()
    campaign.save()
    if content_packs:
        campaign.content_packs.set(content_packs)
    return campaign


class _Unsaved:
    """Stands in for the campaign so the permission check runs before it exists."""

    def __init__(self, league):
        self.league = league


@transaction.atomic
def update_campaign(*, campaign: Campaign, actor, content_packs=None, **changes) -> Campaign:
    require_campaign_manager(actor, campaign)
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if campaign.status == Campaign.Status.ENDED:
        raise CampaignError(gettext("This campaign has ended; its settings are read-only."))
    if campaign.status == Campaign.Status.RUNNING:
        locked = [f for f in LOCKED_WHEN_RUNNING if f in changes
                  and changes[f] != getattr(campaign, f)]
        if locked:
            raise CampaignError(
                "These settings cannot change once the campaign runs: " + ", ".join(locked)
            )
    for field, value in changes.items():
        setattr(campaign, field, value)
    campaign.full_clean()
    campaign.save()
    if content_packs is not None:
        campaign.content_packs.set(content_packs)
    return campaign


@transaction.atomic
def start_campaign(*, campaign: Campaign, actor) -> Campaign:
    """Setup -> running: every crew must have finished its starting arsenal."""
    require_campaign_manager(actor, campaign)
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    if campaign.status != Campaign.Status.SETUP:
        raise CampaignError(
            gettext("The campaign is %(lower)s.") % {"lower": campaign.get_status_display().lower()}
        )
    building = campaign.crews.filter(status=Crew.Status.BUILDING)
    if building.exists():
        names = ", ".join(str(c) for c in building[:5])
        raise CampaignError(
            gettext("These crews have not finished their starting arsenal: %(names)s.")
            % {"names": names}
        )
    if not campaign.crews.filter(status=Crew.Status.ACTIVE).exists():
        raise CampaignError(gettext("No crew has joined yet."))
    campaign.status = Campaign.Status.RUNNING
    campaign.current_week = 1
    campaign.save(update_fields=["status", "current_week"])
    from campaign.weeks.services import ensure_weeks

    ensure_weeks(campaign)
    return campaign
