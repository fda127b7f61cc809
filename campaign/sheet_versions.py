"""The arsenal sheet's version tokens, and the queryset that replaces them on writes
that send no signal. Kept apart from ``sheet_cache`` (which renders the sheet, so reads
the selectors and the models) because the models take ``SheetRowsQuerySet`` as their
default queryset: this module imports no project code, so the models' imports point
one way. How the tokens make a cached sheet safe: ``sheet_cache``."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction
from django.db.models import QuerySet

TOKEN_SECONDS = 30 * 24 * 3600
CATALOGUE_KEY = "sheet:catalogue"


#: Every model whose rows the sheet shows, and the path from a row to its crew's id.
WATCHED: dict[str, str] = {
    "campaign.ArsenalModel": "crew_id",
    "campaign.ArsenalUpgrade": "crew_id",
    "campaign.ScripEntry": "crew_id",
    "campaign.ArsenalEvent": "crew_id",
    "campaign.CrewBounty": "crew_id",
    "campaign.HideOut": "crew_id",
    "campaign.Fortification": "hide_out__crew_id",
    "aftermath.Aftermath": "crew_id",
}


def crews_of_rows(model, rows: Iterable) -> set[int]:
    path = WATCHED[model._meta.label]
    if path == "crew_id":
        return {row.crew_id for row in rows}
    ids = {row.pk for row in rows}
    return set(model.objects.filter(pk__in=ids).values_list(path, flat=True))


class SheetRowsQuerySet(QuerySet):
    """The default queryset of every model in ``WATCHED``: the writes that send no signal
    (``update``, ``bulk_create``, ``bulk_update``) invalidate the crews they touch here."""

    def update(self, **kwargs):
        crews = set(self.values_list(WATCHED[self.model._meta.label], flat=True))
        count = super().update(**kwargs)
        moved_to = kwargs.get("crew_id", getattr(kwargs.get("crew"), "pk", kwargs.get("crew")))
        touch(crews | {moved_to})
        return count

    def bulk_create(self, objs, *args, **kwargs):
        created = super().bulk_create(objs, *args, **kwargs)
        touch(crews_of_rows(self.model, created))
        return created

    def bulk_update(self, objs, fields, *args, **kwargs):
        objs = list(objs)
        count = super().bulk_update(objs, fields, *args, **kwargs)
        touch(crews_of_rows(self.model, objs))
        return count


def version_key(crew_id: int) -> str:
    return f"sheet:crew:{crew_id}"


def _replace(keys: list[str]) -> None:
    if keys:
        cache.set_many({key: uuid.uuid4().hex for key in keys}, TOKEN_SECONDS)


def _replace_now_and_on_commit(keys: list[str]) -> None:
    _replace(keys)
    transaction.on_commit(lambda: _replace(keys))


def touch(crew_ids: Iterable[int | None]) -> None:
    """Invalidate these crews' sheets (for writes that send no signal)."""
    _replace_now_and_on_commit([version_key(pk) for pk in set(crew_ids) if pk is not None])


def touch_catalogue() -> None:
    _replace_now_and_on_commit([CATALOGUE_KEY])
