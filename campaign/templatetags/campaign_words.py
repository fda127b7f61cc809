"""Campaign words stored as codes or table English, shown in the reader's language:
``{{ model.station|station }}`` ("henchman" -> Henchman) and ``{{ upgrade.type|upgrade_type }}``
(a Campaign Upgrade's "Skill" or "Equipment")."""

from django import template
from django.utils.translation import gettext_lazy

from catalogue.models import Station

register = template.Library()

UPGRADE_TYPES = {"Skill": gettext_lazy("Skill"), "Equipment": gettext_lazy("Equipment")}


@register.filter
def station(code) -> str:
    """A station code as its name; an unknown code as it is."""
    try:
        return str(Station(code).label)
    except ValueError:
        return code


@register.filter
def upgrade_type(kind) -> str:
    return str(UPGRADE_TYPES.get(kind, kind))
