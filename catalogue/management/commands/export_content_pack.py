"""Export a content pack as a JSON document or as CSV files (a folder or a zip)."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from catalogue.exporter import export_pack_csv, export_pack_json, export_pack_zip
from catalogue.models import ContentPack


class Command(BaseCommand):
    help = (
        "Export the content pack SLUG. JSON goes to standard output unless --output is given; "
        "CSV needs --output: a folder (three files) or a path ending in .zip."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=("json", "csv"), default="json")
        parser.add_argument("--output", type=Path, help="File (JSON, .zip) or folder (CSV).")

    def handle(self, *args, slug: str, format: str, output: Path | None, **options):
        pack = ContentPack.objects.filter(slug=slug).first()
        if pack is None:
            known = ", ".join(ContentPack.objects.values_list("slug", flat=True)) or "none yet"
            raise CommandError(f"No content pack with slug {slug!r} (packs: {known}).")
        if format == "json":
            text = json.dumps(export_pack_json(pack), indent=1, ensure_ascii=False) + "\n"
            if output is None:
                self.stdout.write(text, ending="")
                return
            output.write_text(text, encoding="utf-8")
        elif output is None:
            raise CommandError("CSV is three files: give --output FOLDER or --output FILE.zip.")
        elif output.suffix == ".zip":
            output.write_bytes(export_pack_zip(pack))
        else:
            output.mkdir(parents=True, exist_ok=True)
            for name, text in export_pack_csv(pack).items():
                (output / name).write_text(text, encoding="utf-8")
        self.stderr.write(f"Exported {pack.name} to {output}.")
