"""``{{ step.phase|step_phase }}``: the phase an Aftermath step belongs to, named in the
reader's language (steps store a code: the automatic Payday and hand have no
``Aftermath.Phase``)."""

from django import template
from django.utils.translation import gettext_lazy

register = template.Library()

STEP_PHASES = {
    "payday": gettext_lazy("Payday"), "hand": gettext_lazy("Hand"),
    "bounty": gettext_lazy("Bounty"), "barter": gettext_lazy("Barter"),
    "reward": gettext_lazy("Reward"), "injuries": gettext_lazy("Injuries"),
    "extras": gettext_lazy("Extras"),
}


@register.filter
def step_phase(code) -> str:
    return str(STEP_PHASES.get(code, str(code).capitalize()))
