"""Write a campaign's archive to standard output: ``export_campaign <id> > file.json``."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from campaign.models import Campaign
from exports.builtin import archive_bytes


class Command(BaseCommand):
    help = "Write the full archive of campaign ID (JSON) to standard output."

    def add_arguments(self, parser):
        parser.add_argument("campaign_id", type=int)

    def handle(self, *args, campaign_id: int, **options):
        campaign = Campaign.objects.select_related("league").filter(pk=campaign_id).first()
        if campaign is None:
            raise CommandError(f"There is no campaign {campaign_id}.")
        _, _, body = archive_bytes(campaign, lambda pct: None)
        self.stdout.write(body.decode(), ending="\n")
