"""An outsider's write is refused with 403, whatever its body.

Why: a write to one object (a campaign, a crew, a game, a night, a league's members...)
that answered an outsider with 400 and field errors told them about the object and its
rules before telling them they may not write there at all. The views check who may write
in their services, after reading the body; rather than reorder every view, the API's
exception handler (``config.api``) asks ``refused_outsider`` before answering a 400 to an
unsafe request: when the object named in the path belongs to a league the user is not an
active member of (site staff always are), the answer is the 403 instead. A viewset
names the actions meant for outsiders (asking to join a league) in ``outsider_actions``.

The game and series actions go further and check the player (or organizer) before
reading the body (``encounters.api.common.GameActions``).
"""

from __future__ import annotations

from django.utils.translation import gettext
from rest_framework.exceptions import PermissionDenied

#: How a model reaches its league, tried in order (the first path the model has).
LEAGUE_PATHS = ("league", "campaign__league", "crew__campaign__league",
                "game__campaign__league", "side__game__campaign__league",
                "event__league", "match__event__league")  # the last two: Malediction
UNSAFE = ("POST", "PUT", "PATCH", "DELETE")


def _has_path(model, path: str) -> bool:
    for name in path.split("__"):
        try:
            field = model._meta.get_field(name)
        except Exception:  # FieldDoesNotExist
            return False
        if not field.is_relation:
            return False
        model = field.related_model
    return True


def league_of(view) -> int | None:
    """The id of the league the object named in the view's path belongs to, or None
    (no object in the path, no league behind it, or no such object)."""
    from campaign.models import Campaign
    from league.models import League

    kwargs = getattr(view, "kwargs", None) or {}
    if "campaign_pk" in kwargs:
        return Campaign.objects.filter(pk=kwargs["campaign_pk"]).values_list(
            "league_id", flat=True).first()
    field = getattr(view, "lookup_field", "pk")
    value = kwargs.get(getattr(view, "lookup_url_kwarg", None) or field)
    queryset = getattr(view, "queryset", None)
    model = getattr(queryset, "model", None)
    if model is None and hasattr(view, "get_queryset"):
        try:
            model = view.get_queryset().model
        except Exception:  # a view that cannot list without more context: no answer
            return None
    if value is None or model is None:
        return None
    rows = model._base_manager.filter(**{field: value})
    if model is League:
        return rows.values_list("pk", flat=True).first()
    path = next((p for p in LEAGUE_PATHS if _has_path(model, p)), None)
    return rows.values_list(path, flat=True).first() if path else None


def refused_outsider(request, view) -> PermissionDenied | None:
    """The 403 an outsider gets instead of a 400 for a write to a league's object."""
    user = getattr(request, "user", None)
    if request is None or request.method not in UNSAFE or user is None \
            or not user.is_authenticated or user.is_staff:
        return None
    if getattr(view, "action", None) in getattr(view, "outsider_actions", ()):
        return None  # a write meant for outsiders (asking to join the league)
    league_id = league_of(view)
    if league_id is None:
        return None
    from league.models import Membership

    if Membership.objects.filter(league_id=league_id, user=user,
                                 status=Membership.Status.ACTIVE).exists():
        return None
    return PermissionDenied(gettext("Only the league's members may do this."))
