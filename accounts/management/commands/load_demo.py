"""Load demo data for the embedded default and print the logins.

Idempotent: running it again resets the demo passwords and creates nothing twice, so
the first README command can be re-run at any time.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

DEMO_PASSWORD = "malifaux-demo"
DEMO_USERS = (
    # username, display name, staff/superuser
    ("admin", "Site Admin", True),
    ("organizer", "Ophelia the Organizer", False),
    ("player", "Perdita the Player", False),
    ("rival", "Rasputina the Rival", False),
)


class Command(BaseCommand):
    help = "Create the demo accounts (and, as apps grow, demo leagues and campaigns)."

    @transaction.atomic
    def handle(self, *args, **options):
        user_model = get_user_model()
        for username, display_name, is_admin in DEMO_USERS:
            user, _ = user_model.objects.get_or_create(
                username=username,
                defaults={"email": f"{username}@demo.invalid", "display_name": display_name},
            )
            user.is_staff = user.is_superuser = is_admin
            user.set_password(DEMO_PASSWORD)
            user.save()
        self.stdout.write(self.style.SUCCESS("Demo data loaded."))
        self.stdout.write(
            "Demo logins (password for all: {pw}): {names}".format(
                pw=DEMO_PASSWORD, names=", ".join(name for name, _, _ in DEMO_USERS)
            )
        )
        self.stdout.write(
            f"  Log in as: player / {DEMO_PASSWORD}   (admin: admin / {DEMO_PASSWORD})"
        )
