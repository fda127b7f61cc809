"""Small filters for showing probabilities."""

from django import template

from rules.engine.duels import DUEL_POLICIES
from rules.engine.ruleset import RULESETS

register = template.Library()

SEVERITY_LABELS = {
    "none": "No damage",
    "weak": "Weak",
    "moderate": "Moderate",
    "severe": "Severe",
    "red_joker": "Red Joker (severe + weak)",
}


@register.filter
def pct(value) -> str:
    """0.4567 -> '45.7%'; None -> '—'."""
    if value is None:
        return "—"
    return f"{float(value) * 100:.1f}%"


@register.filter
def get(mapping, key):
    return None if mapping is None else mapping.get(key)


@register.filter
def severity_label(name: str) -> str:
    return SEVERITY_LABELS.get(name, name)


@register.filter
def bar_width(value, distribution) -> float:
    """Width of a bar relative to the largest value in the distribution."""
    peak = max(distribution.values()) if distribution else 0
    return round(100 * float(value) / peak, 1) if peak else 0


@register.filter
def ruleset_name(key: str) -> str:
    ruleset = RULESETS.get(key)
    return ruleset.name if ruleset else str(key)


@register.filter
def policy_label(key: str) -> str:
    return DUEL_POLICIES.get(key, str(key))
