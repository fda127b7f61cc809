"""The history table's cells, built in Python: a template loop over 200 crews by 12 weeks
(2,400 cells, each number localized) took longer than computing the whole history."""

from django import template
from django.utils.safestring import SafeString, mark_safe

from standings.compute import CrewHistory

register = template.Library()


@register.filter
def history_cells(crew: CrewHistory) -> SafeString:
    """One ``<td>`` per week: "position · scrip" (integers only, so nothing to escape)."""
    return mark_safe("".join(  # int() leaves no markup to escape
        f'<td class="num">{int(position)} · {int(scrip)}</td>' for position, scrip in crew.rows))
