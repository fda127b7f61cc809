"""Every route of the site, generated: API operations from the OpenAPI schema, pages from
the URL configuration; and how to fill a route's path from the test world.

Used by the permission matrix, the secrets walk and the fuzzing, so a route added later is
walked by all three without a hand-kept list (a route this module cannot fill fails the
tests that need it, naming the route and its parameter).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache

from django.core.serializers.json import DjangoJSONEncoder
from django.urls import URLPattern, URLResolver, get_resolver, resolve

WRITE_METHODS = ("post", "put", "patch", "delete")
SKIPPED_PAGE_PREFIXES = ("api/", "admin/")


@dataclass(frozen=True)
class Route:
    key: str  # "POST /api/games/{id}/hire/" for the API, "encounters:hire" for a page
    method: str  # lower case
    path: str  # the path template: {name} (API) or <conv:name> (pages)
    view_name: str
    params: tuple[str, ...]
    is_api: bool


@cache
def openapi_schema() -> dict:
    from drf_spectacular.generators import SchemaGenerator

    raw = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(json.dumps(raw, cls=DjangoJSONEncoder))


def view_name_of(path: str) -> str:
    """The URL name an API schema path resolves to."""
    sample = re.sub(r"\{(\w+)\}", lambda m: "slug" if "slug" in m.group(1) else "1", path)
    return resolve(sample).view_name


def api_operations(methods=("get", *WRITE_METHODS)) -> list[Route]:
    routes = []
    for path, item in openapi_schema()["paths"].items():
        for method in item:
            if method in methods:
                routes.append(Route(f"{method.upper()} {path}", method, path, view_name_of(path),
                                    tuple(re.findall(r"\{(\w+)\}", path)), True))
    return routes


def _walk(resolver=None, prefix="", namespace=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = namespace + (f"{entry.namespace}:" if entry.namespace else "")
            yield from _walk(entry, prefix + str(entry.pattern), inner)
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), namespace + (entry.name or ""), entry


def page_routes() -> list[Route]:
    """Every page (everything outside /api/ and /admin/), keyed by its URL name."""
    routes = []
    for path, name, entry in _walk():
        if path.startswith(SKIPPED_PAGE_PREFIXES) or not name:
            continue
        params = tuple(entry.pattern.regex.groupindex)
        routes.append(Route(name, "post", path, name, params, False))
    return routes


def fill(route: Route, values: dict) -> str:
    """The route's path with its parameters from ``values`` (name -> value)."""
    from django.urls import reverse

    missing = [p for p in route.params if p not in values]
    if missing:
        raise KeyError(f"{route.key}: no value for {', '.join(missing)}")
    if route.is_api:
        return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), route.path)
    return reverse(route.view_name, kwargs={p: values[p] for p in route.params})


def values_for(route: Route, world) -> dict:
    """Path values for a route, chosen from the world by what the route is about."""
    from notifications.tokens import unsubscribe_token

    w = world
    crew, game = w.crew, w.game
    name = route.view_name
    if name.startswith("malediction"):
        from tests.edges import malediction_world

        return malediction_world.values(name, w.extra["malediction"])
    if name.startswith("autoresolve:mal-"):
        from tests.edges import malediction_world

        return malediction_world.autoresolve_values(name, w.extra["malediction"])
    scheme = w.extra["alpha_choice"]
    casualty = w.extra.get("casualty")
    note = w.extra["notification"]
    run, prediction = w.extra["resolve_run"], w.extra["prediction"]
    by_area = [  # the first area whose prefix the route name has gives its values
        (("autoresolve:run", "autoresolve:withdraw", "autoresolve:replay", "resolve-run"),
         {"pk": run.pk, "id": run.pk}),
        (("autoresolve:prediction", "prediction"), {"pk": prediction.pk, "id": prediction.pk}),
        (("autoresolve:",), {"pk": game.pk}),
        (("aftermath",), {"pk": w.aftermath.pk, "id": w.aftermath.pk, "action": "barter-flip"}),
        (("series", "encounters:series"), {"pk": w.series.pk, "id": w.series.pk}),
        (("game", "encounters:"), {"pk": game.pk, "id": game.pk, "scheme_id": scheme.pk,
                                   "casualty_id": casualty.pk if casualty else 0,
                                   "note_id": w.extra["bounty_note"].pk,
                                   "campaign_id": w.campaign.pk}),
        (("notification",), {"pk": note.pk, "id": note.pk,
                             "token": unsubscribe_token(note.user_id, note.kind)}),
        (("crew", "campaign:crew", "campaign:build", "campaign:hire", "campaign:add-master",
          "campaign:start-anew", "campaign:upgrade-move", "campaign:cards", "campaign:catch-up",
          "campaign:roster-pdf", "campaign:trade-scrip", "campaign:trade-equipment",
          "campaign:hide-out"),
         {"pk": crew.pk, "id": crew.pk,
          "upgrade_pk": crew.upgrades.filter(kind="upgrade").first().pk}),
        (("night",), {"pk": w.night.pk, "id": w.night.pk, "campaign_pk": w.campaign.pk,
                      "crew_pk": crew.pk}),
        (("campaign-exports", "export", "archive-import"), {"pk": w.export_job.pk,
                                                            "id": w.export_job.pk,
                                                            "campaign_pk": w.campaign.pk}),
        (("flip",), {"pk": w.flip.pk, "id": w.flip.pk}),
        (("catalogue",), {"slug": w.pack.slug, "pack": w.pack.slug,
                          "id": w.pack.models.first().pk}),
        (("league",), {"slug": w.league.slug, "member_id": w.join_request.pk,
                       "invitation_id": w.invitation.pk, "token": w.invitation.token}),
        (("campaign", "standings"), {"pk": w.campaign.pk, "id": w.campaign.pk,
                                     "campaign_pk": w.campaign.pk, "number": 1,
                                     "league_slug": w.league.slug, "fmt": "csv"}),
        (("rules:",), {"key": "injuries"}),
    ]
    for prefixes, found in by_area:
        if name.startswith(prefixes):
            values = dict(found)
            break
    else:
        values = {}
    if name in ("league-role", "league-remove"):
        values["member_id"] = w.member_row.pk  # an active member (decide takes the request)
    if name.startswith("league:"):
        values["pk"] = {"league:revoke": w.invitation.pk,
                        "league:decide": w.join_request.pk}.get(name, w.member_row.pk)
    if name == "exports:start":
        values["pk"] = w.campaign.pk  # the campaign to export (the other routes: the job)
    if name in ("catalogue:model", "catalogue:model-effects"):
        values["slug"] = w.pack.models.first().slug
    if name == "password_reset_confirm":
        values.update(uidb64="MQ", token="set-password")
    if name == "signup-activate":
        values.update(uidb64="MQ", token="not-a-token")
    return values
