"""API-wide behaviour: every error is JSON, and bad input is a 400, never a 500.

Bodies are capped and JSON nesting bounded by ``config.parsers`` (413 and 400).
The rules engine raises ``RulesError`` (a ``ValueError``) for requests that break a rule
of the game; Django raises ``ValidationError`` from model validation. Both reach the
client as a 400 with messages keyed by field (``non_field_errors`` when no field applies),
except to an outsider writing to a league's object, who gets the 403 (``config.outsiders``).
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from rules.engine.errors import RulesError


def _user_errors():
    """Domain errors whose message is meant for the user (imported late: apps load first)."""
    from campaign.lifecycle import IllegalTransition
    from campaign.services.errors import CampaignError
    from encounters.services.common import EncounterError
    from league.services import LeagueError
    from rules.engine.hiring import HiringRefused

    return (RulesError, LeagueError, CampaignError, HiringRefused, EncounterError,
            IllegalTransition)


def exception_handler(exc, context):
    from accounts.authentication import TokenRefused

    if isinstance(exc, TokenRefused):  # DRF made it a 403 (the session has no challenge)
        exc.status_code, exc.auth_header = TokenRefused.status_code, TokenRefused.auth_header
    response = _answer(exc, context)
    if response is not None and response.status_code == status.HTTP_400_BAD_REQUEST:
        from config.outsiders import refused_outsider

        refusal = refused_outsider(context.get("request"), context.get("view"))
        if refusal is not None:  # an outsider learns that, not what the body lacked
            return drf_exception_handler(refusal, context)
    return response


def _answer(exc, context):
    from rules.engine.hiring import HiringRefused

    if isinstance(exc, HiringRefused):
        return Response({"non_field_errors": exc.reasons}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, _user_errors()):
        return Response({"non_field_errors": [str(exc)]}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):  # a form-encoded body over Django's cap
        from config.parsers import body_limit, too_large

        exc = too_large(body_limit(context.get("view")))
        return Response({"detail": exc.detail}, status=exc.status_code)
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "message_dict"):
            body = {
                ("non_field_errors" if key == "__all__" else key): value
                for key, value in exc.message_dict.items()
            }
        else:
            body = {"non_field_errors": exc.messages}
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    return drf_exception_handler(exc, context)
