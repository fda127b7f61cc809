"""The arsenal sheet's rendered body, cached until something it shows changes.

Why: the sheet is the busiest page, and between two writes to a crew every viewer with
the same rights sees the same HTML; rendering it costs far more than checking a key.

A cached body is served only when all four of these match what it was rendered with,
so a hit is always what a fresh render would give:

- the crew's *sheet version*: a random token in the cache, replaced whenever a row the
  sheet shows is saved or deleted. ``WATCHED`` (in ``sheet_versions``) lists those
  models and how a row finds its crews (the player's user row counts too);
  ``post_save``/``post_delete`` replace the token at once and again when the
  transaction commits (a reader during the transaction may cache the old rows, but only
  under a token that is dead after the commit). Their default queryset
  (``SheetRowsQuerySet``) does the same for the writes that send no signal (``update``,
  ``bulk_create``, ``bulk_update``). Services need no call of their own; raw SQL on
  those tables must call ``touch(crew_ids)``;
- the *catalogue version*, replaced the same way when a card, pack or faction changes;
- the crew, campaign and league rows, every column, as the page loads them anyway (so
  their changes need no signal at all, even through ``QuerySet.update``);
- the *audience*: everything that depends on the viewer (whether they may edit, and the
  language the page is in).

The body is rendered from an explicit context, without the request or the user, so it
cannot show one viewer's view to another; the CSRF tokens in its forms are a
placeholder in the cache, filled per request. One cache entry per crew and audience
holds the latest body with what it was rendered with, so a view costs one round trip.
"""

from __future__ import annotations

import uuid

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db.models.signals import post_delete, post_init, post_save
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

# The version tokens and the queryset live below the models (``sheet_versions``); they
# are named here too, where the cache's readers and its tests look for them.
from campaign.sheet_versions import (
    CATALOGUE_KEY,
    TOKEN_SECONDS,
    WATCHED,
    SheetRowsQuerySet,  # noqa: F401 (re-exported)
    crews_of_rows,
    touch,
    touch_catalogue,
    version_key,
)

BODY_TEMPLATE = "campaign/_sheet_body.html"
BODY_SECONDS = 24 * 3600
CSRF_PLACEHOLDER = "csrf-token-placeholder-0a9f3c"
# Tests set this: every hit is compared with a fresh render (StaleSheet when they differ).
CHECK_HITS = False
# A process-local cache cannot hear the writes of another gunicorn worker, so production
# caches sheets only in a shared cache (Redis); the embedded default runs in one process.
# The sheet benchmark sets this when it runs production settings without Redis.
ALLOW_PROCESS_LOCAL = False


def enabled() -> bool:
    local = settings.CACHES["default"]["BACKEND"].endswith("LocMemCache")
    return not (local and getattr(settings, "PRODUCTION", False)) or ALLOW_PROCESS_LOCAL


class StaleSheet(AssertionError):
    """A cached sheet differs from a fresh render: some write did not replace the version."""


#: Shown on every sheet that uses them: a change replaces the catalogue version.
CATALOGUE = ("catalogue.ContentPack", "catalogue.ModelCard", "catalogue.UpgradeCard",
             "catalogue.Faction")
#: User columns that change without changing what a sheet shows (every login writes one).
_UNSHOWN_USER_COLUMNS = {"last_login", "password"}


def _remember_crew(sender, instance, **_kwargs) -> None:
    # The crew a row was loaded with: a row moved to another crew changes both sheets.
    instance._sheet_loaded_crew = instance.__dict__.get("crew_id")


def _row_changed(sender, instance, **_kwargs) -> None:
    crews = crews_of_rows(sender, [instance])
    crews.add(getattr(instance, "_sheet_loaded_crew", None))
    touch(crews)


def _card_changed(sender, instance, **_kwargs) -> None:
    touch_catalogue()


def _player_changed(sender, instance, update_fields=None, **_kwargs) -> None:
    if update_fields and set(update_fields) <= _UNSHOWN_USER_COLUMNS:
        return
    from campaign.models import Crew

    touch(Crew.objects.filter(player=instance).values_list("pk", flat=True))


def connect() -> None:
    """Called once from ``CampaignConfig.ready``."""
    for label in WATCHED:
        model = apps.get_model(label)
        post_init.connect(_remember_crew, sender=model, dispatch_uid=f"sheet-init-{label}")
        post_save.connect(_row_changed, sender=model, dispatch_uid=f"sheet-save-{label}")
        post_delete.connect(_row_changed, sender=model, dispatch_uid=f"sheet-del-{label}")
    for label in CATALOGUE:
        model = apps.get_model(label)
        post_save.connect(_card_changed, sender=model, dispatch_uid=f"sheet-save-{label}")
        post_delete.connect(_card_changed, sender=model, dispatch_uid=f"sheet-del-{label}")
    post_save.connect(_player_changed, sender=settings.AUTH_USER_MODEL,
                      dispatch_uid="sheet-save-player")


def _rows(crew) -> tuple:
    """The crew, campaign and league rows as loaded, every column."""
    return tuple(
        tuple(getattr(row, f.attname) for f in row._meta.concrete_fields)
        for row in (crew, crew.campaign, crew.campaign.league))


def _lookup(crew, audience: str) -> tuple[tuple, str | None]:
    """What a body for this crew and audience must have been rendered with, and the cached
    body when it was: one cache round trip."""
    crew_key, body_key = version_key(crew.pk), f"sheet:body:{crew.pk}:{audience}"
    found = cache.get_many([crew_key, CATALOGUE_KEY, body_key])
    for key in (crew_key, CATALOGUE_KEY):
        if key not in found:  # first use, or evicted: any new token is a new version
            token = uuid.uuid4().hex
            found[key] = token if cache.add(key, token, TOKEN_SECONDS) else cache.get(key, token)
    made_with = (found[crew_key], found[CATALOGUE_KEY], _rows(crew), audience)
    stored = found.get(body_key)
    return made_with, stored[1] if stored and stored[0] == made_with else None


def render_body(crew, *, can_edit: bool) -> str:
    """The body as a fresh render (a cache miss, or a check of a hit)."""
    from campaign.selectors import arsenal_sheet, crew_queryset
    from catalogue.models import Station

    crew = crew_queryset().get(pk=crew.pk)  # with the player, faction and leader it shows
    sheet = arsenal_sheet(crew)
    return render_to_string(BODY_TEMPLATE, {
        "crew": crew, "campaign": crew.campaign, "sheet": sheet, "can_edit": can_edit,
        "move_targets": [m.row for m in sheet.models
                         if m.row.station in (Station.MASTER, Station.HENCHMAN,
                                              Station.ENFORCER)],
        "csrf_token": CSRF_PLACEHOLDER,
    })


def sheet_body(request, crew, *, can_edit: bool) -> SafeString:
    """The sheet's body for this viewer, from the cache when nothing it shows changed.

    ``crew`` comes with its campaign and league (``selectors.sheet_crew_queryset``)."""
    audience = f"{'edit' if can_edit else 'view'}:{translation.get_language()}"
    made_with, html = _lookup(crew, audience) if enabled() else (None, None)
    if html is None:
        html = render_body(crew, can_edit=can_edit)
        if made_with is not None:
            cache.set(f"sheet:body:{crew.pk}:{audience}", (made_with, html), BODY_SECONDS)
    elif CHECK_HITS and html != (fresh := render_body(crew, can_edit=can_edit)):
        raise StaleSheet(f"The cached sheet of crew {crew.pk} is stale:\n{html}\n---\n{fresh}")
    if can_edit:
        html = html.replace(CSRF_PLACEHOLDER, get_token(request))
    return mark_safe(html)  # rendered (and escaped) by the template engine
