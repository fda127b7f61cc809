"""Load a campaign archive: ``import_campaign file.json [--league-slug new-slug]``."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from exports.archive.format import ArchiveError
from exports.archive.importer import import_campaign, read_document


class Command(BaseCommand):
    help = ("Import a campaign archive with its league (all or nothing). The league's slug "
            "must be free here; give --league-slug to import under another one.")

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path)
        parser.add_argument("--league-slug", default=None)
        parser.add_argument("--league-name", default=None)

    def handle(self, *args, path: Path, league_slug, league_name, **options):
        if not path.is_file():
            raise CommandError(f"{path} is not a file.")
        try:
            campaign = import_campaign(read_document(path.read_bytes()),
                                       league_slug=league_slug, league_name=league_name)
        except ArchiveError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"Imported {campaign} (campaign {campaign.pk}) into league "
                          f"{campaign.league.slug}.")
