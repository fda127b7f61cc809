"""Who may see which flips: one place, used by pages and the API alike.

A flip belongs to whoever made it; staff see every flip. Later secrets (secret draws,
unrevealed schemes) get their own selector beside this one.
"""

from django.db.models import QuerySet

from rules.models import FlipRecord


def visible_flips(user) -> QuerySet[FlipRecord]:
    flips = FlipRecord.objects.select_related("flipped_by", "subject_type")
    if not user.is_authenticated:
        return flips.none()
    if user.is_staff:
        return flips
    return flips.filter(flipped_by=user)
