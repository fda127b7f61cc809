"""War bands from the catalogue: for any Seeker of the card packs, the band a player
would take to try the faction (its Legacy, its pack's first terrain card, and the units
of its sigils at their copy limits, up to the largest deck). Nobody owns them, so a
matchup prediction may use them without reading anyone's list."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from malediction.models import Card, Kind
from rules.engine.malediction.cards import COPY_LIMITS
from rules.engine.malediction.modes import DECK_MAX

LIMITS = {rank.value: n for rank, n in COPY_LIMITS.items()}


@dataclass(frozen=True)
class CatalogueBand:
    """Shaped as a registered war band where a prediction reads one."""

    name: str
    seeker: Card
    legacy: Card | None
    terrain: Card | None
    deck: list[tuple[Card, int]]
    side: list[tuple[Card, int]] = field(default_factory=list)


def seekers():
    """The Seekers a catalogue band may be built around, by pack and name."""
    return Card.objects.filter(kind=Kind.SEEKER).select_related("pack").order_by(
        "pack__name", "name", "id")


def catalogue_band(seeker: Card) -> CatalogueBand:
    cards = list(Card.objects.filter(pack_id=seeker.pack_id).order_by("name", "id"))
    sigils = set(seeker.sigils or [])
    deck, size = [], 0
    for card in cards:
        if card.kind != Kind.UNIT or not card.sigils or not set(card.sigils) <= sigils:
            continue
        count = min(LIMITS.get(card.rank, 0), DECK_MAX - size)
        if count > 0:
            deck.append((card, count))
            size += count
    legacy = next((c for c in cards if c.kind == Kind.LEGACY and c.seeker_id == seeker.pk),
                  None)
    terrain = next((c for c in cards if c.kind == Kind.TERRAIN), None)
    return CatalogueBand(name=_("%(seeker)s (catalogue)") % {"seeker": seeker.name},
                         seeker=seeker, legacy=legacy, terrain=terrain, deck=deck)
