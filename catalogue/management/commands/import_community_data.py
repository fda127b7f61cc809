"""Import the community crew builder's data files as a format 2 content pack."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from catalogue.community.service import import_good_cards, preview


class Command(BaseCommand):
    help = (
        "Import the crew builder's JavaScript data files (cards, actions, abilities, "
        "triggers, factions, characteristics): PATH is their folder or the files. Cards "
        "with defects are listed; nothing is imported unless --import-rest says to import "
        "the cards without defects."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", type=Path)
        parser.add_argument("--name", required=True, help="The new pack's name.")
        parser.add_argument("--slug", required=True, help="The new pack's slug.")
        parser.add_argument("--replace", action="store_true",
                            help="Update the pack with the same slug instead of refusing.")
        parser.add_argument("--import-rest", action="store_true",
                            help="Import the cards without defects, leaving the others out.")

    def handle(self, *args, paths, name, slug, replace, import_rest, **options):
        files = {}
        for path in paths:
            members = sorted(path.glob("*.js")) + sorted(path.glob("*.json")) if path.is_dir() \
                else [path]
            for member in members:
                if not member.is_file():
                    raise CommandError(f"{member} is not a file.")
                files[member.name] = member.read_bytes()
        if not files:
            raise CommandError("No data files found (expected .js files).")
        conversion = preview(files, name=name, slug=slug)
        for problem in conversion.problems:
            self.stderr.write(problem)
        for card in conversion.defective:
            self.stderr.write(f"{card.name}: {'; '.join(card.defects)}")
        self.stdout.write(f"{len(conversion.good)} cards can be imported, "
                          f"{len(conversion.defective)} have defects.")
        if conversion.problems:
            raise CommandError("The files have problems: nothing was imported.")
        if conversion.defective and not import_rest:
            raise CommandError("Nothing was imported: fix the cards above, or import the "
                               "rest with --import-rest.")
        result = import_good_cards(conversion, replace=replace)
        if not result.ok:
            for error in result.errors:
                self.stderr.write(str(error))
            raise CommandError(result.summary())
        self.stdout.write(self.style.SUCCESS(result.summary()))
