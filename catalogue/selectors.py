"""Read-side queries of the catalogue, shared by the pages and the API.

Every queryset here fetches what list pages and serializers read (pack, factions) in a
fixed number of queries, however many cards there are.
"""

from __future__ import annotations

from itertools import combinations

from django.db.models import Exists, OuterRef, Q, QuerySet

from catalogue.models import ContentPack, ModelCard, UpgradeCard
from catalogue.schema import LEADER_STATIONS, UPGRADE_STATIONS


def packs() -> QuerySet[ContentPack]:
    return ContentPack.objects.order_by("name")


def model_cards(
    *, pack: str = "", faction: str = "", station: str = "", search: str = ""
) -> QuerySet[ModelCard]:
    """Stat cards filtered by pack slug, faction code, station and a name search."""
    cards = ModelCard.objects.select_related("pack").prefetch_related("factions")
    if pack:
        cards = cards.filter(pack__slug=pack)
    if faction:
        cards = cards.filter(_has_faction(ModelCard, faction))
    if station:
        cards = cards.filter(station=station)
    if search:
        cards = cards.filter(name__icontains=search.strip())
    return cards.order_by("name", "pack__name", "pk")


def upgrade_cards(
    *, pack: str = "", faction: str = "", station: str = "", search: str = ""
) -> QuerySet[UpgradeCard]:
    """Upgrade cards; a faction filter keeps any-faction upgrades (they serve every faction),
    a station filter keeps upgrades that station may take."""
    cards = UpgradeCard.objects.select_related("pack").prefetch_related("factions")
    if pack:
        cards = cards.filter(pack__slug=pack)
    if faction:
        cards = cards.filter(_has_faction(UpgradeCard, faction) | ~_has_faction(UpgradeCard))
    if station:
        cards = cards.filter(stations__in=station_sets(station))
    if search:
        cards = cards.filter(name__icontains=search.strip())
    return cards.order_by("name", "pack__name", "pk")


def upgrades_for(card: ModelCard) -> QuerySet[UpgradeCard]:
    """Upgrades this model could be given at hiring, from any pack.

    The crew's declared faction decides an upgrade's faction, so a Mercenary (hired by
    anyone) sees every faction's upgrades. Restrictions to a Leader name stay in the list
    (they depend on the crew, not the model) and the page shows them.
    """
    if card.upgrade_slots == 0:
        return UpgradeCard.objects.none()
    upgrades = UpgradeCard.objects.select_related("pack").prefetch_related("factions")
    upgrades = upgrades.filter(stations__in=station_sets(card.station))
    upgrades = upgrades.filter(Q(model_name="") | Q(model_name=card.name))
    if card.station not in LEADER_STATIONS:
        upgrades = upgrades.filter(leader_only=False)
    if not card.is_mercenary:
        codes = [f.code for f in card.factions.all()]
        upgrades = upgrades.filter(
            Exists(_links(UpgradeCard).filter(faction__code__in=codes)) | ~_has_faction(UpgradeCard)
        )
    return upgrades.order_by("name", "pack__name", "pk")


def station_sets(station: str) -> list[list[str]]:
    """Every stored ``stations`` value that lets ``station`` take the upgrade.

    The importer stores stations in canonical order, so the few possible lists can be
    matched exactly; this works on every database (SQLite has no JSON ``contains``).
    """
    if station not in UPGRADE_STATIONS:
        return []
    sets: list[list[str]] = [[]]
    for size in range(1, len(UPGRADE_STATIONS) + 1):
        sets += [list(c) for c in combinations(UPGRADE_STATIONS, size) if station in c]
    return sets


def _links(model):
    through = model._meta.get_field("factions").remote_field.through
    column = model._meta.get_field("factions").m2m_field_name()
    return through.objects.filter(**{column: OuterRef("pk")})


def _has_faction(model, code: str | None = None) -> Exists:
    links = _links(model)
    if code is not None:
        links = links.filter(faction__code=code)
    return Exists(links)
