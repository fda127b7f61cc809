"""How many Barter flips a crew makes after a game, and why: one, one more for 3 or more
Strategy VP, then the extras the book grants elsewhere (Hide Out Fortifications such as
Hootenanny, Deep Pockets on a model still in play at the end, New Tools for each of the
crew's Upgrades annihilated during the game, one for each Red Joker the Lonely Traveler
gave the crew's models). Read by the automatic part of the Aftermath, which records the
reasons beside the total (once: it runs once per crew and game).
"""

from __future__ import annotations

from aftermath.facts import SideFacts
from aftermath.models import Aftermath
from campaign.models import ArsenalEvent, ArsenalUpgrade, Crew
from campaign.services import hideouts
from rules.engine import aftermath as rules

DEEP_POCKETS = "deep-pockets"
NEW_TOOLS = "new-tools"
#: The reason the Lonely Traveler's Red Joker gives (kept in ``Aftermath.state``).
LONELY_TRAVELER = "the Lonely Traveler"


def standing(aftermath: Aftermath, facts: SideFacts) -> list[int]:
    """The crew's models that played and were still in play at the end (none after a
    Strategic Withdraw: the crew left the table)."""
    if facts.withdrew_on_turn is not None:
        return []
    killed = {k.get("victim") for k in aftermath.game.record.get("kills") or ()}
    return [m for m in facts.played if m not in killed]


def deep_pockets(aftermath: Aftermath, facts: SideFacts) -> list[ArsenalUpgrade]:
    """Deep Pockets on a model still standing: 1 Scrip and one more Barter flip each."""
    return list(ArsenalUpgrade.objects.filter(
        crew_id=aftermath.crew_id, table_key=DEEP_POCKETS, status=ArsenalUpgrade.Status.ACTIVE,
        attached_to__in=standing(aftermath, facts)).order_by("id"))


def annihilated_in_game(crew: Crew, game_id: int) -> int:
    """The crew's Upgrades used up (annihilated) during the game, as the tracker
    recorded them (``campaign.services.one_use``)."""
    return ArsenalEvent.objects.filter(crew=crew, kind=ArsenalEvent.Kind.ANNIHILATED,
                                       detail__used_in_game=game_id).count()


def barter_flips(aftermath: Aftermath, crew: Crew, facts: SideFacts
                 ) -> tuple[int, list[tuple[int, str]]]:
    """The total and the extra flips by reason; a crew that withdrew early makes none."""
    if facts.early_withdraw:
        return 0, []
    effects = hideouts.fortification_effects(crew)
    extras = [(effects.get("extra_barter_flips", 0), "the Hide Out"),
              (len(deep_pockets(aftermath, facts)), "Deep Pockets")]
    if NEW_TOOLS in hideouts.owned_keys(crew):
        extras.append((annihilated_in_game(crew, aftermath.game_id), "New Tools"))
    extras.append((facts.traveler_barter_flips, LONELY_TRAVELER))
    extras = [(n, why) for n, why in extras if n]
    total = rules.barter_flip_count(facts.strategy_vp, extra=sum(n for n, _ in extras))
    return total, extras
