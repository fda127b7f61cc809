"""Import a content pack from a JSON document, a zip of CSV files or a folder of CSV files."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from catalogue.csv_format import CSV_FILES
from catalogue.importer import import_pack, import_upload


class Command(BaseCommand):
    help = (
        "Import a content pack: PATH is a .json document, a .zip of CSV files, or a folder "
        "holding pack.csv, models.csv and upgrades.csv. Nothing is imported if any row fails."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path)
        parser.add_argument(
            "--replace",
            action="store_true",
            help="Update the pack with the same slug (cards matched by slug) instead of refusing.",
        )

    def handle(self, *args, path: Path, replace: bool, **options):
        if path.is_dir():
            files = {
                name: (path / name).read_bytes()
                for name in CSV_FILES.values()
                if (path / name).is_file()
            }
            if not files:
                raise CommandError(f"{path} holds none of {', '.join(CSV_FILES.values())}.")
            result = import_pack(files, replace=replace)
        elif path.suffix.lower() == ".csv":
            raise CommandError("CSV packs are several files: give their folder or a zip of them.")
        elif path.is_file():
            result = import_upload(path.read_bytes(), replace=replace)
        else:
            raise CommandError(f"{path} is neither a file nor a folder.")
        if not result.ok:
            for error in result.errors:
                self.stderr.write(str(error))
            raise CommandError(result.summary())
        self.stdout.write(self.style.SUCCESS(result.summary()))
