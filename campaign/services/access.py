"""Who may read and change campaigns and crews (pages, API and services ask here)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

from league import permissions as league_permissions


def can_manage_campaign(user, campaign) -> bool:
    return league_permissions.can_manage_league(user, campaign.league)


def can_view_campaign(user, campaign) -> bool:
    if campaign.visibility == campaign.Visibility.PUBLIC:
        return True
    return league_permissions.is_member(user, campaign.league)


def can_edit_crew(user, crew) -> bool:
    """The crew's player, or the campaign's organizers (to fix mistakes at the table)."""
    if not user.is_authenticated:
        return False
    return crew.player_id == user.pk or can_manage_campaign(user, crew.campaign)


def require_campaign_manager(user, campaign) -> None:
    if not can_manage_campaign(user, campaign):
        raise PermissionDenied(gettext("Only the league's admins and organizers may do this."))


def require_crew_editor(user, crew) -> None:
    from campaign.services import audit

    if audit.rules_acting():
        return
    if not can_edit_crew(user, crew):
        raise PermissionDenied(
            gettext("Only the crew's player (or an organizer) may change this crew.")
        )
