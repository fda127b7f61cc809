"""``{% auto_resolve_panel game %}``: the auto-resolve part of the game page, read through
``autoresolve.selectors.panel`` (two queries, none when the campaign never auto-resolves)."""

from django import template

from autoresolve import selectors

register = template.Library()


@register.inclusion_tag("autoresolve/_panel_slot.html", takes_context=True)
def auto_resolve_panel(context, game):
    request = context["request"]
    return {"game": game, "panel": selectors.panel(game, request.user), "request": request,
            "csrf_token": context.get("csrf_token")}


@register.inclusion_tag("autoresolve/_mal_panel.html", takes_context=True)
def mal_auto_resolve_panel(context, match):
    """The auto-resolve part of a Malediction match page (``autoresolve.mal_selectors``)."""
    from autoresolve import mal_selectors

    request = context["request"]
    return {"match": match, "panel": mal_selectors.panel(match, request.user),
            "request": request, "csrf_token": context.get("csrf_token")}
