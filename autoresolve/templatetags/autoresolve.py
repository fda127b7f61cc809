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
