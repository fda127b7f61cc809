"""Create or refresh the sample content pack (idempotent; the demo loader runs it too)."""

from django.core.management.base import BaseCommand

from catalogue.sample import load_sample_pack


class Command(BaseCommand):
    help = "Create or refresh the sample pack of invented cards shipped with the product."

    def handle(self, *args, **options):
        self.stdout.write(self.style.SUCCESS(load_sample_pack().summary()))
