"""Finished Off reflips that Hide Out Fortifications give (the campaign book's Saloon,
Mausoleum and Guild Outpost). They happen at the table, so the tracker offers them on a
settled Finished Off flip and records the reflip beside the first flip:

- Grizzled Bartender: the crew reflips its own models' flips, twice per game.
- Tasteful Dirge: a friendly model that fell in the crew's Deployment Zone reflips (the
  tracker knows no positions: the controller says so when asking); no limit per game.
- Gallows: once per game, any Finished Off flip of the game, friendly or enemy.

One reflip per flip, never after a card was cheated in (reflips come before cheating).
The reflip is a new recorded flip judged like the first one (same threshold, Bouncer's +
for the model's crew, cheating by the model's controller only, when allowed); the
casualty's result is replaced, so the game record and the Aftermath see the final card.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext, gettext_lazy, gettext_noop

from encounters.models import Casualty, Game, Side
from encounters.services import tracker
from encounters.services.common import EncounterError, lock_game, log, require_player
from rules.engine import campaign_game
from rules.engine.cards import Card
from rules.engine.errors import RulesError

BARTENDER, DIRGE, GALLOWS = "grizzled-bartender", "tasteful-dirge", "gallows"
SETTLED = (Casualty.FinishedOff.FINISHED, Casualty.FinishedOff.SPARED)


@dataclass(frozen=True)
class Reflip:
    """One Fortification's reflip: its uses per game (None: no limit) and whose flips."""

    key: str
    name: str  # English, as the log writes it; ``title`` is the reader's language
    per_game: int | None
    own_models_only: bool
    needs_zone: bool = False

    @property
    def title(self) -> str:
        return gettext(self.name)


REFLIPS = {
    BARTENDER: Reflip(BARTENDER, gettext_noop("Grizzled Bartender"), 2, True),
    DIRGE: Reflip(DIRGE, gettext_noop("Tasteful Dirge"), None, True, needs_zone=True),
    GALLOWS: Reflip(GALLOWS, gettext_noop("Gallows"), 1, False),
}


#: The ``source`` choices of the page's form and the API.
SOURCE_CHOICES = [(r.key, gettext_lazy(r.name)) for r in REFLIPS.values()]


@dataclass(frozen=True)
class Offer:
    """A reflip ``side`` may use on ``casualty`` now, with the uses left this game."""

    casualty: Casualty
    reflip: Reflip
    left: int | None

    @property
    def label(self) -> str:
        if self.left is None:
            return gettext("Reflip (%(name)s)") % {"name": self.reflip.title}
        return gettext("Reflip (%(name)s, %(left)s left)") % {"name": self.reflip.title,
                                                              "left": self.left}


def _owned(side: Side) -> set[str]:
    from campaign.services import hideouts

    return hideouts.owned_keys(side.crew) & set(REFLIPS) if side.crew_id else set()


def uses_left(game: Game, side: Side, reflip: Reflip) -> int | None:
    """What the per-game limit leaves, counted from the reflips recorded (None: no limit)."""
    if reflip.per_game is None:
        return None
    used = Casualty.objects.filter(game=game, reflipped_by=side, reflipped_with=reflip.key)
    return max(reflip.per_game - used.count(), 0)


def _flip_refusal(casualty: Casualty) -> str | None:
    """Why this casualty's flip cannot be reflipped by anyone, or None."""
    if casualty.finished_off not in SETTLED or casualty.flip_id is None:
        return gettext("Only a Finished Off flip that was made can be reflipped.")
    if casualty.reflip_id:
        return gettext("This Finished Off flip was already reflipped; a flip is reflipped "
                       "once.")
    if casualty.flip.cheated_in:
        return gettext("A cheated Finished Off flip cannot be reflipped: reflips come before "
                       "cheating.")
    return None


def _use_refusal(casualty: Casualty, side: Side, reflip: Reflip, left: int | None) -> str | None:
    """Why ``side`` may not use ``reflip`` (which its crew owns) on this casualty, or None."""
    if reflip.own_models_only and casualty.side_id != side.pk:
        return gettext("%(name)s reflips only your own models' flips.") % {"name": reflip.title}
    if left == 0:
        return gettext("%(name)s has no use left this game (%(count)s per game).") % {
            "name": reflip.title, "count": reflip.per_game}
    return None


def offers(game: Game, side: Side | None, casualties, *,
           owned: set[str] | None = None) -> list[Offer]:
    """The reflips ``side`` may use now, among ``casualties`` of ``game`` (the page's rows).
    ``owned``: the crew's Fortification keys when the caller has read them already."""
    if side is None or game.state != Game.State.IN_PLAY:
        return []
    owned = _owned(side) if owned is None else owned & set(REFLIPS)
    if not owned:
        return []
    left = {k: uses_left(game, side, REFLIPS[k]) for k in sorted(owned)}
    found = []
    for casualty in casualties:
        if _flip_refusal(casualty):
            continue
        found += [Offer(casualty, REFLIPS[k], left[k]) for k in sorted(owned)
                  if not _use_refusal(casualty, side, REFLIPS[k], left[k])]
    return found


def _cheat_refusal(game: Game, casualty: Casualty, side: Side) -> str | None:
    """The first flip's cheating rules, and only the model's controller cheats."""
    if casualty.side_id != side.pk:
        return gettext("Only the model's controller may cheat its Finished Off flip.")
    if game.campaign_id and game.campaign.unavoidable_injury:
        return gettext("Finished Off flips may not be cheated in this campaign "
                       "(Unavoidable Injury).")
    if "finished_off_cannot_be_cheated" in tracker._event_flags(game):
        return gettext("Nobody may cheat a Finished Off flip this week (A Bad Moon Rises).")
    return None


@transaction.atomic
def reflip_finished_off(*, casualty: Casualty, actor, source: str, table_card: str | None = None,
                        cheated_in: str | None = None,
                        in_deployment_zone: bool = False) -> Casualty:
    """Reflip a settled Finished Off flip with the Fortification ``source``; the casualty's
    result follows the new card. Refusals raise EncounterError and write nothing."""
    game = lock_game(casualty.game_id)
    casualty = (Casualty.objects.select_for_update(of=("self",))
                .select_related("side", "model", "flip").get(pk=casualty.pk))
    side = Side.objects.select_for_update(of=("self",)).select_related("crew").get(
        pk=require_player(actor, game).pk)
    tracker._require_in_play(game)
    reflip = REFLIPS.get(source)
    if reflip is None:
        raise EncounterError(gettext("Choose a Fortification that reflips Finished Off flips: "
                                     "Grizzled Bartender, Tasteful Dirge or Gallows."))
    refusal = _flip_refusal(casualty)
    if refusal is None and source not in _owned(side):
        refusal = gettext("Your crew has no %(name)s.") % {"name": reflip.title}
    refusal = refusal or _use_refusal(casualty, side, reflip, uses_left(game, side, reflip))
    if refusal is None and reflip.needs_zone and not in_deployment_zone:
        refusal = gettext("%(name)s reflips only a model killed or sacrificed in your "
                          "Deployment Zone: say that it fell there.") % {"name": reflip.title}
    if refusal is None and cheated_in:
        refusal = _cheat_refusal(game, casualty, side)
    if refusal:
        raise EncounterError(refusal)
    return _reflip(game, casualty, side, reflip, actor, table_card, cheated_in)


def _reflip(game: Game, casualty: Casualty, side: Side, reflip: Reflip, actor,
            table_card: str | None, cheated_in: str | None) -> Casualty:
    bouncer = tracker._has_bouncer(casualty.side)
    try:
        record = tracker._flip(game, f"Finished Off reflip ({reflip.key}): {casualty.model}",
                               actor, table_card=table_card, cheated_in=cheated_in,
                               subject=casualty, positive=int(bouncer),
                               chooser=campaign_game.keep_for_finished_off)
        result = campaign_game.finished_off(Card.parse(record.final),
                                            threshold=casualty.threshold,
                                            may_cheat=True, cheated=bool(cheated_in))
    except RulesError as exc:
        raise EncounterError(str(exc)) from exc
    casualty.reflip, casualty.reflipped_with, casualty.reflipped_by = record, reflip.key, side
    casualty.finished_off = (Casualty.FinishedOff.FINISHED if result.needs_injury_flip
                             else Casualty.FinishedOff.SPARED)
    casualty.save(update_fields=["reflip", "reflipped_with", "reflipped_by", "finished_off"])
    log(game, f"Side {side.key} reflipped {casualty.model}'s Finished Off flip "
        f"({casualty.flip.final}) with {reflip.name}: flipped "
        f"{record.final}" + (" (Bouncer: +)" if bouncer else "")
        + f": {casualty.get_finished_off_display()}", actor=actor, side=side.key)
    return casualty
