"""Create or refresh the sample content pack (idempotent; the demo loader runs it too)."""

from django.core.management.base import BaseCommand

from catalogue.sample import load_sample_pack, load_sample_packs


class Command(BaseCommand):
    help = ("Create or refresh the sample pack of invented cards shipped with the product; "
            "--all also loads the second, printed-style sample pack.")

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true",
                            help="Also load the printed-style sample pack (format 2).")

    def handle(self, *args, **options):
        for result in load_sample_packs() if options['all'] else [load_sample_pack()]:
            self.stdout.write(self.style.SUCCESS(result.summary()))
